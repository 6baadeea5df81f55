import SQLite

/// What ranking needs to know about one row of the FTS5 `search` table, without its text.
struct SearchRowFacts: Sendable {
    let kind: PlaceKind
    let importance: Int
    /// Words in the row's name, as the tokenizer counted them: an exact-name match is a match
    /// of the query's words at the start of the name that has exactly that many words.
    let nameTokens: Int

    /// Facts of a few rows read from the FTS5 shadow tables, one indexed lookup each: cheaper
    /// than loading ``SearchRankIndex`` while candidate sets stay small.
    static func read(_ rowids: [Int64], in db: Database) throws -> [Int64: SearchRowFacts] {
        let s = try db.prepare("SELECT c.c5, c.c6, d.sz FROM search_content c JOIN search_docsize d ON d.id = c.id WHERE c.id = ?")
        var out: [Int64: SearchRowFacts] = [:]
        out.reserveCapacity(rowids.count)
        for rowid in rowids {
            try s.bind(rowid)
            guard try s.step(), let kind = s.string(0).flatMap(PlaceKind.init(rawValue:)) else { continue }
            out[rowid] = SearchRowFacts(kind: kind, importance: s.int(1), nameTokens: s.withBlob(2) { firstVarint($0) })
        }
        return out
    }

    /// `search_docsize.sz` is one varint per column; the name is the first column.
    static func firstVarint(_ bytes: UnsafeRawBufferPointer) -> Int {
        var value = 0
        for byte in bytes.prefix(9) {
            value = value << 7 | Int(byte & 0x7F)
            if byte & 0x80 == 0 { break }
        }
        return value
    }
}

/// Kind, importance and name length of every row of the `search` table, indexed by rowid, so a
/// short prefix matching ten thousand rows ranks in memory instead of reading ten thousand
/// records. Loaded on the first search that needs it (about 1 MB, a few tens of milliseconds).
///
/// Immutable once built; `Sendable`.
final class SearchRankIndex: Sendable {
    /// Candidate sets larger than this load the index rather than read rows one by one.
    static let loadThreshold = 1_500

    private let kinds: [UInt8]
    private let importances: [Int64]
    private let nameTokens: [UInt8]

    init(db: Database) throws {
        let count = try db.prepare("SELECT max(id) FROM search_content").scalarInt() ?? 0
        var kinds = [UInt8](repeating: UInt8.max, count: count + 1)
        var importances = [Int64](repeating: 0, count: count + 1)
        var nameTokens = [UInt8](repeating: 0, count: count + 1)
        let byName = Dictionary(uniqueKeysWithValues: PlaceKind.allCases.map { ($0.rawValue, UInt8($0.rank)) })
        let s = try db.prepare("SELECT c.id, c.c5, c.c6, d.sz FROM search_content c JOIN search_docsize d ON d.id = c.id")
        while try s.step() {
            let rowid = s.int(0)
            guard rowid >= 0, rowid <= count, let kind = s.string(1).flatMap({ byName[$0] }) else { continue }
            kinds[rowid] = kind
            importances[rowid] = Int64(s.int(2))
            nameTokens[rowid] = UInt8(min(255, s.withBlob(3) { SearchRowFacts.firstVarint($0) }))
        }
        (self.kinds, self.importances, self.nameTokens) = (kinds, importances, nameTokens)
    }

    func facts(_ rowid: Int64) -> SearchRowFacts? {
        guard rowid >= 0, rowid < kinds.count, kinds[Int(rowid)] != UInt8.max else { return nil }
        let i = Int(rowid)
        return SearchRowFacts(kind: PlaceKind.allCases[Int(kinds[i])], importance: Int(importances[i]), nameTokens: Int(nameTokens[i]))
    }
}
