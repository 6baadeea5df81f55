import Foundation
import JSONWriter
import Gazetteer
import Passport
import TravelLog

/// What the passport commands share: the travel log opened read-only, the visit model, the
/// counting scheme (`--count un|iso|all`), `--home`, and aligned text tables.
enum PassportOption {
    static let countHelp = "  --count SCHEME    Which countries count: un (195, default), iso (ISO 3166-1), all (every country-level entry)."
    static let homeHelp = "  --home PLACE      Home region or country, by identifier, code or name (default: the region with the most days)."
    static let jsonHelp = "  --json            One JSON object per line."

    /// The help of a listing command: usage, what it lists, its own options, then the shared ones.
    static func listHelp(usage: String, about: String, options: String = "") -> String {
        """
        Usage: \(usage)

        \(about)

        Options:
        \(options.isEmpty ? "" : options + "\n")\(DatabaseOption.help)
        \(GazetteerOption.help)
        \(jsonHelp)
          --help            Show this help.

        Exit status: 0 listed (even when empty), 1 usage error, 2 no travel log or unreadable.
        """
    }

    static func passport(_ dbPath: String) throws -> Passport {
        try Passport(log: TravelLog(path: dbPath, readOnly: true))
    }

    static func scheme(_ arguments: inout Arguments) throws -> CountingScheme.Name {
        let text = try arguments.option("--count") ?? "un"
        guard let name = CountingScheme.Name(rawValue: text) else { throw UsageError("--count takes un, iso or all, not '\(text)'") }
        return name
    }

    /// `--home` resolved through the gazetteer to a region or country.
    static func home(_ text: String?, gazetteer: Gazetteer) throws -> PlaceLink? {
        guard let text else { return nil }
        let place = try PlaceArgument.resolve(text, kinds: [.region, .country], option: "--home", in: gazetteer)
        return .init(id: place.id.description, name: place.name)
    }

    /// Left-aligned columns, two spaces apart; numbers right-aligned.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { i in all.map { $0[i].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { i -> String in
                let cell = row[i], pad = String(repeating: " ", count: widths[i] - cell.count)
                return Int(cell.replacingOccurrences(of: ",", with: "")) != nil && i > 0 ? pad + cell : cell + pad
            }.joined(separator: "  ").replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
        }.joined(separator: "\n")
    }

    /// The places above a visit, for JSON lines.
    static func lineage(_ v: Visit) -> [(String, JSONValue)] {
        var out: [(String, JSONValue)] = []
        if v.kind != "continent" { out.append(("continent", TravelRecord.link(v.continent))) }
        if v.kind != "continent" && v.kind != "country" { out.append(("country", TravelRecord.link(v.country))) }
        if v.kind == "city" || v.kind == "district" || v.kind == "airport" { out.append(("region", TravelRecord.link(v.region))) }
        if v.kind == "district" { out.append(("city", TravelRecord.link(v.city))) }
        return out
    }

    /// Shows visits as a table or JSON lines.
    static func list(_ visits: [Visit], json: Bool, columns: [(String, (Visit) -> String)], extra: (Visit) -> [(String, JSONValue)] = { _ in [] }) {
        if json {
            for v in visits { Console.out(TravelRecord.json(v, extra: lineage(v) + extra(v)).rendered()) }
            return
        }
        guard !visits.isEmpty else { Console.error("No places visited."); return }
        Console.out(table(columns.map(\.0), visits.map { v in columns.map { $0.1(v) } }))
    }
}

extension PassportOption {
    /// An option naming a place of `kind` (`--country Italy`), as its identifier.
    static func place(_ text: String?, kind: PlaceKind, option: String, gazetteer: Gazetteer) throws -> String? {
        guard let text else { return nil }
        return try PlaceArgument.resolve(text, kinds: [kind], option: option, in: gazetteer).id.description
    }
}
