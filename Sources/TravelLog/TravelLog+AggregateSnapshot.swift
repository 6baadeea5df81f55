import SQLite

extension TravelLog {
    /// Every row a passport reads (``AggregateSnapshot``): the photos' place days and the
    /// histories' in ``PlaceDay/sorted(_:)``'s order, and the track days by day. From the
    /// stored snapshot when it is current, else read from the tables as ``aggregates()`` and
    /// ``historyDays()`` read them; the same rows either way. Without `times`, the rows' first
    /// and last times are nil, and without `tracks` there are no track days
    /// (``AggregateSnapshot/init(decoding:times:tracks:)``).
    ///
    /// ```swift
    /// let rows = try TravelLog(path: path, readOnly: true).passportAggregates()
    /// print(rows.days.count, rows.tracks.count)
    /// ```
    ///
    /// `placesRead` is given the stored snapshot's places before its rows are read (not called
    /// when the rows come from the tables).
    public func passportAggregates(times: Bool = true, tracks: Bool = true, placesRead: (([PlaceDay.Places]) -> Void)? = nil) throws -> AggregateSnapshot {
        if let stored = try currentSnapshot(times: times, tracks: tracks, placesRead: placesRead) { return stored }
        var rows = try computedSnapshot()
        if !times { for i in rows.days.indices { (rows.days[i].firstTime, rows.days[i].lastTime) = (nil, nil) } }
        if !tracks { rows.tracks = [] }
        return rows
    }

    /// Whether the stored snapshot was made at the log's generation, in this atlas's format.
    public func snapshotIsCurrent() throws -> Bool {
        try hasTable("aggregate_snapshot") && generationMatches()
    }

    /// Whether the log keeps a snapshot (migration 13 on) that is not current: what a writer
    /// makes again.
    func snapshotIsStale() throws -> Bool {
        try hasTable("aggregate_snapshot") && !generationMatches()
    }

    /// Whether a snapshot should be made now: the stored one is stale and no date is (their rows
    /// are computed from photos, and a photo changed again on a date already stale changes no
    /// aggregate table, so no generation). What a writer (``refreshSnapshot(made:)``) and a
    /// ``PendingSnapshot`` both ask.
    func snapshotIsDue() throws -> Bool {
        try snapshotIsStale() && staleDates().isEmpty && staleTrackDays().isEmpty
    }

    /// Whether the stored snapshot was made at the log's generation, in this format.
    private func generationMatches() throws -> Bool {
        let s = try statement(Self.currentSnapshotCount)
        defer { s.reset() }
        try s.bind(Int(AggregateSnapshot.format))
        return try s.scalarInt() == 1
    }

    /// The rows read from the tables (and computed for the dates left stale).
    func computedSnapshot() throws -> AggregateSnapshot {
        let (days, tracks) = try aggregates()
        return AggregateSnapshot(days: PlaceDay.merged(days, try historyDays()), tracks: tracks)
    }

    /// The stored snapshot if it is current and decodes; nil otherwise (the tables are read).
    private func currentSnapshot(times: Bool, tracks: Bool, placesRead: (([PlaceDay.Places]) -> Void)?) throws -> AggregateSnapshot? {
        guard try hasTable("aggregate_snapshot") else { return nil }
        let s = try statement(Self.currentSnapshotBytes)
        defer { s.reset() }
        try s.bind(Int(AggregateSnapshot.format))
        guard try s.step() else { return nil }
        return s.withBlob(0) { try? AggregateSnapshot(decoding: $0, times: times, tracks: tracks, placesRead: placesRead) }
    }

    /// Makes the snapshot again, inside the current write, when one is due (``snapshotIsDue()``).
    /// `made`: bytes made elsewhere at a generation (``PendingSnapshot``), taken if it is the
    /// log's.
    func refreshSnapshot(made: PendingSnapshot.Made? = nil) throws {
        guard try snapshotIsDue() else { return }
        let bytes = try made.flatMap { try statement(Self.generation).scalarInt() == $0.generation ? $0.bytes : nil } ?? computedSnapshot().encoded()
        try statement(Self.writeSnapshot).bind(Int(AggregateSnapshot.format), bytes).run()
        try statement(Self.countChangesAgain).run()
    }

    /// Makes the next change to the aggregates count one more generation (migration 16), as
    /// a snapshot written does. Safe at any time: the generation only goes up, so a stale
    /// snapshot stays stale.
    func countAggregateChangesAgain() throws {
        try endReading()
        try statement(Self.countChangesAgain).run()
    }

    static let generation = Query("SELECT n FROM aggregate_generation")
    /// The generation, and whether a change was counted since the last snapshot (or since
    /// ``countAggregateChangesAgain()``).
    static let generationAndChange = Query("SELECT n, changed FROM aggregate_generation")
    private static let countChangesAgain = Query("UPDATE aggregate_generation SET changed = 0")

    private static let currentSnapshotCount = Query("""
        SELECT count(*) FROM aggregate_snapshot s JOIN aggregate_generation g ON s.generation = g.n WHERE s.format = ?
        """)
    private static let currentSnapshotBytes = Query("""
        SELECT s.bytes FROM aggregate_snapshot s JOIN aggregate_generation g ON s.generation = g.n WHERE s.format = ?
        """)
    private static let writeSnapshot = Query("""
        INSERT OR REPLACE INTO aggregate_snapshot (id, generation, format, bytes) SELECT 1, n, ?, ? FROM aggregate_generation
        """)
}
