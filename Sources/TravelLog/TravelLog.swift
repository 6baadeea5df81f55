import Foundation
import SQLite

/// The user's travel log: one SQLite file holding a row per imported photo (with a snapshot of
/// its place chain), the import runs, and the places people corrected by hand. Reference data
/// never lives here.
///
/// ```swift
/// let log = try TravelLog(path: TravelLog.defaultPath())
/// for problem in try log.errors() { print(problem.path, problem.message) }
/// ```
///
/// Opened in WAL mode with foreign keys on and a busy timeout, so a second process waits for a
/// writer instead of failing. One connection: use a `TravelLog` from one thread at a time.
public final class TravelLog {
    public let path: String
    public let database: Database
    var statements: [String: Statement] = [:]
    var queries: [ObjectIdentifier: Statement] = [:]
    private var isReading = false
    /// Whether a ``write(_:)`` computes what it left stale (``AggregateFold``: the dates of
    /// rewritten rows, track days reached out of time order) before it commits. An import turns
    /// this off and calls ``refreshAggregates()`` at its end: a date spread over many batches is
    /// then read once, and a batch killed meanwhile leaves its dates noted as stale, which
    /// readers compute and the next writer refreshes. New photos are folded in either way.
    public var refreshesAggregatesOnWrite = true
    /// The photos the current write inserted, folded into the aggregates at its commit.
    var fold = AggregateFold()
    /// Whether writes keep the points of the track days their inserts created, from one
    /// transaction to the next (``TrackMemory``): an import turns this on while it writes the
    /// files it read, so that a day written out of time order is computed then, not from its
    /// photos at the end. Turned off, the points are dropped.
    public var holdsTrackPoints: Bool {
        get { trackMemory != nil }
        set { trackMemory = newValue ? trackMemory ?? TrackMemory() : nil }
    }
    var trackMemory: TrackMemory?
    /// How long a statement waits for another process's write lock.
    public static let busyTimeoutMilliseconds: Int32 = 10_000

    /// Opens the log at `path`, creating it (and its directory) when missing, and applies the
    /// migrations it lacks. With `readOnly`, a missing file is an error and nothing is migrated.
    /// A file that is no travel log (the gazetteer, another program's database) is refused
    /// before anything is written to it.
    public convenience init(path: String, readOnly: Bool = false) throws {
        try self.init(path: path, readOnly: readOnly, patience: Self.busyTimeoutMilliseconds)
    }

    /// `patience`: how long a reader waits for an import that is bringing an older log up to date.
    init(path: String, readOnly: Bool, patience: Int32) throws {
        self.path = path
        try Self.refuseFolder(path)
        if readOnly {
            guard FileManager.default.fileExists(atPath: path) else { throw TravelLogError.missing(path) }
        } else {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        do {
            database = try readOnly ? Self.openForReading(path, patience: patience) : Self.open(path, readOnly: false)
            try database.execute("PRAGMA foreign_keys = ON")
            if !readOnly {
                // WAL: readers never block the importer, and a killed writer leaves only an
                // uncommitted tail that the next open discards.
                try database.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL")
                try migrate()
                try restoreBulkLoadIndexes()
                try refreshAggregates()
            } else if try schemaVersion() > Self.migrations.count {
                throw TravelLogError.newerSchema(path, try schemaVersion())
            }
        } catch let error as SQLiteError {
            throw TravelLogError.sqlite(error)
        }
    }

    /// Throws unless `path` is free for a travel log: absent, empty, or a travel log already.
    /// Reads only, so a command can check before it takes the import lock beside the file.
    public static func check(path: String) throws {
        try refuseFolder(path)
        // stat, not FileManager's attributes, which look up the owner's and group's names: on a
        // host with LDAP or SSSD, a network call.
        var status = stat()
        guard stat(path, &status) == 0, status.st_size > 0 else { return }
        do {
            try identify(Database(path: path, mode: .readOnly), path: path)
        } catch let error as SQLiteError {
            throw TravelLogError.sqlite(error)
        }
    }

    /// A connection to a recognised log. Read-only, a log in a folder this process cannot write
    /// (a read-only disk, a backup mounted so) is opened immutable: SQLite could not create the
    /// shared-memory file WAL readers need, and nothing can change the file meanwhile anyway.
    private static func open(_ path: String, readOnly: Bool) throws -> Database {
        func connect(_ mode: Database.Mode) throws -> Database {
            let database = try Database(path: path, mode: mode)
            database.setBusyTimeout(milliseconds: busyTimeoutMilliseconds)
            try identify(database, path: path)
            return database
        }
        guard readOnly else { return try connect(.readWrite) }
        do {
            return try connect(.readOnly)
        } catch let error as SQLiteError where [8, 14].contains(error.primaryCode) {    // READONLY, CANTOPEN
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            guard access(directory, W_OK) != 0 else { throw error }
            return try connect(.readOnlyImmutable)
        }
    }

    /// A read-only connection to a current log. A log from an older atlas is brought up to date
    /// first (briefly read-write), so reading commands see the columns they ask for; where it
    /// cannot be written, that is said. While an import holds the lock, it is the one bringing
    /// the log up to date (a reader that migrated would take SQLite's write lock from under it):
    /// the reader waits for its migration, which lands in one transaction, for up to `patience`
    /// milliseconds. A file with no tables yet (an import killed before its first commit, or
    /// still making it) reads as an empty log, and nothing is written to it.
    private static func openForReading(_ path: String, patience: Int32) throws -> Database {
        let database = try open(path, readOnly: true)
        let version = try database.prepare("PRAGMA user_version").scalarInt() ?? 0
        guard version < migrations.count else { return database }
        if version == 0 { return try emptyLog() }
        guard access(URL(fileURLWithPath: path).deletingLastPathComponent().path, W_OK) == 0 else {
            throw TravelLogError.needsUpgrade(path, version)
        }
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, patience)) * 1_000_000
        while true {
            if let lock = try ImportLock(logPath: path) {
                defer { lock.release() }
                _ = try TravelLog(path: path)
                return try open(path, readOnly: true)
            }
            let again = try open(path, readOnly: true)
            if try again.prepare("PRAGMA user_version").scalarInt() == migrations.count { return again }
            guard DispatchTime.now().uptimeNanoseconds < deadline else { throw TravelLogError.upgrading(path, version) }
            usleep(20_000)
        }
    }

    /// A log with every table and no row, in memory: what a reader sees of a file that has no
    /// tables yet.
    private static func emptyLog() throws -> Database {
        let database = try Database(path: ":memory:", mode: .readWrite)
        try database.execute(migrations.joined(separator: "\n"))
        try database.execute("PRAGMA user_version = \(migrations.count); PRAGMA application_id = \(applicationID)")
        return database
    }

    /// `--db` naming a folder gets a plain answer, not SQLite's "disk I/O error".
    private static func refuseFolder(_ path: String) throws {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw TravelLogError.notATravelLog(path, "a folder; name the log's file, such as \(path)/atlas.sqlite")
        }
    }

    /// `$ATLAS_DB`, else `$XDG_DATA_HOME/travel-atlas/atlas.sqlite`, else
    /// `~/.local/share/travel-atlas/atlas.sqlite`.
    public static func defaultPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let explicit = environment["ATLAS_DB"], !explicit.isEmpty { return explicit }
        let base: String
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            base = (environment["HOME"] ?? NSHomeDirectory()) + "/.local/share"
        }
        return base + "/travel-atlas/atlas.sqlite"
    }

    /// Lets the connection keep up to `kibibytes` of pages in memory (SQLite's default is
    /// 2 MiB). A write transaction whose dirty pages do not fit spills them into the WAL before
    /// its commit, which then writes them again.
    public func reservePageCache(kibibytes: Int) throws {
        try database.execute("PRAGMA cache_size = -\(max(1, kibibytes))")
    }

    /// `PRAGMA integrity_check`: `["ok"]` when the file is sound.
    public func integrityCheck() throws -> [String] {
        let s = try database.prepare("PRAGMA integrity_check")
        var lines: [String] = []
        while try s.step() { lines.append(s.string(0) ?? "") }
        return lines
    }

    /// Runs `body` in one write transaction; inside another `write`, it joins that one (so a
    /// restore of thousands of rows is one transaction and all or nothing). Ends a read scope
    /// first (see ``beginReading()``).
    public func write<T>(_ body: () throws -> T) throws -> T {
        try endReading()
        if database.isInTransaction { return try body() }
        fold = AggregateFold(open: true)
        defer { fold = AggregateFold() }
        do {
            return try database.transaction {
                let result = try body()
                try foldInserted()
                if refreshesAggregatesOnWrite {
                    try refreshStaleDays()
                    try refreshSnapshot()
                }
                return result
            }
        } catch {
            // Rolled back: the points held may be of rows that are not there.
            trackMemory?.clear()
            throw error
        }
    }

    /// Opens a read transaction that the queries after it share, until ``endReading()`` or the
    /// next ``write(_:)``: an import asks "do you know this file?" once per file, and outside a
    /// transaction each question takes and drops SQLite's file locks (several `fcntl` calls).
    /// Other processes may still write meanwhile; a read scope holds no write lock.
    public func beginReading() throws {
        guard !isReading, !database.isInTransaction else { return }
        try database.execute("BEGIN DEFERRED")
        isReading = true
    }

    public func endReading() throws {
        guard isReading else { return }
        isReading = false
        try database.execute("COMMIT")
    }
}
