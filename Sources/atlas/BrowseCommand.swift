import Foundation
import Gazetteer
import JSONWriter

/// `atlas browse [ID]`: the places one level below a place (the continents without one).
enum BrowseCommand: Command {
    static let name = "browse"
    static let summary = "List the places below a place: continents, countries, regions, cities"
    static let help = """
        Usage: atlas browse [ID] [--kind K] [--limit N] [--offset N] [--json]

        Without ID, lists the continents. Below a continent come its countries, below a country
        its regions (or its cities when it has no regions), below a region its cities, largest
        first. Continents, countries and regions are listed by name; airports by size.

        Options:
          --kind K          List this kind instead of the next level (e.g. the cities or
                            airports of a whole country).
          --limit N         At most N places (default 100).
          --offset N        Skip the first N (paging).
          --json            One JSON object per line instead of aligned text.
        \(GazetteerOption.help)
          --help            Show this help.

        Exit status: 0 done, 1 usage error or unknown place, 2 gazetteer problem.
        """

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag("--json")
        let kind = try PlaceArgument.kind(arguments.option("--kind"))
        let limit = try arguments.integer("--limit", in: 1...100_000) ?? 100
        let offset = try arguments.integer("--offset", in: 0...Int(Int32.max)) ?? 0
        let gazetteer = try GazetteerOption.open(&arguments)
        let words = try arguments.finish()
        guard words.count <= 1 else { throw UsageError("expected at most one place ID") }
        let parent = try words.first.map { try PlaceArgument.resolve($0, in: gazetteer, option: "").id }
        let children = try gazetteer.children(of: parent, kind: kind, limit: limit, offset: offset)
        if children.isEmpty {
            Console.error("atlas browse: nothing \(offset > 0 ? "more " : "")below \(parent?.description ?? "the world")\(kind.map { " of kind \($0.rawValue)" } ?? "")")
            return .success
        }
        if json {
            Console.out(children.map { $0.json().rendered() }.joined(separator: "\n"))
        } else {
            Console.out(alignedRows(children.map { [$0.name, $0.id.description, $0.population > 0 ? $0.population.formatted() : ""] }))
        }
        return .success
    }
}
