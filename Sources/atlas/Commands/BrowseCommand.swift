import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas browse [PLACE]`: the places one level below a place (the continents without one).
enum BrowseCommand: Command {
    static let kind = Option("--kind", SharedOptions.kind.parser, "List this kind instead of the next level (e.g. the cities or airports of a whole country): continents, countries, regions, subregions, cities, districts or airports (or the singular).")
    static let limit = Option("--limit", .integer(in: 1...100_000), "At most N places (default 100).")
    static let offset = Option("--offset", .integer(in: 0...Int(Int32.max)), "Skip the first N (paging).")
    static let declaration = CommandDeclaration(
        name: "browse", summary: "List the places below a place: continents, countries, regions, cities", forms: ["[PLACE]"],
        about: """
            Without PLACE, lists the continents. Below a continent come its countries, below a country
            its regions (or its cities when it has no regions), below a region its cities, largest
            first. Continents, countries and regions are listed by name; airports by size. PLACE is
            an identifier, a code or a name, as for 'atlas place'.
            """,
        options: [kind.declaration,
                  limit.declaration,
                  offset.declaration,
                  SharedOptions.json("One JSON object per line instead of aligned text.").declaration,
                  SharedOptions.gazetteer.declaration],
        exitStatus: "0 done, 1 usage error, unknown or ambiguous place, 2 gazetteer problem.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let kind = try arguments.value(Self.kind)
        let limit = try arguments.value(Self.limit) ?? 100
        let offset = try arguments.value(Self.offset) ?? 0
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
            Console.out(TextTable.columns(["NAME", third, "ID"], children.map { p in
                [p.name, p.kind == .airport ? p.detail ?? "" : p.population > 0 ? grouped(p.population) : "", p.id.description]
            }))
        }
        return .success
    }
}
