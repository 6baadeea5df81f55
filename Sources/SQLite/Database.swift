import CSQLite
import Foundation

/// One SQLite connection. The gazetteer opens its file read-only and immutable; the travel log
/// opens its own read-write, in WAL mode.
///
/// ```swift
/// let db = try Database(path: "gazetteer.sqlite", mode: .readOnlyImmutable)
/// let n = try db.prepare("SELECT count(*) FROM cities").scalarInt()
/// ```
///
/// A connection is opened in SQLite's multi-thread mode: use it from one thread at a time
/// (wrap it in a lock or give each thread its own).
public final class Database: @unchecked Sendable {
    public enum Mode: Sendable {
        /// Read-only, and promised never to change: no locks, no journal, safe to share files.
        case readOnlyImmutable
        /// Read-only, but another process may be writing (WAL readers).
        case readOnly
        /// Read-write, created if missing.
        case readWrite
    }

    public let path: String
    let handle: OpaquePointer

    /// Process-wide settings, made once before the first connection. Memory statistics off:
    /// nothing reads them, and keeping them took a global mutex around every allocation
    /// SQLite made (two per text bound, several per row written or read).
    private static let configured: Bool = {
        _ = csqlite_config_memstatus(0)
        return true
    }()

    public init(path: String, mode: Mode) throws {
        _ = Self.configured
        self.path = path
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI
        let name: String
        switch mode {
        case .readOnlyImmutable:
            flags |= SQLITE_OPEN_READONLY
            name = "file:" + Database.uriEscaped(path) + "?immutable=1"
        case .readOnly:
            flags |= SQLITE_OPEN_READONLY
            name = "file:" + Database.uriEscaped(path)
        case .readWrite:
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            name = "file:" + Database.uriEscaped(path)
        }
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            let cause = db.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(db)
            throw SQLiteError(code: rc, message: message, path: path, systemErrno: cause)
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { sqlite3_close_v2(handle) }

    /// Percent-escapes what a URI filename cannot hold literally.
    private static func uriEscaped(_ path: String) -> String {
        var out = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "%", "?", "#": out += String(format: "%%%02X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    func error(_ code: Int32) -> SQLiteError {
        SQLiteError(code: code, message: String(cString: sqlite3_errmsg(handle)), path: path, systemErrno: sqlite3_system_errno(handle))
    }

    /// Runs one or more statements that return no rows.
    public func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        guard rc == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(handle))
            sqlite3_free(message)
            throw SQLiteError(code: rc, message: text, path: path, systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// Runs `body` with the file memory-mapped: a bulk read of megabytes of blobs then costs no
    /// system call per page. The mapping ends with `body`, so the pages it touched do not stay
    /// resident.
    ///
    /// ```swift
    /// let polygons = try db.withMemoryMap { try readEveryBoundary(db) }
    /// ```
    public func withMemoryMap<T>(_ body: () throws -> T) throws -> T {
        try execute("PRAGMA mmap_size = 268435456")
        defer { try? execute("PRAGMA mmap_size = 0") }
        return try body()
    }

    public func prepare(_ sql: String) throws -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// How long a writer waits for another connection's lock before `SQLITE_BUSY`.
    public func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs `body` in a transaction: committed when it returns, rolled back when it throws.
    public func transaction<T>(immediate: Bool = true, _ body: () throws -> T) throws -> T {
        try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
        do {
            let result = try body()
            try execute("COMMIT")
            return result
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// True inside `BEGIN` … `COMMIT`: lets a caller that may run inside a larger transaction join it.
    public var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    public var changes: Int { Int(sqlite3_changes(handle)) }
    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
}
