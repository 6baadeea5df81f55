import Foundation
import Gazetteer
import Importer
import Passport
import TravelLog

extension ExportCommand {
    /// `atlas export --track (--trip ID | --year YYYY)`: the track of a trip or a year as GPX or
    /// GeoJSON (``TrackExport``), from the photos and the location histories (``HistoryTrack``),
    /// `--track` already taken.
    static func track(_ arguments: inout Arguments) throws -> ExitStatus {
        let output = try arguments.value(Self.output)
        let tripText = try arguments.value(Self.trip)
        let year = try arguments.value(Self.year)
        let format = try arguments.value(Self.format) ?? .gpx
        let precision = try arguments.value(Self.trackCoordinates) ?? .exact
        // What shapes the travel record says nothing about a track: refused, not ignored.
        if try arguments.value(SharedOptions.count) != nil { throw UsageError("--count shapes the travel record, not a track: leave it out with --track") }
        if let flag = arguments.lastFlag(Self.photos, Self.noPhotos) {
            throw UsageError("\(flag.declaration.name) shapes the travel record, not a track: leave it out with --track")
        }
        let settings = try TripSettings(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("export takes no arguments (use --trip ID or --year YYYY)") }
        switch (tripText, year) {
        case (nil, nil): throw UsageError("--track needs --trip ID or --year YYYY")
        case (_?, _?): throw UsageError("--trip and --year are exclusive: give one")
        default: break
        }
        let file = try OutputFile.target(output)
        let log = try TravelLog(path: settings.dbPath, readOnly: true)
        let passport = try settings.passport(log)
        let track: TrackExport
        if let tripText {
            let homes = try settings.homes(passport)
            let trip = try PassportOption.trip(tripText, in: passport, homes: homes, rules: settings.rules)
            track = TrackExport(trip: trip, passport: passport, precision: precision)
        } else if let year {
            track = TrackExport(year: year, passport: passport, precision: precision)
        } else {
            throw UsageError("--track needs --trip ID or --year YYYY")
        }
        // The photos' days, each with the location histories' points of that local date.
        let history = try HistoryTrack(log: log, finder: PlaceFinder(gazetteer: settings.gazetteer), from: track.first, through: track.last)
        func days(_ body: (String, [VisitPhoto]) throws -> Void) throws {
            try history.forEachDay(photos: { try log.forEachDay(from: track.first, through: track.last, $0) }, body)
        }
        var written = TrackExport.Written()
        if let file {
            if let failure = try OutputFile.write(to: file, { sink in written = try track.write(format, days: days, sink) }) {
                Console.error("atlas export: \(failure)")
                return .output
            }
        } else {
            written = try track.write(format, days: days) { Console.outBytes($0) }
        }
        if written.points == 0 {
            Console.error("No positioned photos or history points from \(track.first) to \(track.last) (\(track.name)): the track is empty.")
        }
        return .success
    }
}
