import JSONWriter
import Gazetteer
import Passport
import TravelLog

/// How the listings of visits (`countries`, `regions`, `cities`, `airports`, `continents`)
/// print: a table sorted by `--sort` with the identifier last, or JSON lines.
enum VisitListing {
    /// The columns every listing shows after its own: first and last visit, days, photos.
    /// A place known only from undated photos or marks says so in words: a dash read as a
    /// missing value, not as "when is unknown".
    static var columns: [(String, (Visit) -> String)] { [
        ("FIRST", { $0.firstDate ?? "no date" }), ("LAST", { $0.lastDate ?? "no date" }), ("DAYS", { String($0.days.count) }), ("PHOTOS", { String($0.photos) }),
        ("EVIDENCE", { $0.evidence.map(\.rawValue).joined(separator: ",") }),
    ] }

    /// Shows visits as a table sorted by `order` (by name when nil) with the identifier last,
    /// or as JSON lines (by identifier unless `order` is given); `empty` goes to stderr when
    /// there is nothing ("No airports visited.").
    static func list(_ visits: [Visit], json: Bool, order: VisitOrder?, empty: String, columns: [(String, (Visit) -> String)],
                     extra: (Visit) -> [(String, JSONValue)] = { _ in [] }) {
        if json {
            Console.out(jsonLines: (order?.sorted(visits) ?? visits).map { TravelRecord.listing($0, extra: extra($0)) })
            return
        }
        guard !visits.isEmpty else { Console.error(empty); return }
        let columns = columns + [("ID", \.id)]
        Console.out(TextTable.columns(columns.map(\.0), (order ?? .name).sorted(visits).map { v in columns.map { $0.1(v) } }))
    }

    /// "No regions visited in Japan." / "No regions visited."
    static func nothing(_ what: String, in places: Place?...) -> String {
        let names = places.compactMap { $0?.name }
        return "No \(what) visited\(names.isEmpty ? "" : " in " + names.joined(separator: ", "))."
    }
}
