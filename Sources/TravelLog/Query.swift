/// SQL text that a ``TravelLog`` prepares once and then finds by the object's identity: for
/// statements run once per photo, whose long text would otherwise be hashed on every call.
///
/// ```swift
/// static let count = Query("SELECT count(*) FROM photos")
/// let n = try statement(Self.count).scalarInt()
/// ```
///
/// Immutable, so thread-safe; the statements prepared from it belong to one connection.
final class Query: Sendable {
    let sql: String
    init(_ sql: String) { self.sql = sql }
}
