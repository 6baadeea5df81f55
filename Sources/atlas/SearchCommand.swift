import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas search QUERY`: one search box over continents, countries, regions, cities and airports.
enum SearchCommand: Command {
    static let name = "search"
    static let summary = "Search places by name or code, offline"
    static let help = """
        Usage: atlas search QUERY [--kind KIND] [--in PLACE] [--near LAT,LON] [--limit N] [--json]

        Finds continents, countries, regions, cities, districts and airports by name, alternate
        name or code. Case and diacritics do not matter ("sao paulo", "zurich"); every word may
        be unfinished ("kyo"); "st" and "saint", "mt" and "mount", "ft" and "fort" are one
        word. Exact names and codes, and names that start with the query, rank together by
        importance (population, airport size), an exact name counting about six times its
        size: "san" lists San Antonio and San Diego before San in Mali. Other matches follow.
        Text output: name, kind, where it lies, distance (with --near) and identifier.

        Options:
          --kind KIND       Only this kind: continents, countries, regions, cities, districts
                            or airports (or the singular: city).
          --in PLACE        Only places inside this continent, country or region, by
                            identifier (country:JP), code (JP, US-MT) or name (Japan).
          --near LAT,LON    Prefer places near this coordinate among comparable matches
                            ("35.0, 135.7", -33.86,151.21, -33.86 151.21, or degrees,
                            minutes and seconds as for resolve).
          --limit N         At most N results (default 20, at most \(SearchQuery.maximumLimit)).
          --json            One JSON object per line instead of aligned text: the place,
                            "match" (exact, prefix or other) and "distance_km".
        \(GazetteerOption.help)
          --help            Show this help.

        Exit status: 0 done (no results is not an error; a note goes to stderr), 1 usage error,
        2 gazetteer problem.
        """

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag("--json")
        let kind = try PlaceArgument.kind(arguments.option("--kind"))
        let within = try arguments.option("--in")
        let near = try arguments.option("--near").map(parseCoordinate)
        let limit = try arguments.integer("--limit", in: 1...SearchQuery.maximumLimit) ?? 20
        let gazetteer = try GazetteerOption.open(&arguments)
        let words = try arguments.finish()
        guard !words.isEmpty else { throw UsageError("expected a QUERY") }
        let scope = try within.map { try PlaceArgument.resolve($0, kinds: [.continent, .country, .region], option: "--in", in: gazetteer).id }
        let query = SearchQuery(text: words.joined(separator: " "), kind: kind, within: scope, near: near, limit: limit)
        let results = try gazetteer.search(query)
        if results.isEmpty {
            Console.error("No places match '\(query.text.shown)'\(kind.map { " among the \($0.pluralName)" } ?? "").")
            return .success
        }
        if json {
            Console.out(results.map { r in
                r.place.json(extra: [("match", .string(r.match.name)), ("distance_km", .number(r.distanceKm, digits: 1))]).rendered()
            }.joined(separator: "\n"))
        } else {
            let header = ["NAME", "KIND", "IN"] + (near == nil ? [] : ["DISTANCE"]) + ["ID"]
            Console.out(alignedRows([header] + results.map { r in
                [r.place.name, r.place.kind.rawValue, r.place.lineageText]
                    + (near == nil ? [] : [r.distanceKm.map { "\(grouped(Int($0.rounded()))) km" } ?? "-"]) + [r.place.id.description]
            }))
        }
        return .success
    }

    private static func parseCoordinate(_ text: String) throws(UsageError) -> GeoCoordinate {
        do {
            return try GeoCoordinate(parsing: text)
        } catch {
            throw UsageError("--near takes LAT,LON, not '\(text.shown)': \(error.reason)")
        }
    }
}
