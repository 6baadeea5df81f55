import Foundation
import SQLite

extension TravelLog {
    /// Starts remembering which photos a run met (in a temporary table: it vanishes with the
    /// connection, so a killed run leaves nothing half-marked).
    public func beginPresenceTracking() throws {
        try database.execute("CREATE TEMP TABLE IF NOT EXISTS seen (id INTEGER PRIMARY KEY); DELETE FROM temp.seen")
    }

    public func markSeen(_ id: Int64) throws {
        let s = try statement("INSERT OR IGNORE INTO temp.seen (id) VALUES (?)")
        try s.bind(id)
        try s.run()
    }

    /// A file that was missing is back at its path.
    public func markPresent(_ id: Int64) throws {
        let s = try statement("UPDATE photos SET missing_since = NULL WHERE id = ?")
        try s.bind(id)
        try s.run()
    }

    /// Marks every photo under `roots` that run `run` neither met (``markSeen(_:)``) nor wrote as
    /// missing since `date`, except at or below the `spared` paths (excluded or unreadable: not
    /// seen, yet not gone); rows are kept (with their history and hand-set places). Returns how
    /// many became missing.
    public func markUnseenMissing(under roots: [String], run: Int64?, since date: Date, sparing spared: [String] = []) throws -> Int {
        var total = 0
        let stamp = ISO8601DateFormatter().string(from: date)
        try database.execute("CREATE TEMP TABLE IF NOT EXISTS spared (path TEXT PRIMARY KEY); DELETE FROM temp.spared")
        for path in spared {
            let s = try statement("INSERT OR IGNORE INTO temp.spared (path) VALUES (?)")
            try s.bind(path)
            try s.run()
        }
        for root in roots {
            let prefix = root.hasSuffix("/") ? root : root + "/"
            let s = try statement("""
                UPDATE photos SET missing_since = ?
                WHERE missing_since IS NULL AND substr(path, 1, length(?)) = ? AND id NOT IN (SELECT id FROM temp.seen) AND updated_run IS NOT ?
                AND NOT EXISTS (SELECT 1 FROM temp.spared s WHERE photos.path = s.path OR substr(photos.path, 1, length(s.path) + 1) = s.path || '/')
                """)
            try s.bind(stamp, prefix, prefix, run)
            try s.run()
            total += database.changes
        }
        return total
    }

    public func missingCount() throws -> Int {
        try statement("SELECT count(*) FROM photos WHERE missing_since IS NOT NULL").scalarInt() ?? 0
    }

    /// Whether `path`, with this size and modification time, is a known non-image file.
    public func isOtherFile(path: String, size: Int64, modifiedNs: Int64) throws -> Bool {
        let s = try statement("SELECT 1 FROM other_files WHERE path = ? AND size = ? AND mtime_ns = ?")
        try s.bind(path, size, modifiedNs)
        return try s.scalarInt() != nil
    }

    /// Remembers a file that is no image, so the next import passes it over unopened.
    public func recordOtherFile(path: String, size: Int64, modifiedNs: Int64) throws {
        let s = try statement("INSERT OR REPLACE INTO other_files (path, size, mtime_ns) VALUES (?, ?, ?)")
        try s.bind(path, size, modifiedNs)
        try s.run()
    }
}

extension TravelLog {
    /// Whether the log has any row, photo or other file, at `root` or below it: when it has
    /// none, an import of `root` need not ask about each file.
    public func knowsFiles(under root: String) throws -> Bool {
        let below = root.hasSuffix("/") ? root : root + "/"
        // '0' follows '/': the range is exactly the paths that start with `below`.
        let after = String(below.dropLast()) + "0"
        for table in ["photos", "other_files", "tracks", "histories"] where try hasTable(table) {
            let s = try statement("SELECT 1 FROM \(table) WHERE path = ? OR (path >= ? AND path < ?) LIMIT 1")
            try s.bind(root, below, after)
            if try s.scalarInt() != nil { return true }
        }
        return false
    }

    /// The paths of the walk errors recorded under `roots`.
    public func walkErrorPaths(under roots: [String]) throws -> Set<String> {
        Set(try paths(in: "walk_errors", under: roots))
    }

    /// Replaces the walk errors recorded under `roots` with `errors` (path, kind, message).
    public func replaceWalkErrors(under roots: [String], with errors: [(path: String, kind: String, message: String)], run: Int64?) throws {
        for root in roots {
            let s = try statement("DELETE FROM walk_errors WHERE path = ? OR substr(path, 1, length(?) + 1) = ? || '/'")
            try s.bind(root, root, root)
            try s.run()
        }
        for e in errors {
            let s = try statement("INSERT OR REPLACE INTO walk_errors (path, kind, message, run) VALUES (?, ?, ?, ?)")
            try s.bind(e.path, e.kind, e.message, run)
            try s.run()
        }
    }
}
