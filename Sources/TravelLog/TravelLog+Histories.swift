import SQLite

/// Location histories kept in the log (Google Takeout, the phones' Timeline exports, OwnTracks,
/// GeoJSON): each file's points, compactly, in blocks of at most ``historyBlockSize`` by time,
/// its visits and flights, and the days the import derives from all of them
/// (``historyDays()``). A file is read again only when its size or time changes, and then
/// replaces what it gave; a file no longer found is forgotten with everything it gave.
extension TravelLog {
    /// A history file as the log knows it.
    public struct StoredHistory: Sendable, Equatable {
        public var id: Int64 = 0
        public var path: String
        public var size: Int64
        public var modifiedNs: Int64
        /// `google-records`, `owntracks`, … (``LocationHistory/HistoryFormat``); nil when unreadable.
        public var format: String?
        public var pointsRead = 0
        /// Kept: read, less the points within 2 s and 5 m of an earlier one of the same file.
        public var points = 0
        /// Of the kept points, those another history (stored before this one) already had.
        public var duplicates = 0
        public var visits = 0
        public var flights = 0
        public var skipped = 0
        /// The earliest and latest instant it gave, ms since 1970 UTC.
        public var first: Int64?
        public var last: Int64?
        /// Where a file cut short stops (its points before that are kept).
        public var cutOffset: Int64?
        public var error: PhotoRecord.Failure?

        public init(path: String, size: Int64, modifiedNs: Int64) {
            (self.path, self.size, self.modifiedNs) = (path, size, modifiedNs)
        }
    }

    /// Points per stored block: a day or so of a phone's history, decoded in well under a millisecond.
    public static let historyBlockSize = 4096

    private static let historyColumns = """
        id, path, size, mtime_ns, format, points_read, points, duplicates, visits, flights, skipped,
        first_time, last_time, cut_offset, error_kind, error_message
        """

    /// The history stored for `path`, points left out.
    public func storedHistory(at path: String) throws -> StoredHistory? {
        let s = try statement("SELECT \(Self.historyColumns) FROM histories WHERE path = ?")
        try s.bind(path)
        defer { s.reset() }
        return try s.step() ? StoredHistory(row: s) : nil
    }

    /// Every history stored, in path order, points left out.
    public func storedHistories() throws -> [StoredHistory] {
        guard try hasTable("histories") else { return [] }
        let s = try statement("SELECT \(Self.historyColumns) FROM histories ORDER BY path")
        defer { s.reset() }
        var out: [StoredHistory] = []
        while try s.step() { out.append(StoredHistory(row: s)) }
        return out
    }

    /// Stores what a history file gave, in place of what it gave before: `points` sorted by
    /// instant, and its visits and flights. Returns its id.
    @discardableResult
    public func saveHistory(_ h: StoredHistory, points: [TimedPosition], segments: [HistorySegment], run: Int64?) throws -> Int64 {
        let delete = try statement("DELETE FROM histories WHERE path = ?")
        try delete.bind(h.path).run()
        let insert = try statement("""
            INSERT INTO histories (path, size, mtime_ns, format, points_read, points, duplicates, visits, flights, skipped,
                first_time, last_time, cut_offset, error_kind, error_message, run)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
        try insert.bind(h.path, h.size, h.modifiedNs, h.format, h.pointsRead, h.points, h.duplicates, h.visits, h.flights, h.skipped,
                        h.first, h.last, h.cutOffset, h.error?.kind, h.error?.message, run).run()
        let id = database.lastInsertRowID
        let block = try statement("INSERT INTO history_blocks (history_id, first_time, last_time, points, data) VALUES (?, ?, ?, ?, ?)")
        var start = 0
        while start < points.count {
            let end = min(start + Self.historyBlockSize, points.count)
            let slice = Array(points[start..<end])
            try block.bind(id, slice.first!.instant, slice.last!.instant, slice.count, TimedPosition.encode(slice)).run()
            start = end
        }
        let segment = try statement("INSERT INTO history_segments (history_id, kind, start_time, end_time, latitude, longitude) VALUES (?, ?, ?, ?, ?, ?)")
        for s in segments { try segment.bind(id, s.kind.rawValue, s.start, s.end, s.latitude, s.longitude).run() }
        return id
    }

    /// Sets how many of each history's points another history had already (by id).
    public func setHistoryDuplicates(_ duplicates: [Int64: Int]) throws {
        let s = try statement("UPDATE histories SET duplicates = ? WHERE id = ?")
        for (id, count) in duplicates.sorted(by: { $0.key < $1.key }) { try s.bind(count, id).run() }
    }

    /// Forgets the histories at or below `roots` whose paths are not in `present` (files the
    /// walk no longer found), with their points. Returns how many.
    public func removeHistories(under roots: [String], except present: Set<String>) throws -> Int {
        let gone = try paths(in: "histories", under: roots).filter { !present.contains($0) }
        let delete = try statement("DELETE FROM histories WHERE path = ?")
        for path in gone { try delete.bind(path).run() }
        return gone.count
    }

    /// The span of every stored point, ms since 1970 UTC; nil without any.
    public func historySpan() throws -> (first: Int64, last: Int64)? {
        guard try hasTable("history_blocks") else { return nil }
        let s = try statement("SELECT min(first_time), max(last_time) FROM history_blocks")
        defer { s.reset() }
        guard try s.step(), !s.isNull(0) else { return nil }
        return (Int64(s.int(0)), Int64(s.int(1)))
    }

    /// Calls `body` with each stored block of points that has a point in `from...to`, with the
    /// id of its history, in the order of the blocks' first instants. A block is handed whole.
    public func forEachHistoryBlock(from: Int64, to: Int64, _ body: (_ history: Int64, _ points: [TimedPosition]) throws -> Void) throws {
        let s = try statement("""
            SELECT history_id, data FROM history_blocks WHERE last_time >= ? AND first_time <= ? ORDER BY first_time, history_id
            """)
        try s.bind(from, to)
        defer { s.reset() }
        while try s.step() {
            let id = Int64(s.int(0))
            guard let points = s.withBlob(1, TimedPosition.decode) else { throw TravelLogError.damagedHistory(path, id) }
            try body(id, points)
        }
    }

    /// The places the histories label as home (``HistorySegment/Kind/home``), with the file
    /// that says so and when it last held (ms since 1970 UTC), by path: evidence for `atlas home`.
    public func labelledHomes() throws -> [(path: String, latitude: Double, longitude: Double, asOf: Int64)] {
        guard try hasTable("history_segments") else { return [] }
        let s = try statement("""
            SELECT h.path, s.latitude, s.longitude, s.end_time FROM history_segments s JOIN histories h ON h.id = s.history_id
            WHERE s.kind = 'home' AND s.latitude IS NOT NULL AND s.longitude IS NOT NULL ORDER BY h.path, s.latitude, s.longitude
            """)
        defer { s.reset() }
        var out: [(String, Double, Double, Int64)] = []
        while try s.step() { out.append((s.string(0) ?? "", s.double(1), s.double(2), Int64(s.int(3)))) }
        return out
    }

    /// Every stored visit, flight and labelled home, by start, with the id of its history.
    public func historySegments() throws -> [(history: Int64, segment: HistorySegment)] {
        let s = try statement("SELECT history_id, kind, start_time, end_time, latitude, longitude FROM history_segments ORDER BY start_time, history_id")
        defer { s.reset() }
        var out: [(Int64, HistorySegment)] = []
        while try s.step() {
            guard let kind = s.string(1).flatMap(HistorySegment.Kind.init(rawValue:)) else { continue }
            out.append((Int64(s.int(0)), HistorySegment(kind: kind, start: Int64(s.int(2)), end: Int64(s.int(3)),
                                                        latitude: s.optionalDouble(4), longitude: s.optionalDouble(5))))
        }
        return out
    }

    /// The days the histories give (``PlaceDay`` rows with ``PlaceDay/historyPoints``): a stay
    /// is a `visit` row, a place passed through a `transit` row. Empty for a log without histories.
    public func historyDays() throws -> [PlaceDay] {
        guard try hasTable("history_days") else { return [] }
        let s = try statement("SELECT \(Self.placeDayColumns), points FROM history_days")
        defer { s.reset() }
        var rows: [PlaceDay] = []
        var places = PlaceDay.Interner()
        while try s.step() {
            guard var row = Self.placeDay(s, places: &places) else { continue }
            row.historyPoints = s.int(Self.placeDayColumnCount)
            rows.append(row)
        }
        return PlaceDay.sorted(rows)
    }

    /// Replaces the days the histories give.
    public func replaceHistoryDays(_ days: [PlaceDay]) throws {
        try database.execute("DELETE FROM history_days")
        let insert = try statement("INSERT INTO history_days (\(Self.placeDayColumns), points) VALUES (\(Self.placeholders(Self.placeDayColumnCount + 1)))")
        for d in days {
            try Self.bind(d, to: insert)
            try insert.set(d.historyPoints, at: Self.placeDayColumnCount + 1)
            try insert.run()
        }
    }
}

extension TravelLog.StoredHistory {
    init(row s: Statement) {
        self.init(path: s.string(1) ?? "", size: Int64(s.int(2)), modifiedNs: Int64(s.int(3)))
        id = Int64(s.int(0))
        format = s.string(4)
        (pointsRead, points, duplicates, visits, flights, skipped) = (s.int(5), s.int(6), s.int(7), s.int(8), s.int(9), s.int(10))
        (first, last, cutOffset) = (s.optionalInt(11).map(Int64.init), s.optionalInt(12).map(Int64.init), s.optionalInt(13).map(Int64.init))
        error = s.string(14).map { PhotoRecord.Failure(kind: $0, message: s.string(15) ?? $0) }
    }
}
