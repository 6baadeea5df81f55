import Foundation
import SQLite

extension TravelLog {
    /// What the log knows about a path: enough to decide whether the file must be read again.
    public struct StoredFile: Sendable, Equatable {
        public let id: Int64
        public let size: Int64
        public let modifiedNs: Int64
        public let isMissing: Bool
        public let hasPosition: Bool
        /// The error kind recorded for the file, when it could not be read.
        public let errorKind: String?
        /// ``PhotoRecord/format``.
        public let format: String?
        /// ``PhotoRecord/positionSource``.
        public let positionSource: String?
        /// ``PhotoRecord/sidecars``: the file is read again when they differ.
        public let sidecars: String?
    }

    public func storedFile(at path: String) throws -> StoredFile? {
        let s = try statement("SELECT id, size, mtime_ns, missing_since IS NOT NULL, latitude IS NOT NULL, error_kind, format, position_source, sidecars FROM photos WHERE path = ?")
        try s.bind(path)
        defer { s.reset() }
        guard try s.step() else { return nil }
        return StoredFile(id: Int64(s.int(0)), size: Int64(s.int(1)), modifiedNs: Int64(s.int(2)), isMissing: s.int(3) != 0,
                          hasPosition: s.int(4) != 0, errorKind: s.string(5), format: s.string(6), positionSource: s.string(7), sidecars: s.string(8))
    }

    /// Inserts the record, or replaces the row at its path, keeping the row's identity (and so
    /// its hand-set place). Returns the photo id.
    @discardableResult
    public func save(_ record: PhotoRecord, run: Int64?) throws -> Int64 {
        foldBlocked()
        let s = try statement(Self.save, record, then: run, run)
        let before = database.lastInsertRowID
        try s.run()
        // No RETURNING clause: SQLite buffers its rows in a temporary b-tree, which cost a
        // third of every insert. An insert moves the last rowid; an update of the row at the
        // path does not (and a rowid reused after a delete is found by its path all the same).
        let inserted = database.lastInsertRowID
        if inserted != before { return inserted }
        return try photoID(path: record.path) ?? inserted
    }

    /// Inserts the record of a file the log has no row for, and returns its id; should a row be
    /// at that path after all, this is ``save(_:run:)``.
    ///
    /// Faster than `save` for new files: an upsert whose update part sets a foreign-key column
    /// makes SQLite count key violations until the statement ends and open a statement journal
    /// for every row, while a plain insert checks the parent rows before it writes.
    ///
    /// `visit` is the photo as the passport reads it, `VisitPhoto(record: record)`, and
    /// `trackPoint` its point on the track, `TrackDay.Point(visit)` (its UTC time is a parse and
    /// a print), both made beforehand: an import makes them on the thread that read the file,
    /// off the one that writes. Nil: made here.
    @discardableResult
    public func insert(_ record: PhotoRecord, run: Int64?, visit: VisitPhoto? = nil, trackPoint: TrackDay.Point? = nil) throws -> Int64 {
        assert(visit == nil || visit == VisitPhoto(record: record), "the visit of another record")
        assert(trackPoint == nil || trackPoint == TrackDay.Point(visit ?? VisitPhoto(record: record)), "the point of another record")
        try willInsert()
        try statement(Self.insert, record, then: run, run).run()
        guard database.changes == 1 else { return try save(record, run: run) }
        didInsert(record, visit: visit, trackPoint: trackPoint)
        return database.lastInsertRowID
    }

    /// Rewrites photo `id` with `record`, its path included: how a moved file keeps its history.
    public func update(id: Int64, with record: PhotoRecord, run: Int64?) throws {
        foldBlocked()
        try statement(Self.update, record, then: run, id).run()
    }

    /// A row with this fingerprint and size whose file is gone from its recorded path: the
    /// photo this new path is, moved. Rows this run already met (or wrote) are present by definition, so
    /// a library of identical copies costs no more than a few checks per file (needs
    /// ``beginPresenceTracking()``).
    public func movedCandidate(fingerprint: UInt64, size: Int64, run: Int64?, exists: (String) -> Bool) throws -> Int64? {
        let s = try statement("SELECT id, path FROM photos WHERE fingerprint = ? AND size = ? AND id NOT IN (SELECT id FROM temp.seen) AND updated_run IS NOT ? ORDER BY id LIMIT 16")
        try s.bind(Int64(bitPattern: fingerprint), size, run)
        defer { s.reset() }
        while try s.step() {
            if let path = s.string(1), !exists(path) { return Int64(s.int(0)) }
        }
        return nil
    }

    /// The record stored for photo `id`.
    public func record(id: Int64) throws -> PhotoRecord? {
        let s = try statement(Self.recordByID)
        try s.bind(id)
        defer { s.reset() }
        return try s.step() ? PhotoRecord(row: s) : nil
    }

    /// Up to `limit` records with an id above `id`, in id order: bounded pages for whole-log passes.
    public func records(after id: Int64, limit: Int) throws -> [(id: Int64, record: PhotoRecord)] {
        let s = try statement("SELECT \(PhotoRecord.columns.joined(separator: ", ")), id FROM photos WHERE id > ? ORDER BY id LIMIT ?")
        try s.bind(id, limit)
        defer { s.reset() }
        var page: [(Int64, PhotoRecord)] = []
        while try s.step() { page.append((Int64(s.int(Int32(PhotoRecord.columns.count))), PhotoRecord(row: s))) }
        return page
    }

    /// The photo named by its id number or its path.
    public func photoID(_ text: String) throws -> Int64? {
        if let id = Int64(text), try record(id: id) != nil { return id }
        return try photoID(path: text)
    }

    func photoID(path: String) throws -> Int64? {
        let s = try statement("SELECT id FROM photos WHERE path = ?")
        try s.bind(path)
        return try s.scalarInt().map(Int64.init)
    }

    public func photoCount() throws -> Int {
        try statement("SELECT count(*) FROM photos").scalarInt() ?? 0
    }

    /// `query` with `record` bound to its first parameters and `a`, `b` to the two after them.
    private func statement(_ query: Query, _ record: PhotoRecord, then a: Int64?, _ b: Int64?) throws -> Statement {
        let s = try statement(query)
        try record.bind(to: s)
        let next = Int32(PhotoRecord.columns.count + 1)
        try s.set(a, at: next)
        try s.set(b, at: next + 1)
        return s
    }

    /// `count` parameters, `?, ?, …`, for a statement whose columns are listed from a list.
    static func placeholders(_ count: Int32) -> String { Array(repeating: "?", count: Int(count)).joined(separator: ", ") }

    // Built once and found by identity: these run once per photo, and hashing their text for
    // the statement cache cost microseconds each time.
    static let save = Query("""
        INSERT INTO photos (\(PhotoRecord.columns.joined(separator: ", ")), first_run, updated_run)
        VALUES (\(placeholders(Int32(PhotoRecord.columns.count) + 2)))
        ON CONFLICT(path) DO UPDATE SET \(PhotoRecord.columns.dropFirst().map { "\($0) = excluded.\($0)" }.joined(separator: ", ")),
            updated_run = excluded.updated_run, missing_since = NULL
        """)
    static let insert = Query("""
        INSERT INTO photos (\(PhotoRecord.columns.joined(separator: ", ")), first_run, updated_run)
        VALUES (\(placeholders(Int32(PhotoRecord.columns.count) + 2)))
        ON CONFLICT(path) DO NOTHING
        """)
    static let update = Query("""
        UPDATE photos SET \(PhotoRecord.columns.map { "\($0) = ?" }.joined(separator: ", ")),
            updated_run = coalesce(?, updated_run), missing_since = NULL WHERE id = ?
        """)
    static let recordByID = Query("SELECT \(PhotoRecord.columns.joined(separator: ", ")) FROM photos WHERE id = ?")

    /// Statements are prepared once per connection: a re-import asks the same questions
    /// hundreds of thousands of times.
    func statement(_ sql: String) throws -> Statement {
        if let cached = statements[sql] { return cached }
        let s = try database.prepare(sql)
        statements[sql] = s
        return s
    }

    func statement(_ query: Query) throws -> Statement {
        if let cached = queries[ObjectIdentifier(query)] { return cached }
        let s = try database.prepare(query.sql)
        queries[ObjectIdentifier(query)] = s
        return s
    }
}
