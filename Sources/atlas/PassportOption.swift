import Foundation
import JSONWriter
import Gazetteer
import Passport
import TravelLog

/// What the passport commands share: the travel log opened read-only, the visit model, the
/// counting scheme (`--count un|iso|all`), `--home`, `--sort`, and aligned text tables.
enum PassportOption {
    static let countHelp = "  --count SCHEME    Which countries count: un (195, default), iso (ISO 3166-1), all (every country-level entry)."
    static let homeHelp = "  --home PLACE      Home region or country, by identifier, code or name (default: the region with the most days)."
    static let jsonHelp = "  --json            One JSON object per line."
    static let sortHelp = """
          --sort KEY        name (default), days (most first), first (oldest first visit first),
                            last (latest visit first) or photos (most first); ties by name.
                            JSON lines follow --sort when it is given, by identifier otherwise.
        """

    /// The help of a listing command: usage, what it lists, its own options, then the shared ones.
    static func listHelp(usage: String, about: String, options: String = "") -> String {
        """
        Usage: \(usage)

        \(about)

        Options:
        \(options.isEmpty ? "" : options + "\n")\(sortHelp)
        \(DatabaseOption.help)
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
        guard let name = CountingScheme.Name(rawValue: text) else {
            throw UsageError("--count takes un, iso or all, not '\(text.shown)'" + Suggestion.didYouMean(text, among: ["un", "iso", "all"]))
        }
        return name
    }

    /// `--sort KEY`, nil when not given.
    static func order(_ arguments: inout Arguments) throws -> VisitOrder? {
        guard let text = try arguments.option("--sort") else { return nil }
        guard let order = VisitOrder(rawValue: text.lowercased()) else {
            let keys = VisitOrder.allCases.map(\.rawValue)
            throw UsageError("--sort takes \(keys.joined(separator: ", ")), not '\(text.shown)'" + Suggestion.didYouMean(text, among: keys))
        }
        return order
    }

    /// `--home` resolved through the gazetteer to a region or country.
    static func home(_ text: String?, gazetteer: Gazetteer) throws -> PlaceLink? {
        guard let text else { return nil }
        let place = try PlaceArgument.resolve(text, kinds: [.region, .country], option: "--home", in: gazetteer)
        return .init(id: place.id.description, name: place.name)
    }

    /// An option naming a place of `kind` (`--country Italy`), as its identifier.
    static func place(_ text: String?, kind: PlaceKind, option: String, gazetteer: Gazetteer) throws -> Place? {
        guard let text else { return nil }
        return try PlaceArgument.resolve(text, kinds: [kind], option: option, in: gazetteer)
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

    /// The columns every listing shows after its own: first and last visit, days, photos.
    static var visitColumns: [(String, (Visit) -> String)] { [
        ("FIRST", { $0.firstDate ?? "-" }), ("LAST", { $0.lastDate ?? "-" }), ("DAYS", { String($0.days.count) }), ("PHOTOS", { String($0.photos) }),
    ] }

    /// Shows visits as a table sorted by `order` (by name when nil) with the identifier last,
    /// or as JSON lines (by identifier unless `order` is given); `empty` goes to stderr when
    /// there is nothing ("No airports visited.").
    static func list(_ visits: [Visit], json: Bool, order: VisitOrder?, empty: String, columns: [(String, (Visit) -> String)],
                     extra: (Visit) -> [(String, JSONValue)] = { _ in [] }) {
        if json {
            for v in order?.sorted(visits) ?? visits { Console.out(TravelRecord.listing(v, extra: extra(v)).rendered()) }
            return
        }
        guard !visits.isEmpty else { Console.error(empty); return }
        let columns = columns + [("ID", \.id)]
        Console.out(table(columns.map(\.0), (order ?? .name).sorted(visits).map { v in columns.map { $0.1(v) } }))
    }

    /// "No regions visited in Japan." / "No regions visited."
    static func nothing(_ what: String, in places: Place?...) -> String {
        let names = places.compactMap { $0?.name }
        return "No \(what) visited\(names.isEmpty ? "" : " in " + names.joined(separator: ", "))."
    }
}
