import Gazetteer
import SQLite

extension TravelLog {
    /// Every aggregate row (``PlaceDay``), in ``PlaceDay/aggregate(_:)``'s order, and every day
    /// of the track (``TrackDay``), by day: the stored rows, and for the dates a write left stale
    /// (an import killed before its end) rows computed from their photos, so a reader always
    /// sees what the photos say.
    public func aggregates() throws -> (days: [PlaceDay], tracks: [TrackDay]) {
        var stale = (days: [PlaceDay](), tracks: [TrackDay]())
        let (dates, trackDays) = (try staleDates(), try staleTrackDays())
        try recompute(stale: dates, trackDays: trackDays) { places, tracks in
            for (_, rows) in places { stale.days += rows }
            for (_, track) in tracks { if let track { stale.tracks.append(track) } }
        }
        return (PlaceDay.sorted(try storedPlaceDays(skipping: dates) + stale.days),
                (try storedTrackDays(skipping: dates, trackDays) + stale.tracks).sorted { $0.day < $1.day })
    }

    /// The aggregate rows alone (``aggregates()``).
    public func placeDays() throws -> [PlaceDay] {
        let dates = try staleDates()
        var stale: [PlaceDay] = []
        try recompute(stale: dates, tracks: false) { places, _ in for (_, rows) in places { stale += rows } }
        return PlaceDay.sorted(try storedPlaceDays(skipping: dates) + stale)
    }

    /// The track days alone (``aggregates()``).
    public func trackDays() throws -> [TrackDay] { try aggregates().tracks }

    private func storedPlaceDays(skipping stale: Set<String>) throws -> [PlaceDay] {
        let s = try statement("SELECT \(Self.placeDayColumns) FROM place_days")
        defer { s.reset() }
        return try Self.placeDayRows(s, skipping: stale)
    }

    /// The stored track days, but those the stale dates `stale` touch and the stale track days.
    private func storedTrackDays(skipping stale: Set<String>, _ staleTrackDays: Set<String>) throws -> [TrackDay] {
        let touched = Set(stale.flatMap(Self.trackDays(touchedBy:))).union(staleTrackDays)
        let s = try statement("SELECT \(Self.trackDayColumns) FROM track_days ORDER BY day")
        defer { s.reset() }
        var days: [TrackDay] = []
        while try s.step() {
            let day = Self.trackDay(s)
            if !touched.contains(day.day) { days.append(day) }
        }
        return days
    }

    /// The aggregates of the dates in `stale` and (with `tracks`) of the track days they touch
    /// and of `trackDays`, computed from the photos and given to `body` a run of consecutive
    /// dates at a time, each date's photos read once per run: an import touches hundreds of
    /// dates, and a track day needs the dates beside it. A track day with no photo left is
    /// given as nil.
    func recompute(stale: Set<String>, trackDays extra: Set<String> = [], tracks: Bool = true,
                   _ body: (_ places: [(date: String, rows: [PlaceDay])], _ tracks: [(day: String, track: TrackDay?)]) throws -> Void) throws {
        let trackDays = tracks ? Set(stale.flatMap(Self.trackDays(touchedBy:))).union(extra) : []
        guard !stale.isEmpty || !trackDays.isEmpty else { return }
        for run in Self.runs(stale.union(trackDays).sorted()) {
            let placeDates = run.filter(stale.contains)
            let places: [(date: String, rows: [PlaceDay])], computed: [String: TrackDay]
            if tracks && placeDates.isEmpty && !run.contains("") {
                // An import folds its places and leaves only track days out of time order:
                // those need the track points of the photos, not their places. Held as points, a
                // run of a million-photo log's dates took a fifth of the memory it took as photos.
                places = []
                computed = Self.trackDays(of: run, among: TrackDay.aggregate(points: try trackPoints(around: run)))
            } else {
                let photos = try tracks ? self.photos(around: run) : self.photos(of: run)
                places = placeDates.map { ($0, PlaceDay.aggregate(VisitRules.classify(photos[$0] ?? []))) }
                computed = tracks ? Self.trackDays(of: run, among: TrackDay.aggregate(photos.values.flatMap { $0 })) : [:]
            }
            try body(places, run.filter(trackDays.contains).map { ($0, computed[$0]) })
        }
    }

    /// Calls `body` with each local date (nil last, for photos without a time) and its photos,
    /// classified by ``VisitRules``, in local time then path order: every photo with a position
    /// or a hand-set place, one day in memory at a time.
    public func forEachDay(_ body: (String?, [VisitPhoto]) throws -> Void) throws {
        let s = try database.prepare("SELECT DISTINCT substr(taken_local, 1, 10) FROM photos ORDER BY 1")
        var dates: [String] = []
        var undated = false
        while try s.step() {
            if let d = s.string(0), !d.isEmpty { dates.append(d) } else { undated = true }
        }
        for date in dates + (undated ? [""] : []) {
            let photos = VisitRules.classify(try photos(onDate: date))
            if !photos.isEmpty { try body(date.isEmpty ? nil : date, photos) }
        }
    }

    /// Every photo the passport reads, classified, in ``forEachDay(_:)``'s order: for small logs
    /// and tests; a whole library goes through ``forEachDay(_:)``.
    public func visitPhotos() throws -> [VisitPhoto] {
        var all: [VisitPhoto] = []
        try forEachDay { _, photos in all += photos }
        return all
    }

    /// Brings the aggregates of the dates writes left stale up to date, and then the passport's
    /// snapshot of them (``passportAggregates()``), in the current write transaction (or one of
    /// its own). Called by every ``write(_:)`` unless ``refreshesAggregatesOnWrite`` is off (an
    /// import refreshes once at its end).
    ///
    /// With `made`, the snapshot is the one made beside this connection if the aggregates are
    /// still at its generation.
    public func refreshAggregates(made pending: PendingSnapshot? = nil) throws {
        // Asked outside a transaction first: a writer's open calls this, and should nothing be
        // stale it then takes no write lock.
        if !database.isInTransaction, try staleDates().isEmpty, try staleTrackDays().isEmpty, try !snapshotIsStale() {
            return
        }
        try write {
            try refreshStaleDays()
            try refreshSnapshot(made: pending?.made())
        }
    }

    func refreshStaleDays() throws {
        let (stale, trackDays) = (try staleDates(), try staleTrackDays())
        guard !stale.isEmpty || !trackDays.isEmpty else { return }
        // Read, not memory-mapped: a map is kept whole until the write transaction ends, and on a
        // million-photo log every page the refresh touched stayed resident, 256 MB of the import's
        // peak of 512 MB, for no time measurably saved (47.4 s for the whole import either way).
        try refresh(stale: stale, trackDays: trackDays)
        try database.execute("DELETE FROM stale_days; DELETE FROM stale_track_days")
    }

    private func refresh(stale: Set<String>, trackDays: Set<String>) throws {
        let deletePlace = try statement("DELETE FROM place_days WHERE date = ?")
        let insertPlace = try statement(Self.insertPlaceDay)
        let deleteTrack = try statement("DELETE FROM track_days WHERE day = ?")
        let writeTrack = try statement(Self.upsertTrackDay)
        try recompute(stale: stale, trackDays: trackDays) { places, tracks in
            for (date, rows) in places {
                try deletePlace.bind(date).run()
                for d in rows { try insertPlaceDay(d, insertPlace) }
            }
            for (day, track) in tracks {
                if let track { try writeTrackDay(track, writeTrack) } else { try deleteTrack.bind(day).run() }
            }
        }
    }

    static let insertPlaceDay = Query("INSERT INTO place_days (\(placeDayColumns)) VALUES (\(placeholders(placeDayColumnCount)))")
    /// The dates writes left stale ('' for photos without a time).
    func staleDates() throws -> Set<String> {
        // A log opened read-only may predate the aggregates (migration 5).
        guard try hasTable("stale_days") else { throw TravelLogError.needsUpgrade(path, try schemaVersion()) }
        let s = try statement("SELECT date FROM stale_days")
        defer { s.reset() }
        var out: Set<String> = []
        while try s.step() { out.insert(s.string(0) ?? "") }
        return out
    }

    func hasTable(_ name: String) throws -> Bool {
        let s = try statement("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?")
        try s.bind(name)
        return try s.scalarInt() == 1
    }

    /// A photo's time puts it on the track day of its UTC time, at most 18 hours from its
    /// local time: a stale local date changes the track of that day and the two beside it.
    static func trackDays(touchedBy date: String) -> [String] {
        guard !date.isEmpty else { return [] }
        guard let midnight = VisitPhoto.epochSeconds(date + "T00:00:00") else { return [date] }
        return [-86_400, 0, 86_400].map { String(VisitPhoto.text(midnight + $0).prefix(10)) }
    }

    /// Sorted dates cut into runs of consecutive days, at most `limit` long; '' (no time) and a
    /// date that is none are runs of their own.
    static func runs(_ dates: [String], limit: Int = 31) -> [[String]] {
        var runs: [[String]] = []
        for date in dates {
            if let last = runs.last?.last, runs[runs.count - 1].count < limit, !last.isEmpty, trackDays(touchedBy: last).last == date {
                runs[runs.count - 1].append(date)
            } else {
                runs.append([date])
            }
        }
        return runs
    }

    /// The photos of every local date of `run` and of the dates just before and after it.
    func photos(around run: [String]) throws -> [String: [VisitPhoto]] {
        try photos(of: Self.around(run))
    }

    /// The dates of `run` and the one before and after it.
    static func around(_ run: [String]) -> Set<String> {
        var dates = Set(run)
        if let first = run.first, let last = run.last {
            dates.formUnion(trackDays(touchedBy: first))
            dates.formUnion(trackDays(touchedBy: last))
        }
        return dates
    }

    /// The photos of each of `dates`.
    func photos(of dates: some Sequence<String>) throws -> [String: [VisitPhoto]] {
        var out: [String: [VisitPhoto]] = [:]
        for date in dates { out[date] = try photos(onDate: date) }
        return out
    }

    /// The track days of `run` (consecutive days) among `days`, made from the photos of its
    /// dates and of those beside it (``photos(around:)``, ``trackPoints(around:)``): a photo's
    /// track day is at most a day from its local date.
    static func trackDays(of run: [String], among days: [TrackDay]) -> [String: TrackDay] {
        let wanted = Set(run)
        var out: [String: TrackDay] = [:]
        for day in days where wanted.contains(day.day) { out[day.day] = day }
        return out
    }

    /// The track points (``TrackDay/Point``) of the positioned photos of every local date of
    /// `run` and of the dates beside it, read from the five columns they need.
    func trackPoints(around run: [String]) throws -> [TrackDay.Point] {
        var points: [TrackDay.Point] = []
        let s = try statement(Self.datedTrackPhotos)
        for date in Self.around(run).sorted() {
            try s.bind(date)
            while try s.step() {
                var p = VisitPhoto(path: s.string(0) ?? "")
                (p.takenLocal, p.utcOffsetSeconds) = (s.string(1), s.optionalInt(2))
                p.measure(latitude: s.optionalDouble(3), longitude: s.optionalDouble(4), altitude: nil, speedKmh: nil)
                if let point = TrackDay.Point(p) { points.append(point) }
            }
            s.reset()
        }
        return points
    }

    static let datedTrackPhotos = Query("""
        SELECT path, taken_local, utc_offset, latitude, longitude FROM photos
        WHERE substr(taken_local, 1, 10) = ? AND error_kind IS NULL AND latitude IS NOT NULL AND longitude IS NOT NULL
        """)

    /// The photos of one local date ('' for photos without a time) that the passport reads,
    /// unclassified, by local time then path.
    func photos(onDate date: String) throws -> [VisitPhoto] {
        let s = try statement(date.isEmpty ? Self.undatedPhotos : Self.datedPhotos)
        if !date.isEmpty { try s.bind(date) }
        defer { s.reset() }
        var photos: [VisitPhoto] = []
        while try s.step() {
            let handSet = !s.isNull(10)
            let chain: Int32 = handSet ? 11 + PlaceKind.lineageColumnCount : 11
            var p = VisitPhoto(path: s.string(0) ?? "")
            p.takenLocal = s.string(1)
            p.utcOffsetSeconds = s.optionalInt(2)
            p.measure(latitude: s.optionalDouble(3), longitude: s.optionalDouble(4), altitude: s.optionalDouble(5), speedKmh: s.optionalDouble(6))
            p.places = PlaceLineage { s.placeLink(chain + 2 * Int32($0.rank)) }
            (p.waters, p.gazetteerVersion, p.isHandSet) = (s.string(7), s.string(8), handSet)
            p.positionSource = s.string(9)
            photos.append(p)
        }
        return photos
    }

    /// The photo's own columns, then its resolved lineage, then the hand-set one (if any).
    private static let photoColumns = """
        SELECT p.path, p.taken_local, p.utc_offset, p.latitude, p.longitude, p.altitude, p.speed_kmh,
               p.waters, p.gazetteer_version, p.position_source, o.photo_id,
               \(PlaceKind.lineageColumns(prefix: "p.")), \(PlaceKind.lineageColumns(prefix: "o."))
        FROM photos p LEFT JOIN overrides o ON o.photo_id = p.id
        """
    private static let passportRows = "p.error_kind IS NULL AND (p.latitude IS NOT NULL OR o.photo_id IS NOT NULL) ORDER BY p.taken_local, p.path"
    static let datedPhotos = Query("\(photoColumns) WHERE substr(p.taken_local, 1, 10) = ? AND \(passportRows)")
    static let undatedPhotos = Query("\(photoColumns) WHERE (substr(p.taken_local, 1, 10) IS NULL OR p.taken_local = '') AND \(passportRows)")
}
