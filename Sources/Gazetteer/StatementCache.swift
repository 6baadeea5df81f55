import SQLite

/// Statements prepared once for the gazetteer's connection and reused by every search: a search
/// runs about fifteen small statements (FTS5 queries, row lookups, the names of a page's
/// ancestors), and preparing them each time cost more than running most of them.
///
/// Used only under the gazetteer's lock, with the connection the statements belong to. Two
/// uses of one SQL text must not overlap: each caller steps its statement before preparing
/// the same text again.
final class StatementCache {
    private var statements: [String: Statement] = [:]

    func prepare(_ sql: String, _ db: Database) throws -> Statement {
        if let known = statements[sql] { return known }
        let statement = try db.prepare(sql)
        statements[sql] = statement
        return statement
    }

    /// Resets every statement, so none stays part-way through its rows between calls.
    func resetAll() {
        for statement in statements.values { statement.reset() }
    }
}
