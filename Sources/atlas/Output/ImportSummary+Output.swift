import Foundation
import Importer
import JSONWriter
import Passport
import TravelLog

extension ImportSummary {
    /// "3 new countries: Japan, South Korea, Taiwan; 11 new regions; 58 new cities"
    var newPlacesLine: String {
        func count(_ n: Int, _ one: String, _ many: String) -> String { counted(n, "new " + one, "new " + many) }
        let countries = newPlaces.countries.values.sorted()
        var line = count(countries.count, "country", "countries")
        if !countries.isEmpty { line += ": " + countries.joined(separator: ", ") }
        line += "; " + count(newPlaces.regions.count, "region", "regions")
        line += "; " + count(newPlaces.cities.count, "city", "cities")
        let airports = newPlaces.airports.values.sorted()
        if !airports.isEmpty { line += "; " + count(airports.count, "airport", "airports") + ": " + airports.joined(separator: ", ") }
        return line
    }

    func text(database: String) -> String {
        var lines: [String] = []
        let verb = dryRun ? "Would import" : (interrupted ? "Interrupted import of" : "Imported")
        lines.append("\(verb) \(roots.joined(separator: ", ")) in \(String(format: "%.1f", seconds)) s\(dryRun ? " (dry run: nothing written)" : "")")
        lines.append("  photos seen       \(counts.seen - videos)")
        lines.append("  videos seen       \(videos)")
        lines.append("  with position     \(positioned)\(sourcesText.isEmpty ? "" : "  (" + sourcesText + ")")")
        lines.append("  without position  \(withoutPosition)")
        if sidecars > 0 || !orphanSidecars.isEmpty {
            lines.append("  sidecars          \(sidecars) beside their files\(orphanSidecars.isEmpty ? "" : ", \(orphanSidecars.count) without one")")
            let shown = 10
            for path in orphanSidecars.prefix(shown) { lines.append("    no file for     \(path)") }
            if orphanSidecars.count > shown { lines.append("    … and \(orphanSidecars.count - shown) more (--json lists them all)") }
        }
        if tracks > 0 {
            var line = "  tracks            \(counted(tracks, "file")), \(counted(trackPoints, "point"))"
            if placedByTrack > 0 {
                line += "; placed \(placedByTrack) this run"
                if placedWithTrackZone > 0 { line += " (\(placedWithTrackZone) without an offset: read in the time zone of the track's position)" }
            }
            lines.append(line)
        }
        if !histories.isEmpty {
            lines.append("  histories         \(counted(histories.count, "file")), \(counted(histories.reduce(0) { $0 + $1.points }, "point"))"
                         + (historyDays.map { "; \(counted($0, "day row")) built" } ?? ""))
            for h in histories { lines.append("    \(h.text)") }
        }
        lines.append("  other files       \(notImages) passed over")
        lines.append("  errors            \(counts.errors)")
        for (reason, n) in errorsByReason.sorted(by: { $0.key < $1.key }) { lines.append("    \(reason.padding(toLength: 20, withPad: " ", startingAt: 0)) \(n)") }
        lines.append("  new \(counts.added), changed \(counts.changed), unchanged \(counts.unchanged), moved \(counts.moved), missing \(counts.missing)")
        lines.append(newPlacesLine)
        let countries = visited.countries.values.sorted()
        lines.append("Visited so far: \(counted(countries.count, "country", "countries"))\(countries.isEmpty ? "" : " (" + countries.joined(separator: ", ") + ")"), "
                     + "\(counted(visited.regions.count, "region")), \(counted(visited.cities.count, "city", "cities")), \(counted(visited.airports.count, "airport"))")
        if !dryRun { lines.append("Travel log: \(database)") }
        return lines.joined(separator: "\n")
    }

    /// "Exif 120, video 4, XMP sidecar 2, track 3": positions by where they came from, the
    /// three video boxes counted together (`--json` has them apart).
    var sourcesText: String {
        var groups: [(String, Int)] = []
        for (label, prefixes) in [("Exif", ["exif"]), ("video", ["video-"]), ("XMP sidecar", ["xmp-sidecar"]), ("Takeout", ["takeout"]), ("track", ["track"])] {
            let n = positionsBySource.filter { source in prefixes.contains { source.key.hasPrefix($0) } }.values.reduce(0, +)
            if n > 0 { groups.append((label, n)) }
        }
        return groups.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }

    func json(database: String) -> JSONValue {
        func names(_ d: [String: String]) -> JSONValue {
            .array(d.sorted { $0.value == $1.value ? $0.key < $1.key : $0.value < $1.value }.map { .object([("id", .string($0.key)), ("name", .string($0.value))]) })
        }
        return .object([
            ("database", .string(database)),
            ("roots", .array(roots.map { .string($0) })),
            ("dry_run", .bool(dryRun)),
            ("interrupted", .bool(interrupted)),
            ("seconds", .number(seconds, digits: 3)),
            ("seen", .int(counts.seen)),
            ("photos", .int(counts.seen - videos)),
            ("videos", .int(videos)),
            ("with_position", .int(positioned)),
            ("positions_by_source", .object(positionsBySource.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("without_position", .int(withoutPosition)),
            ("sidecars", .int(sidecars)),
            ("orphan_sidecars", .array(orphanSidecars.map { .string($0) })),
            ("sidecar_errors", .array(sidecarErrors.map { .string($0) })),
            ("tracks", .int(tracks)),
            ("track_points", .int(trackPoints)),
            ("track_errors", .array(trackErrors.map { .string($0) })),
            ("histories", .array(histories.map(\.json))),
            ("placed_by_track", .int(placedByTrack)),
            ("placed_with_track_zone", .int(placedWithTrackZone)),
            ("errors", .int(counts.errors)),
            ("errors_by_reason", .object(errorsByReason.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
            ("read", .int(filesRead)),
            ("added", .int(counts.added)),
            ("changed", .int(counts.changed)),
            ("unchanged", .int(counts.unchanged)),
            ("moved", .int(counts.moved)),
            ("missing", .int(counts.missing)),
            ("not_images", .int(notImages)),
            ("new_countries", names(newPlaces.countries)),
            ("new_regions", names(newPlaces.regions)),
            ("new_cities", names(newPlaces.cities)),
            ("new_airports", names(newPlaces.airports)),
            ("summary", .string(newPlacesLine)),
            ("visited", .object([("countries", names(visited.countries)), ("regions", .int(visited.regions.count)), ("cities", .int(visited.cities.count)), ("airports", .int(visited.airports.count))])),
        ])
    }
}

extension ImportSummary.HistoryLine {
    /// `google-records  /t/Records.json: 3,352,114 points read, 3,351,980 kept, 0 already in another history, 2013-05-01 … 2024-03-30 UTC`
    var text: String {
        guard let format else { return "\(path): \(error ?? "unreadable")" }
        var line = "\(format)  \(path): \(grouped(pointsRead)) points read, \(grouped(points)) kept, \(grouped(duplicates)) already in another history"
        if visits + flights > 0 { line += ", \(counted(visits, "visit")), \(counted(flights, "flight"))" }
        if let first, let last { line += ", \(Self.day(first)) … \(Self.day(last)) UTC" }
        if !reread { line += " (unchanged)" }
        if let error { line += "; \(error)" }
        return line
    }

    var json: JSONValue {
        func instant(_ ms: Int64?) -> JSONValue { ms.map { .string(VisitPhoto.text(Int($0 / 1000)) + "Z") } ?? .null }
        return .object([
            ("path", .string(path)), ("format", format.map(JSONValue.string) ?? .null), ("read", .bool(reread)),
            ("points_read", .int(pointsRead)), ("points_kept", .int(points)), ("duplicates", .int(duplicates)),
            ("visits", .int(visits)), ("flights", .int(flights)), ("first", instant(first)), ("last", instant(last)),
            ("error", error.map(JSONValue.string) ?? .null),
        ])
    }

    private static func day(_ ms: Int64) -> String { String(VisitPhoto.text(Int(ms / 1000)).prefix(10)) }
}
