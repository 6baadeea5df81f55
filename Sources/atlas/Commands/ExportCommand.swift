import Foundation
import Gazetteer
import JSONWriter
import Passport
import Resolver
import TravelLog

/// `atlas export`: the JSON travel record.
enum ExportCommand: Command {
    static let answersAndExits = true
    static let output = SharedOptions.output("Write there instead of stdout ('-' is stdout): a new file or a regular file, replaced whole through a temporary file beside it; a device, FIFO, directory or symbolic link is refused.")
    static let photos = Flag("--photos", "Include the photos (default).")
    static let noPhotos = Flag("--no-photos", "Leave the photos out (of --photos and --no-photos, the last given wins).")
    static let coordinates = Option("--coordinates", .choice("exact|city|none") as ValueParser<TravelRecord.Coordinates>, "exact (default), city (0.1°) or none; with --track, exact or city (city also drops the elevation).")
    static let track = Flag("--track", "Write the track of --trip or --year as GPX or GeoJSON.", inUsage: false)
    static let trip = Option("--trip", .text("ID"), "With --track: the trip ('atlas trips' lists them): its ID or any date in it.", inUsage: false, requires: "--track")
    static let year = Option("--year", .year, "With --track: every day of that year.", inUsage: false, requires: "--track")
    static let format = Option("--format", .choice("F") as ValueParser<TrackExport.Format>, "With --track: gpx (GPX 1.1, default) or geojson.", inUsage: false, requires: "--track")
    /// `--coordinates` as a track reads it: exact or city (``coordinates`` declares it).
    static let trackCoordinates = Option("--coordinates", ValueParser<TrackExport.Precision>(
        placeholder: "exact|city", choices: TrackExport.Precision.names, valid: "exact", show: \.rawValue) { name, text throws(UsageError) in
        guard text.lowercased() != TravelRecord.Coordinates.none.rawValue else {
            throw UsageError("\(name) none leaves a track without positions: give exact or city with --track")
        }
        return try TrackExport.Precision.named(text, option: name, context: " with --track")
    }, "")
    static let declaration = CommandDeclaration(
        name: "export", summary: "Write the travel record, or a trip's or year's track (GPX, GeoJSON)", forms: ["", "--track (--trip ID | --year YYYY) [--format gpx|geojson] [--coordinates exact|city] [--output FILE] [--db PATH]"],
        about: """
            Writes one JSON document (Resources/travel-record.schema.json): schema version,
            generator, gazetteer version and attribution, counting scheme, the passport,
            continents > countries > regions > cities with visit dates, days and counts, airports,
            marks, the saved homes and the home of every date, the trips with their edits, the year
            in review of every year and, unless --no-photos, every photo with its path, local and
            UTC capture time, position at the chosen precision and place snapshot. Home positions
            follow --coordinates too. The same log gives the same bytes: "this year" in the
            passport is the year of the latest visit.

            With --track, writes instead the track of one trip or one year: every positioned photo
            and every location history point whose local date lies in it, one segment per local
            date, in time order (UTC where the offset is known, else the camera's clock; ties by
            path). GPX 1.1 has a point per photo or history point with its elevation and UTC time
            when known; GeoJSON (RFC 7946) a LineString per day (a Point for a day of one point)
            and a Point per city visited, at the mean position of its photos and stays. A range
            without any position gives an empty track, said on stderr.
            """,
        options: [output.declaration,
                  photos.declaration,
                  noPhotos.declaration,
                  coordinates.declaration,
                  track.declaration,
                  trip.declaration,
                  year.declaration,
                  format.declaration,
                  SharedOptions.count.declaration] + SharedOptions.tripRules,
        exitStatus: "0 written, 1 usage error (an --output that is not a regular file, a trip that does not exist), 2 no travel log or gazetteer problem, 4 output could not be written.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        if arguments.flag(Self.track) { return try track(&arguments) }
        // --trip, --year and --format, which go with --track, are refused by the parser.
        let output = try arguments.value(Self.output)
        let noPhotos = arguments.lastFlag(Self.photos, Self.noPhotos)?.declaration.name == Self.noPhotos.declaration.name
        let coordinates = try arguments.value(Self.coordinates) ?? .exact
        let scheme = try PassportOption.scheme(&arguments)
        let settings = try TripSettings(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("export takes no arguments (use --output FILE)") }
        let file = try OutputFile.target(output)
        let log = try TravelLog(path: settings.dbPath, readOnly: true)
        // The visits on a second core while this one finds the namesakes and the homes.
        let passport = try settings.passport(log, visits: true)
        let counting = try CountingScheme.load(scheme, from: settings.gazetteer)
        let homes = try settings.homes(passport)
        // The milestones and the regions' native names (the visits and the gazetteer, which
        // nothing else reads meanwhile) on a thread of their own: the record's two sides end
        // about together, and they fill the gap.
        let gazetteer = settings.gazetteer
        let fromGazetteer = ParallelLoad { () throws -> ([Milestone], [String: String]) in
            let milestones = try passport.milestones(scheme: counting, gazetteer: gazetteer)
            let regions = passport.visits(.region).compactMap { PlaceID($0.id) }
            return (milestones, Dictionary(uniqueKeysWithValues: try gazetteer.nativeNames(of: regions).map { ($0.key.description, $0.value) }))
        }
        var record = TravelRecord(passport: passport, scheme: counting, homes: homes, rules: settings.rules,
                                  gazetteerVersion: gazetteer.version, includePhotos: !noPhotos, coordinates: coordinates)
        record.histories = try log.storedHistories()
        (record.milestones, record.nativeNames) = try fromGazetteer.value()
        // Kept, not freed on the way out: a record of fifteen years of trips, figures and years
        // in review took 3 to 5 ms to free, after the last byte was written.
        KeptUntilExit.keep(record)
        guard let file else {
            try record.write(photosFrom: log) { Console.outBytes($0) }
            return .success
        }
        if let failure = try OutputFile.write(to: file, { sink in try record.write(photosFrom: log, sink) }) {
            Console.error("atlas export: \(failure)")
            return .output
        }
        return .success
    }
}
