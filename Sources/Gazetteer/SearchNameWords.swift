import SQLite

/// How many words the name of every row of the FTS5 `search` table has (`search_rows.words`,
/// counted by the build with the index's tokenizer), so that a query whose words start
/// thousands of names ("san", "la") can tell the exact names among them without reading
/// thousands of rows. Loaded on the first such query (about 300 KB, a few tens of milliseconds).
///
/// Immutable once built; `Sendable`.
final class SearchNameWords: Sendable {
    private let words: [UInt8]

    init(db: Database) throws {
        let count = try db.prepare("SELECT max(id) FROM search_rows").scalarInt() ?? 0
        var words = [UInt8](repeating: 0, count: count + 1)
        let s = try db.prepare("SELECT id, words FROM search_rows")
        while try s.step() {
            let rowid = s.int(0)
            guard rowid >= 0, rowid <= count else { continue }
            words[rowid] = UInt8(max(0, min(255, s.int(1))))
        }
        self.words = words
    }

    /// Words in the row's name; 0 for an unknown row.
    func count(_ rowid: Int64) -> Int {
        rowid >= 0 && rowid < words.count ? Int(words[Int(rowid)]) : 0
    }
}
