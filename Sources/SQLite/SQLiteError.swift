import CSQLite
#if canImport(Glibc)
import Glibc
#endif

/// A failed SQLite call: the result code, SQLite's message, and the file it concerns.
///
/// ```swift
/// catch let error as SQLiteError where error.code == SQLITE_BUSY { ... }
/// ```
public struct SQLiteError: Error, Sendable, CustomStringConvertible {
    public let code: Int32
    public let message: String
    public let path: String

    /// Whether the disk holding `path` had no room for the write that failed: `SQLITE_FULL`, or
    /// an I/O error (`SQLITE_IOERR_SHMSIZE`, `_WRITE`, `_FSYNC`…) whose cause was `ENOSPC` or
    /// `EDQUOT`. Decided when the error is made, while the cause is still there to see.
    public let diskIsFull: Bool

    public init(code: Int32, message: String, path: String, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.path = path
        diskIsFull = code & 0xFF == SQLITE_FULL
            || (code & 0xFF == SQLITE_IOERR && Self.noRoom(errno: systemErrno, beside: path))
    }

    /// The primary result code (`SQLITE_BUSY` for `SQLITE_BUSY_SNAPSHOT`, ...).
    public var primaryCode: Int32 { code & 0xFF }

    public var description: String {
        diskIsFull ? "\(path): the disk is full; free some space and run this again (SQLite error \(code))"
            : "\(path): \(message) (SQLite error \(code))"
    }

    /// SQLite keeps the `errno` of its last system call, but not every path sets it (the
    /// shared-memory file's growth does not), so an I/O error with no cause recorded is also
    /// taken for a full disk when the file's own disk has less than a page cluster left.
    private static func noRoom(errno: Int32, beside path: String) -> Bool {
        if errno == ENOSPC || errno == EDQUOT { return true }
        guard errno == 0, !path.isEmpty, path != ":memory:" else { return false }
        var disk = statvfs()
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        guard statvfs(folder.isEmpty ? "/" : folder, &disk) == 0 else { return false }
        return UInt64(disk.f_bavail) * UInt64(disk.f_frsize) < 64 * 1024
    }
}
