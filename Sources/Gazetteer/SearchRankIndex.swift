import SQLite

/// What ranking needs to know about one row of the FTS5 `search` table, without its text.
struct SearchRowFacts: Sendable {
    let kind: PlaceKind
    let importance: Int

    /// Facts of a few rows read from `search_rows` (the FTS5 table is contentless), one
    /// indexed lookup each: cheaper than loading ``SearchRankIndex`` while candidate sets stay small.
    static func read(_ rowids: [Int64], in db: Database, _ statements: StatementCache) throws -> [Int64: SearchRowFacts] {
        let s = try statements.prepare("SELECT place, importance FROM search_rows WHERE id = ?", db)
        var out: [Int64: SearchRowFacts] = [:]
        out.reserveCapacity(rowids.count)
        for rowid in rowids {
            try s.bind(rowid)
            guard try s.step(), let kind = s.withBlob(0, kind(ofPlace:)) else { continue }
            out[rowid] = SearchRowFacts(kind: kind, importance: s.int(1))
        }
        return out
    }

    /// The rows whose name has exactly `words` words, as the tokenizer counted them (the build
    /// counts them with the index's own tokenizer): with a match of the query's words at the
    /// start of the name, that is an exact-name match.
    static func rows(_ rowids: [Int64], withNameWords words: Int, in db: Database, _ statements: StatementCache) throws -> Set<Int64> {
        let s = try statements.prepare("SELECT words FROM search_rows WHERE id = ?", db)
        var out = Set<Int64>()
        for rowid in rowids {
            try s.bind(rowid)
            if try s.step(), s.int(0) == words { out.insert(rowid) }
        }
        return out
    }

    /// The kind of a row's place (`search_rows.place`, "city:1857910"), told by its first
    /// letter and where its colon is (distinct for the seven kinds), so no string is built per
    /// row. The index keeps no kind column: the identifier already says it.
    static func kind(ofPlace bytes: UnsafeRawBufferPointer) -> PlaceKind? {
        guard let colon = bytes.prefix(10).firstIndex(of: UInt8(ascii: ":")) else { return nil }
        return switch (bytes.first, colon) {
        case (UInt8(ascii: "c"), 9): .continent
        case (UInt8(ascii: "c"), 7): .country
        case (UInt8(ascii: "r"), 6): .region
        case (UInt8(ascii: "s"), 9): .subregion
        case (UInt8(ascii: "c"), 4): .city
        case (UInt8(ascii: "d"), 8): .district
        case (UInt8(ascii: "a"), 7): .airport
        default: nil
        }
    }
}

/// Kind and importance of every row of the `search` table, indexed by rowid, so a
/// short prefix matching ten thousand rows ranks in memory instead of reading ten thousand
/// records. Loaded on the first search that needs it (about 2 MB, a few tens of milliseconds).
///
/// Immutable once built; `Sendable`.
final class SearchRankIndex: Sendable {
    /// Candidate sets larger than this load the index rather than read rows one by one.
    static let loadThreshold = 1_500

    private static let kindsByRank = PlaceKind.allCases
    private let kinds: [UInt8]
    private let importances: [Int64]

    /// One sequential scan of `search_rows`; the kind is told from the place's identifier
    /// (``SearchRowFacts/kind(ofPlace:)``), so no string is built per row.
    init(db: Database) throws {
        let count = try db.prepare("SELECT max(id) FROM search_rows").scalarInt() ?? 0
        var kinds = [UInt8](repeating: UInt8.max, count: count + 1)
        var importances = [Int64](repeating: 0, count: count + 1)
        let s = try db.prepare("SELECT id, place, importance FROM search_rows")
        while try s.step() {
            let rowid = s.int(0)
            guard rowid >= 0, rowid <= count, let kind = s.withBlob(1, SearchRowFacts.kind(ofPlace:)) else { continue }
            kinds[rowid] = UInt8(kind.rank)
            importances[rowid] = Int64(s.int(2))
        }
        (self.kinds, self.importances) = (kinds, importances)
    }

    func facts(_ rowid: Int64) -> SearchRowFacts? {
        guard rowid >= 0, rowid < kinds.count, kinds[Int(rowid)] != UInt8.max else { return nil }
        let i = Int(rowid)
        return SearchRowFacts(kind: Self.kindsByRank[Int(kinds[i])], importance: Int(importances[i]))
    }
}
