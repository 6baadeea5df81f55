import CSQLite

/// A failed SQLite call: the result code, SQLite's message, and the file it concerns.
///
/// ```swift
/// catch let error as SQLiteError where error.code == SQLITE_BUSY { ... }
/// ```
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    public let code: Int32
    public let message: String
    public let path: String

    public init(code: Int32, message: String, path: String) {
        self.code = code
        self.message = message
        self.path = path
    }

    /// The primary result code (`SQLITE_BUSY` for `SQLITE_BUSY_SNAPSHOT`, ...).
    public var primaryCode: Int32 { code & 0xFF }

    public var description: String { "\(path): \(message) (SQLite error \(code))" }
}
