import Foundation
import Gazetteer
import JSONWriter
import Passport
import Resolver
import TravelLog

/// `atlas home`, `atlas home set PLACE|LAT,LON [--since DATE]`, `atlas home remove [--since DATE]`.
enum HomeCommand: Command {
    static let answersAndExits = true
    static let since = Option("--since", .day, "The first day of that home.", inUsage: false)
    static let all = Flag("--all", "remove: every saved home.", inUsage: false)
    static let declaration = CommandDeclaration(
        name: "home", summary: "Show, save or remove where you live (trips are measured from it)", forms: ["", "set PLACE|LAT,LON [--since YYYY-MM-DD] [--db PATH]", "remove [--since YYYY-MM-DD | --all] [--db PATH]"],
        about: """
            Home decides what is a trip, what is abroad and how far is far. Without a saved home it
            is inferred, per calendar year: the region photographed in the most distinct months of
            the year (at least 3; ties: more days), a thinner year keeping the home of the year
            before; 'atlas home' says "inferred". Trips are measured from a point: the coordinate
            given, the city's, or for a region or country the city photographed on the most days
            inside it.

            'set' saves a home from --since on (default: from the start); homes can change over
            the years: save one per move. Before the first saved date, the inferred home holds.
            PLACE is a city, region or country (identifier, code or name); LAT,LON saves that
            exact point, in the city it resolves to, written as for 'atlas resolve' (-33.86,151.21,
            "-33.8568, 151.2153", -33.86 151.21, 33°51'S 151°12'E). 'remove' forgets the home saved for --since
            (default: the one from the start), or every one with --all.

            A phone's Timeline.json may label a place HOME: 'atlas home' shows it below the homes,
            as evidence only; it is never saved without 'home set'.
            """,
        options: [since.declaration,
                  all.declaration,
                  SharedOptions.db.declaration,
                  SharedOptions.gazetteer.declaration,
                  SharedOptions.json("One JSON object per home (since, until, place, inferred, point), then one per place a location history labels HOME (label, file, as_of, latitude, longitude, place, saved).").declaration],
        exitStatus: "0 done, 1 usage error (unknown place, bad date, no such saved home), 2 travel log or gazetteer problem.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let all = arguments.flag(Self.all)
        let since = try arguments.value(Self.since)?.text
        let dbPath = try DatabaseOption.path(&arguments)
        let gazetteer = try GazetteerOption.open(&arguments)
        let words = try arguments.finish()
        switch words.first {
        case nil:
            return try show(TravelLog(path: dbPath, readOnly: true), gazetteer: gazetteer, json: json)
        case "set":
            let given = PlaceOrPosition(Position.joined(words.dropFirst()))
            guard words.count == 2 || (words.count > 2 && given.isPosition) else {
                throw UsageError("home set takes one PLACE or LAT,LON (quote a name of several words)")
            }
            var home = try PositionArgument.home(given, gazetteer: gazetteer)
            home.since = since
            try TravelLog(path: dbPath).saveHome(home)
            let point = home.latitude.map { lat in String(format: " at %.4f, %.4f", lat, home.longitude ?? 0) } ?? ""
            Console.out("Home: \(home.place.name) (\(home.place.id))\(point), \(since.map { "since \($0)" } ?? "from the start")")
            return .success
        case "remove":
            guard words.count == 1 else { throw UsageError("home remove takes no PLACE: it removes by --since") }
            let log = try TravelLog(path: dbPath)
            if all {
                let homes = try log.homes()
                for h in homes { try log.removeHome(since: h.since) }
                Console.out("Removed \(counted(homes.count, "saved home"))")
                return .success
            }
            guard try log.removeHome(since: since) else {
                throw UsageError("no home saved \(since.map { "since \($0)" } ?? "from the start") ('atlas home' lists them)", showsUsage: false)
            }
            Console.out("Removed the home saved \(since.map { "since \($0)" } ?? "from the start")")
            return .success
        case let word?:
            throw UsageError("unknown action '\(word.shown)': home takes set or remove, or nothing" + Suggestion.didYouMean(word, among: ["set", "remove"]))
        }
    }

    private static func show(_ log: TravelLog, gazetteer: Gazetteer, json: Bool) throws -> ExitStatus {
        let passport = KeptUntilExit.keep(try Passport(log: log, tracks: false))
        let homes = passport.homeTimeline()
        let labels = try labelledHomes(log, gazetteer: gazetteer, saved: Set(homes.periods.filter { !$0.inferred }.map(\.place.id)))
        if json {
            for p in homes.periods { Console.out(json: TravelRecord.json(p)) }
            for l in labels { Console.out(json: l.json) }
            return .success
        }
        if homes.periods.isEmpty {
            Console.error("No home: none saved, and no photos to infer one from ('atlas home set PLACE' saves one).")
        } else {
            let rows = homes.periods.map { p -> [String] in
                let point = p.latitude.map { String(format: "%.4f, %.4f", $0, p.longitude ?? 0) } ?? "-"
                return [p.since ?? "(start)", p.until ?? "-", "\(p.place.name) (\(p.place.id))", p.inferred ? "inferred" : "saved",
                        (p.pointCity.map { $0.name + " " } ?? "") + point]
            }
            Console.out(TextTable.columns(["SINCE", "UNTIL", "HOME", "", "MEASURED FROM"], rows))
        }
        for l in labels { Console.out(l.text) }
        return .success
    }

    /// A place a location history labels HOME: shown as evidence beside the homes, never saved.
    private struct LabelledHome {
        var file: String, asOf: String, latitude: Double, longitude: Double, place: PlaceLink?, saved: Bool

        var coordinate: String { String(format: "%.4f,%.4f", latitude, longitude) }

        var text: String {
            let named = place.map { " (\($0.name), \($0.id))" } ?? ""
            let advice = saved ? "saved as a home" : "not saved: 'atlas home set \(coordinate)' saves it"
            return "\((file as NSString).lastPathComponent) labels \(coordinate)\(named) HOME as of \(asOf); \(advice)."
        }

        var json: JSONValue {
            .object([("label", .string("HOME")), ("file", .string(file)), ("as_of", .string(asOf)),
                     ("latitude", .number(latitude, digits: 7)), ("longitude", .number(longitude, digits: 7)),
                     ("place", TravelRecord.link(place)), ("saved", .bool(saved))])
        }
    }

    /// The homes the log's location histories label, each in the city (else region, country)
    /// it resolves to; `saved` holds the places of the saved homes.
    private static func labelledHomes(_ log: TravelLog, gazetteer: Gazetteer, saved: Set<String>) throws -> [LabelledHome] {
        try log.labelledHomes().map { h in
            let chain = try? ResolveCommand.chain(at: GeoCoordinate(latitude: h.latitude, longitude: h.longitude), gazetteer: gazetteer)
            let links = [chain?.city, chain?.region, chain?.country].compactMap { $0 }
            let place = links.first.map { PlaceLink(id: $0.id.description, name: $0.name) }
            let day = CalendarDay(number: Int((Double(h.asOf) / 86_400_000).rounded(.down)))
            return LabelledHome(file: h.path, asOf: day.text, latitude: h.latitude, longitude: h.longitude, place: place,
                                saved: links.contains { saved.contains($0.id.description) })
        }
    }
}
