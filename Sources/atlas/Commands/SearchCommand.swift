import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas search QUERY`: one search box over continents, countries, regions, subregions, cities
/// and airports.
enum SearchCommand: Command {
    static let within = SharedOptions.place("--in", "Only places inside this continent, country or region, by identifier (country:JP), code (JP, US-MT) or name (Japan).")
    static let near = Option("--near", .coordinate, "Prefer places near this coordinate among comparable matches (\"35.0, 135.7\", -33.86,151.21, -33.86 151.21, or degrees, minutes and seconds as for resolve).", takesPosition: true)
    static let limit = Option("--limit", .integer(in: 1...SearchQuery.maximumLimit), "At most N results (default 20, at most \(SearchQuery.maximumLimit)).")
    static let declaration = CommandDeclaration(
        name: "search", summary: "Search places by name or code, offline", forms: ["QUERY"],
        about: """
            Finds continents, countries, regions, subregions (counties, départements,
            provinces), cities, districts and airports by name, alternate name or code. Case and diacritics do not matter ("sao paulo", "zurich"); every word may
            be unfinished ("kyo"); "st" and "saint", "mt" and "mount", "ft" and "fort" are one
            word. Exact names and codes, and names that start with the query, rank together by
            importance (population, airport size), an exact name counting about six times its
            size: "san" lists San Antonio and San Diego before San in Mali; a subregion follows
            the town it is named after ("los angeles": the city, then the county). Other matches
            follow. Text output: name, kind (for a subregion its local word: county,
            metropolitan department), where it lies, distance (with --near) and identifier.
            """,
        options: [SharedOptions.kind.declaration,
                  within.declaration,
                  near.declaration,
                  limit.declaration,
                  SharedOptions.json("One JSON object per line instead of aligned text: the place, \"match\" (exact, prefix or other) and \"distance_km\".").declaration,
                  SharedOptions.gazetteer.declaration],
        exitStatus: "0 done (no results is not an error; a note goes to stderr), 1 usage error, 2 gazetteer problem.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let kind = try arguments.value(SharedOptions.kind)
        let within = try arguments.value(Self.within)
        let near = try arguments.value(Self.near)
        let limit = try arguments.value(Self.limit) ?? 20
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
                [r.place.name, kindText(r.place), r.place.lineageText]
                    + (near == nil ? [] : [r.distanceKm.map { "\(grouped(Int($0.rounded()))) km" } ?? "-"]) + [r.place.id.description]
            }))
        }
        return .success
    }

    /// The KIND column: the kind, or for a subregion the word its country uses for the level
    /// (`county`, `metropolitan department`, `powiat`), which says more than "subregion" does;
    /// the identifier still says the kind. A word that names another kind (India's and
    /// Britain's `District`, a few `City` units) would mislead: such a subregion is "subregion".
    static func kindText(_ place: Place) -> String {
        guard place.kind == .subregion, let word = place.detail?.lowercased(), !word.isEmpty,
              PlaceKind(rawValue: word) == nil else { return place.kind.rawValue }
        return word
    }
}
