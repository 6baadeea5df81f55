import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas browse [PLACE]`: the places one level below a place (the continents without one).
enum BrowseCommand: Command {
    static let name = "browse"
    static let summary = "List the places below a place: continents, countries, regions, cities"
    static let help = """
        Usage: atlas browse [PLACE] [--kind KIND] [--limit N] [--offset N] [--json]

        Without PLACE, lists the continents. Below a continent come its countries, below a country
        its regions (or its cities when it has no regions), below a region its cities, largest
        first. Continents, countries and regions are listed by name; airports by size. PLACE is
        an identifier, a code or a name, as for 'atlas place'.

        Options:
          --kind KIND       List this kind instead of the next level (e.g. the cities or
                            airports of a whole country): continents, countries, regions,
                            cities, districts or airports (or the singular).
          --limit N         At most N places (default 100).
          --offset N        Skip the first N (paging).
          --json            One JSON object per line instead of aligned text.
        \(GazetteerOption.help)
          --help            Show this help.

        Exit status: 0 done, 1 usage error, unknown or ambiguous place, 2 gazetteer problem.
        """

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag("--json")
        let kind = try PlaceArgument.kind(arguments.option("--kind"))
        let limit = try arguments.integer("--limit", in: 1...100_000) ?? 100
        let offset = try arguments.integer("--offset", in: 0...Int(Int32.max)) ?? 0
        let gazetteer = try GazetteerOption.open(&arguments)
        let words = try arguments.finish()
        guard words.count <= 1 else { throw UsageError("expected at most one PLACE (quote a name of several words)") }
        let parent = try words.first.map { try PlaceArgument.resolve($0, in: gazetteer).id }
        let children = try gazetteer.children(of: parent, kind: kind, limit: limit, offset: offset)
        if children.isEmpty {
            Console.error("No \(kind?.pluralName ?? "places") \(offset > 0 ? "left " : "")below \(parent?.description ?? "the world").")
            return .success
        }
        if json {
            Console.out(children.map { $0.json().rendered() }.joined(separator: "\n"))
        } else {
            // Airports by size class (their population is only the search's weight for it).
            let third = children.contains { $0.kind == .airport } ? "SIZE" : "POPULATION"
            Console.out(PassportOption.table(["NAME", third, "ID"], children.map { p in
                [p.name, p.kind == .airport ? p.detail ?? "" : p.population > 0 ? grouped(p.population) : "", p.id.description]
            }))
        }
        return .success
    }
}
