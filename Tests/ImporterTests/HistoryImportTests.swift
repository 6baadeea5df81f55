import Foundation
import SQLite
import SyntheticPhotos
import Testing
import TravelLog
@testable import Importer

/// Location histories through a whole import: one generated itinerary written in each format
/// gives the same days; a stay is a visit, a drive through a country and a flight are not; an
/// overlap of two exports counts once; photos without a position are placed; files that change,
/// vanish or break off.
@Suite struct HistoryImportTests {
    /// A fix of the itinerary: ms since 1970 UTC, degrees.
    struct Fix { let ms: Int64, lat: Double, lon: Double }

    static let start: Int64 = 1_714_550_400_000  // 2024-05-01T08:00:00Z
    static let minute: Int64 = 60_000

    /// Paris from 1 May 08:00Z to 3 May 18:00Z (a fix every 10 minutes, scattered 200 m as a
    /// phone's are), a drive to Amsterdam across Belgium by 22:00Z (every 2 minutes, 125 km/h),
    /// Amsterdam until 5 May 10:00Z, a flight to Lisbon over France and Spain (every 10
    /// minutes, 740 km/h), Lisbon from 12:40Z until 7 May 10:00Z.
    static let itinerary: [Fix] = {
        var fixes: [Fix] = []
        func stay(_ lat: Double, _ lon: Double, from: Int64, to: Int64) {
            var t = from, i = 0.0
            while t <= to {
                fixes.append(Fix(ms: t, lat: lat + 0.0015 * sin(i), lon: lon + 0.002 * cos(i * 1.3)))
                (t, i) = (t + 10 * minute, i + 1)
            }
        }
        func line(_ a: (Double, Double), _ b: (Double, Double), from: Int64, to: Int64, every step: Int64) {
            var t = from
            while t <= to {
                let f = Double(t - from) / Double(to - from)
                fixes.append(Fix(ms: t, lat: a.0 + (b.0 - a.0) * f, lon: a.1 + (b.1 - a.1) * f))
                t += step
            }
        }
        let (paris, amsterdam, lisbon) = ((48.8566, 2.3522), (52.3676, 4.9041), (38.7223, -9.1393))
        let hour = 60 * minute
        stay(paris.0, paris.1, from: start, to: start + 58 * hour)
        line(paris, amsterdam, from: start + 58 * hour + 2 * minute, to: start + 62 * hour, every: 2 * minute)
        stay(amsterdam.0, amsterdam.1, from: start + 62 * hour + 10 * minute, to: start + 98 * hour)
        line(amsterdam, lisbon, from: start + 98 * hour + 10 * minute, to: start + 100 * hour + 30 * minute, every: 10 * minute)
        stay(lisbon.0, lisbon.1, from: start + 100 * hour + 40 * minute, to: start + 146 * hour)
        return fixes
    }()

    static func iso(_ ms: Int64, offsetHours: Int = 0) -> String {
        let shown = Int(ms / 1000) + offsetHours * 3600
        let zone = offsetHours == 0 ? "Z" : String(format: "%+03d:00", offsetHours)
        return VisitPhoto.text(shown) + ".000" + zone
    }

    /// Takeout's `Records.json`, pretty-printed as Google writes it, E7 integers.
    static func records(_ fixes: [Fix] = itinerary) -> [UInt8] {
        let items = fixes.map { f in
            """
                {
                  "latitudeE7": \(Int((f.lat * 1e7).rounded())),
                  "longitudeE7": \(Int((f.lon * 1e7).rounded())),
                  "accuracy": 12,
                  "source": "WIFI",
                  "timestamp": "\(iso(f.ms))"
                }
            """
        }
        return Array("{\n  \"locations\": [\n\(items.joined(separator: ",\n"))\n  ]\n}\n".utf8)
    }

    /// The Android phone's `Timeline.json`: raw signals at six decimals, local times with offsets.
    static func timeline() -> [UInt8] {
        let items = itinerary.map { f in
            String(format: "{\"position\": {\"LatLng\": \"%.6f°, %.6f°\", \"accuracyMeters\": 12, \"timestamp\": \"%@\"}}", f.lat, f.lon, iso(f.ms, offsetHours: 2))
        }
        return Array("{\"semanticSegments\": [], \"rawSignals\": [\(items.joined(separator: ",\n"))]}".utf8)
    }

    /// An OwnTracks recorder file: `TIMESTAMP<TAB>TOPIC<TAB>JSON` lines.
    static func ownTracks() -> [UInt8] {
        Array(itinerary.map { f in
            String(format: "%@\t*                 \t{\"_type\":\"location\",\"lat\":%.7f,\"lon\":%.7f,\"tst\":%lld,\"acc\":12}\n",
                   String(iso(f.ms).prefix(19)) + "Z", f.lat, f.lon, f.ms / 1000)
        }.joined().utf8)
    }

    /// A GeoJSON FeatureCollection of points timed in epoch seconds.
    static func geoJSON() -> [UInt8] {
        let features = itinerary.map { f in
            String(format: "{\"type\":\"Feature\",\"geometry\":{\"type\":\"Point\",\"coordinates\":[%.7f,%.7f]},\"properties\":{\"timestamp\":%lld}}",
                   f.lon, f.lat, f.ms / 1000)
        }
        return Array("{\"type\":\"FeatureCollection\",\"features\":[\(features.joined(separator: ","))]}".utf8)
    }

    /// A GPX 1.1 track of the same fixes.
    static func gpx() -> [UInt8] {
        let points = itinerary.map { f in String(format: "<trkpt lat=\"%.7f\" lon=\"%.7f\"><time>%@</time></trkpt>", f.lat, f.lon, iso(f.ms)) }
        return Array("""
            <?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            \(points.joined(separator: "\n"))
            </trkseg></trk></gpx>
            """.utf8)
    }

    /// What a person reads of the days: date, status, country and city of each row.
    struct Day: Hashable, Comparable, CustomStringConvertible {
        let date: String, status: String, country: String, city: String
        static func < (a: Day, b: Day) -> Bool { (a.date, a.status, a.country, a.city) < (b.date, b.status, b.country, b.city) }
        var description: String { "\(date) \(status) \(country) \(city)" }
    }

    static func days(_ log: TravelLog) throws -> [Day] {
        Set(try log.historyDays().map { Day(date: $0.date ?? "", status: $0.status.rawValue, country: $0.country?.name ?? "", city: $0.city?.name ?? "") }).sorted()
    }

    @discardableResult
    static func importing(_ library: Library, tracks: [String] = [], rules: HistoryDays.Rules = .init(), rebuild: Bool = false) throws -> ImportSummary {
        var options = Importer.Options(roots: [LibraryWalker.canonical(library.root)!], jobs: 2, batchSize: 50, tracks: tracks)
        (options.historyRules, options.rebuildHistoryDays) = (rules, rebuild)
        return try Importer(log: TravelLog(path: library.database), finder: ImporterTests.finder, options: options).run()
    }

    @Test func aStayIsAVisitADriveThroughAndAFlightAreNot() throws {
        let library = try Library()
        try library.writeFile("Takeout/Location History/Records.json", Self.records())
        let summary = try Self.importing(library)
        #expect(summary.histories.count == 1 && summary.histories[0].format == "google-records")
        #expect(summary.histories[0].pointsRead == Self.itinerary.count && summary.histories[0].points == Self.itinerary.count)
        let log = try TravelLog(path: library.database)
        let visits = try log.visits()
        #expect(Set(visits[.country].map(\.id)) == ["country:FR", "country:NL", "country:PT"])
        #expect(Set(visits[.city].map(\.name)) == ["Paris", "Amsterdam", "Lisbon"])
        let days = try Self.days(log)
        // Belgium is crossed on the evening of 3 May (local time), never stayed in.
        #expect(days.filter { $0.country == "Belgium" }.map(\.date) == ["2024-05-03"])
        #expect(days.filter { $0.country == "Belgium" }.allSatisfy { $0.status == "transit" && $0.city.isEmpty })
        // The flight crosses France and Spain at 740 km/h: nothing of it is a day anywhere.
        #expect(!days.contains { $0.country == "Spain" })
        #expect(!days.contains { $0.country == "France" && $0.date >= "2024-05-04" })
        // Local dates, never UTC: Paris 10:00 on 1 May to 20:00 on 3 May; Lisbon (UTC+1) until 11:00 on 7 May.
        #expect(Set(days.filter { $0.city == "Paris" }.map(\.date)) == ["2024-05-01", "2024-05-02", "2024-05-03"])
        #expect(Set(days.filter { $0.city == "Lisbon" }.map(\.date)) == ["2024-05-05", "2024-05-06", "2024-05-07"])
        #expect(Set(days.filter { $0.city == "Amsterdam" }.map(\.date)).isSuperset(of: ["2024-05-04", "2024-05-05"]))
    }

    @Test func everyFormatGivesTheSameDays() throws {
        var answers: [String: [Day]] = [:]
        for (name, bytes) in [("Records.json", Self.records()), ("Zeitachse.json", Self.timeline()), ("phone.rec", Self.ownTracks()),
                              ("export.geojson", Self.geoJSON()), ("walk.gpx", Self.gpx())] {
            let library = try Library()
            try library.writeFile("history/" + name, bytes)
            let summary = try Self.importing(library)
            // A GPX file is counted among the tracks; its points give days all the same.
            #expect(name.hasSuffix(".gpx") ? summary.tracks == 1 && summary.histories.isEmpty : summary.histories.count == 1, "\(name)")
            answers[name] = try Self.days(TravelLog(path: library.database))
        }
        let reference = answers["Records.json"]!
        #expect(!reference.isEmpty)
        for (name, days) in answers { #expect(days == reference, "\(name)") }
    }

    @Test func twoOverlappingExportsCountOnce() throws {
        let alone = try Library()
        try alone.writeFile("Records.json", Self.records())
        try Self.importing(alone)
        let both = try Library()
        try both.writeFile("a/Records.json", Self.records())
        try both.writeFile("b/Timeline.json", Self.timeline())
        let summary = try Self.importing(both)
        #expect(summary.histories.count == 2)
        // The second export repeats every point of the first, at six decimals instead of seven.
        #expect(summary.histories.map(\.duplicates).sorted() == [0, Self.itinerary.count])
        let (one, two) = (try TravelLog(path: alone.database).historyDays(), try TravelLog(path: both.database).historyDays())
        #expect(one == two)
        // Importing the same history again counts nothing twice either.
        try both.writeFile("c/Records copy.json", Self.records())
        try Self.importing(both)
        #expect(try TravelLog(path: both.database).historyDays() == one)
    }

    @Test func aHistoryPlacesPhotosWithoutAPosition() throws {
        let library = try Library()
        try library.writeFile("IMG_1.jpg", SyntheticPhoto(dateTimeOriginal: "2024:05:02 12:00:00", offsetTimeOriginal: "+02:00", includeGPS: false).jpeg())
        try library.writeFile("IMG_2.jpg", SyntheticPhoto(dateTimeOriginal: "2024:05:06 12:00:00", offsetTimeOriginal: nil, includeGPS: false).jpeg())
        let records = library.root + ".records.json"
        defer { try? FileManager.default.removeItem(atPath: records) }
        try Data(Self.records()).write(to: URL(fileURLWithPath: records))
        let summary = try Self.importing(library, tracks: [records])
        #expect(summary.placedByTrack == 2)
        let rows = try TravelLog(path: library.database).records(after: 0, limit: 10).map(\.record)
        let byName = Dictionary(uniqueKeysWithValues: rows.map { (($0.path as NSString).lastPathComponent, $0) })
        #expect(byName["IMG_1.jpg"]?.place?.city?.name == "Paris" && byName["IMG_1.jpg"]?.positionSource == "track")
        // A wall clock alone is read in the zone where the history was: Lisbon, UTC+1 in May.
        #expect(byName["IMG_2.jpg"]?.place?.city?.name == "Lisbon" && byName["IMG_2.jpg"]?.utcOffsetSeconds == 3600)
    }

    @Test func unchangedHistoriesAreNotReadAgainAndVanishedOnesAreForgotten() throws {
        let library = try Library()
        try library.writeFile("Records.json", Self.records())
        try Self.importing(library)
        let again = try Self.importing(library)
        #expect(again.histories.count == 1 && !again.histories[0].reread && again.historyDays == nil && again.filesRead == 0)
        // A changed file replaces what it gave: only Paris now.
        try library.writeFile("Records.json", Self.records(Array(Self.itinerary.prefix(300))))
        let changed = try Self.importing(library)
        #expect(changed.histories[0].reread && changed.histories[0].points == 300)
        #expect(Set(try TravelLog(path: library.database).visits()[.country].map(\.name)) == ["France"])
        try FileManager.default.removeItem(atPath: library.root + "/Records.json")
        try Self.importing(library)
        let log = try TravelLog(path: library.database)
        #expect(try log.historyDays().isEmpty && log.storedHistories().isEmpty && log.historySpan() == nil)
    }

    @Test func aFileCutShortKeepsWhatCameBeforeTheCutAndSaysWhere() throws {
        let library = try Library()
        let whole = Self.records()
        try library.writeFile("Records.json", Array(whole.prefix(whole.count / 3)))
        let summary = try Self.importing(library)
        #expect(summary.newErrors == 1 && summary.errorsByReason["truncated"] == 1)
        let log = try TravelLog(path: library.database)
        let problem = try #require(try log.errors().first)
        #expect(problem.kind == "truncated" && problem.message.contains("cut short at byte"))
        #expect(Set(try log.visits()[.country].map(\.name)) == ["France"])
    }

    @Test func aVisitCoversEveryLocalDateAndAFlyingSegmentNone() throws {
        let library = try Library()
        // A hotel in Rome from the afternoon of 1 June to the morning of 4 June (three nights),
        // then a flight to Madrid whose path crosses Corsica.
        try library.writeFile("Semantic Location History/2024/2024_JUNE.json", Array("""
            {"timelineObjects": [
              {"placeVisit": {"location": {"latitudeE7": 419028000, "longitudeE7": 124964000, "name": "Hotel"},
                              "duration": {"startTimestamp": "2024-06-01T14:00:00Z", "endTimestamp": "2024-06-04T06:00:00Z"}}},
              {"activitySegment": {"startLocation": {"latitudeE7": 418003000, "longitudeE7": 122389000},
                                   "endLocation": {"latitudeE7": 404839000, "longitudeE7": -35680000},
                                   "duration": {"startTimestamp": "2024-06-04T10:00:00Z", "endTimestamp": "2024-06-04T12:30:00Z"},
                                   "activityType": "FLYING",
                                   "simplifiedRawPath": {"points": [{"latE7": 420000000, "lngE7": 90000000, "timestamp": "2024-06-04T11:00:00Z"}]}}}
            ]}
            """.utf8))
        let summary = try Self.importing(library)
        #expect(summary.histories.first?.format == "google-semantic" && summary.histories.first?.visits == 1 && summary.histories.first?.flights == 1)
        let days = try Self.days(TravelLog(path: library.database))
        #expect(days.filter { $0.status == "visit" }.map(\.date) == ["2024-06-01", "2024-06-02", "2024-06-03", "2024-06-04"])
        #expect(days.allSatisfy { $0.country == "Italy" })
    }

    @Test func aShorterMinimumStayMakesAStopAStay() throws {
        // A 20-minute stop in a Belgian town on the drive.
        var fixes = Self.itinerary.filter { $0.ms < Self.start + 58 * 60 * Self.minute }
        let stop = Self.start + 59 * 60 * Self.minute
        for i in 0...4 { fixes.append(Fix(ms: stop + Int64(i) * 5 * Self.minute, lat: 50.6058, lon: 3.3888)) }  // Tournai
        let library = try Library()
        try library.writeFile("Records.json", Self.records(fixes))
        try Self.importing(library)
        #expect(!(try TravelLog(path: library.database).visits()[.country].map(\.name)).contains("Belgium"))
        try Self.importing(library, rules: .init(minimumStay: 15 * Self.minute), rebuild: true)
        #expect(try TravelLog(path: library.database).visits()[.country].map(\.name).contains("Belgium"))
    }

    /// A dry run says what a history would add, and what the real import then finds, writing nothing;
    /// a changed file's stored points are set aside, not counted beside the new ones.
    @Test func aDryRunCountsTheDaysAHistoryWouldGive() throws {
        let library = try Library()
        try library.writeFile("Takeout/Records.json", Self.records(Array(Self.itinerary.prefix(300))))   // Paris only
        func run(dry: Bool) throws -> ImportSummary {
            let log = dry ? (FileManager.default.fileExists(atPath: library.database) ? try TravelLog(path: library.database, readOnly: true) : nil)
                          : try TravelLog(path: library.database)
            let options = Importer.Options(roots: [LibraryWalker.canonical(library.root)!], jobs: 2, dryRun: dry, batchSize: 50)
            return try Importer(log: log, finder: ImporterTests.finder, options: options).run()
        }
        let dry = try run(dry: true)
        #expect(dry.newPlaces.countries == ["country:FR": "France"] && !FileManager.default.fileExists(atPath: library.database))
        #expect(try run(dry: false).visited == dry.visited)
        // The whole itinerary in the same file: Amsterdam and Lisbon are new, Belgium only passed.
        try library.writeFile("Takeout/Records.json", Self.records())
        let before = try Data(contentsOf: URL(fileURLWithPath: library.database))
        let again = try run(dry: true)
        #expect(Set(again.newPlaces.countries.keys) == ["country:NL", "country:PT"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: library.database)) == before)
        let real = try run(dry: false)
        #expect(real.visited == again.visited && real.newPlaces == again.newPlaces)
    }

    /// A log restored from a travel record has a history's days without its points: importing
    /// another history keeps them where the points it has say nothing.
    @Test func restoredDaysStandWherePointsSayNothing() throws {
        let library = try Library()
        try library.writeFile("history/Records.json", Self.records())
        do {
            let log = try TravelLog(path: library.database)
            var old = TravelLog.StoredHistory(path: "/elsewhere/Records.json", size: -1, modifiedNs: 0)
            (old.format, old.points) = ("google-records", 50)
            func day(_ date: String) -> PlaceDay {
                var d = PlaceDay(date: date, status: .visit)
                (d.country, d.city, d.historyPoints) = (PlaceLink(id: "country:IT", name: "Italy"), PlaceLink(id: "city:3169070", name: "Rome"), 25)
                return d
            }
            try log.write {
                _ = try log.saveHistory(old, points: [], segments: [], run: nil)
                // One day before the new history, one on a date its points cover.
                try log.replaceHistoryDays([day("2019-06-08"), day("2024-05-02")])
            }
        }
        try Self.importing(library)
        let days = try Self.days(TravelLog(path: library.database))
        #expect(days.filter { $0.city == "Rome" }.map(\.date) == ["2019-06-08"])
        #expect(days.contains { $0.date == "2024-05-02" && $0.city == "Paris" })
    }

    @Test func aTrackStoredBeforeTracksGaveDaysIsReadOnceMore() throws {
        let library = try Library()
        try library.writeFile("walk.gpx", Self.gpx())
        try Self.importing(library)
        let days = try Self.days(TravelLog(path: library.database))
        // A log of an older atlas: the track stored, its days not.
        let db = try Database(path: library.database, mode: .readWrite)
        try db.execute("PRAGMA foreign_keys = ON; DELETE FROM histories; DELETE FROM history_days")
        #expect(try Self.days(TravelLog(path: library.database)).isEmpty)
        let again = try Self.importing(library)
        #expect(again.tracks == 1 && again.historyDays != nil)
        let rebuilt = try Self.days(TravelLog(path: library.database))
        #expect(rebuilt == days && !days.isEmpty, "\(rebuilt) vs \(days)")
        // And then it is left alone.
        #expect(try Self.importing(library).historyDays == nil)
    }

    @Test func twoDevicesAtOnceAreNeitherRepeatsNorAFlightOfTheirOwn() throws {
        // A second device 20 m away records at the same instants: not the same fix, and a fix
        // of the flight beside the flight's is in flight too.
        let library = try Library()
        try library.writeFile("phone/Records.json", Self.records())
        try library.writeFile("watch/Records.json", Self.records(Self.itinerary.map { Fix(ms: $0.ms, lat: $0.lat + 0.00018, lon: $0.lon) }))
        let summary = try Self.importing(library)
        #expect(summary.histories.map(\.duplicates) == [0, 0])
        let days = try Self.days(TravelLog(path: library.database))
        #expect(!days.contains { $0.country == "Spain" })
        #expect(Set(try TravelLog(path: library.database).visits()[.country].map(\.id)) == ["country:FR", "country:NL", "country:PT"])
    }
}
