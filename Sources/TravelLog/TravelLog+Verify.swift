import SQLite

extension TravelLog {
    /// The dates whose stored aggregates (`place_days`, `track_days`) differ from what the
    /// photos give now, computed as a refresh computes them (``PlaceDay/aggregate(_:)`` and
    /// ``TrackDay/aggregate(_:)`` over each date's photos); and how many dates an import left
    /// stale, which are not compared (readers compute them, the next import rewrites them).
    ///
    /// ```swift
    /// let (dates, stale) = try log.aggregateMismatches()   // ([], 0) for a sound log
    /// ```
    ///
    /// Every date is compared that has a photo or a stored row, a run of consecutive dates at a
    /// time, so a whole library costs one read of its photos. Reads only.
    public func aggregateMismatches() throws -> (dates: [String], staleDates: Int) {
        let stale = try staleDates()
        let staleTrackDays = Set(stale.flatMap(Self.trackDays(touchedBy:))).union(try self.staleTrackDays())
        // Stored rows for every date but the stale ones, which `aggregates()` computes instead.
        let stored = try aggregates()
        let storedPlaces = Dictionary(grouping: stored.days, by: { $0.date ?? "" })
        let storedTracks = Dictionary(stored.tracks.map { ($0.day, $0) }, uniquingKeysWith: { a, _ in a })
        var dates = Set(storedPlaces.keys).union(storedTracks.keys)
        let s = try database.prepare("SELECT DISTINCT coalesce(substr(taken_local, 1, 10), '') FROM photos")
        while try s.step() { dates.insert(s.string(0) ?? "") }

        var differing = Set<String>()
        try recompute(stale: dates) { places, tracks in
            for (date, rows) in places where !stale.contains(date) && !Self.same(rows, storedPlaces[date] ?? []) {
                differing.insert(date)
            }
            for (day, track) in tracks where !staleTrackDays.contains(day) && !Self.same(track, storedTracks[day]) {
                differing.insert(day)
            }
        }
        return (differing.sorted(), stale.count)
    }

    /// Equal rows, coordinate sums included: they are whole units of 1e-7 degrees, which the
    /// same photos add up to exactly in any order.
    static func same(_ a: [PlaceDay], _ b: [PlaceDay]) -> Bool { a == b }

    static func same(_ a: TrackDay?, _ b: TrackDay?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        var b2 = b
        b2.km = a.km
        return a == b2 && close(a.km, b.km)
    }

    private static func close(_ a: Double, _ b: Double) -> Bool {
        abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
    }

    /// Calls `body` with the ``PhotoStamp`` of every photo row of `database`, by path, at most
    /// `batchSize` at a time. Reads only the columns every schema has had (migration 1), so a
    /// log from an older atlas is read as it is.
    static func forEachPhotoStamp(in database: Database, batchSize: Int, _ body: ([PhotoStamp]) throws -> Void) throws {
        let s = try database.prepare("SELECT path, size, mtime_ns, fingerprint, missing_since IS NOT NULL FROM photos ORDER BY path")
        var batch: [PhotoStamp] = []
        batch.reserveCapacity(max(1, batchSize))
        while try s.step() {
            batch.append(PhotoStamp(path: s.string(0) ?? "", size: Int64(s.int(1)), modifiedNs: Int64(s.int(2)),
                                    fingerprint: s.optionalInt(3).map { UInt64(bitPattern: Int64($0)) }, isMissing: s.int(4) != 0))
            if batch.count >= max(1, batchSize) {
                try body(batch)
                batch.removeAll(keepingCapacity: true)
            }
        }
        if !batch.isEmpty { try body(batch) }
    }
}
