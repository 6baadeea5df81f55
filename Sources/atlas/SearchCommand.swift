import Foundation
import Gazetteer
import JSONWriter

/// `atlas search QUERY`: one search box over continents, countries, regions, cities and airports.
enum SearchCommand: Command {
    static let name = "search"
    static let summary = "Search places by name or code, offline"
    static let help = """
        Usage: atlas search QUERY [--kind K] [--in PLACE_ID] [--near LAT,LON] [--limit N] [--json]

        Finds continents, countries, regions, cities and airports by name, alternate name or
        code. Case and diacritics do not matter ("sao paulo", "zurich"); every word may be
        unfinished ("kyo"). Exact names and codes come first, then names that start with the
        query, then other matches; importance (population, airport size) orders the rest.

        Options:
          --kind K          Only continents, countries, regions, cities or airports.
          --in PLACE_ID     Only places inside this continent, country or region
                            (an identifier such as country:JP, or a code: JP, US-MT).
          --near LAT,LON    Prefer places near this coordinate among comparable matches.
          --limit N         At most N results (default 20, at most \(SearchQuery.maximumLimit)).
          --json            One JSON object per line instead of aligned text.
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
        let scope = try within.map { try PlaceArgument.resolve($0, in: gazetteer, option: "--in").id }
        let query = SearchQuery(text: words.joined(separator: " "), kind: kind, within: scope, near: near, limit: limit)
        let results = try gazetteer.search(query)
        if results.isEmpty {
            Console.error("atlas search: no place matches '\(query.text.shown)'")
            return .success
        }
        if json {
            Console.out(results.map { r in
                r.place.json(extra: [("match", .string(r.match.name)), ("distance_km", .number(r.distanceKm, digits: 1))]).rendered()
            }.joined(separator: "\n"))
        } else {
            Console.out(alignedRows(results.map { r in
                [r.place.name, r.place.id.description, r.place.lineageText, r.match.name]
                    + (r.distanceKm.map { [String(format: "%.0f km", $0)] } ?? [])
            }))
        }
        return .success
    }

    private static func parseCoordinate(_ text: String) throws(UsageError) -> GeoCoordinate {
        let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let lat = parts[0], let lon = parts[1] else {
            throw UsageError("--near takes LAT,LON in decimal degrees, not '\(text)'")
        }
        let coordinate = GeoCoordinate(latitude: lat, longitude: lon)
        if let reason = coordinate.invalidReason { throw UsageError("--near: \(reason)") }
        return coordinate
    }
}
