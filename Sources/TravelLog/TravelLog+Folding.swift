import Gazetteer
import SQLite

/// The new photos of one write transaction, which ``TravelLog`` folds into the aggregates at
/// its commit from the values it already has, instead of reading the dates' photos back.
///
/// Only inserts of new rows fold: a new row has no hand-set place and removes nothing from a
/// row, so adding it to the stored rows gives what a recomputation would. Any other write to
/// the photos or their hand-set places in the same transaction (``blocked``) leaves every
/// date it touched to the stale-date path (``TravelLog/refreshAggregates()``). A value type,
/// owned by its log's connection.
struct AggregateFold {
    /// Whether a ``TravelLog/write(_:)`` is open to collect photos.
    var open = false
    /// The photos inserted, as the log reads them back.
    var photos: [VisitPhoto] = []
    /// Their points on the track, by the same index (nil: no time or no position).
    var points: [TrackDay.Point?] = []
    /// The dates already stale when the first photo was inserted: theirs are recomputed anyway.
    var staleBefore: Set<String>?
    /// Whether the transaction wrote photos or hand-set places otherwise than by insert.
    var blocked = false
}

extension TravelLog {
    /// Notes a new row for the fold; called before its insert, so the stale dates are read
    /// before the insert's trigger adds its date.
    func willInsert() throws {
        guard fold.open, !fold.blocked, fold.staleBefore == nil else { return }
        fold.staleBefore = try staleDates()
    }

    func didInsert(_ record: PhotoRecord, visit: VisitPhoto?, trackPoint: TrackDay.Point?) {
        // What `photos_insert_stale` notes: a readable photo with a position.
        guard fold.open, !fold.blocked, record.error == nil, record.latitude != nil else { return }
        let photo = visit ?? VisitPhoto(record: record)
        fold.photos.append(photo)
        fold.points.append(trackPoint ?? TrackDay.Point(photo))
    }

    /// A write the fold cannot follow: a row rewritten, a hand-set place set or cleared.
    func foldBlocked() {
        if fold.open { fold.blocked = true }
        trackMemory?.clear()
    }

    /// Adds the transaction's new photos to the stored rows of their dates and to their track
    /// days, and takes those dates off the stale list. A track day whose stored last point
    /// comes after a new one cannot be extended exactly (its kilometres are summed in time
    /// order): it is noted in `stale_track_days`, computed at the refresh, or from the points
    /// held of it (``TrackMemory``, ``writeHeldTrackDays()``). Dates stale before,
    /// undated photos, and every date when another write touched the photos, are left stale.
    func foldInserted() throws {
        let pending = fold
        (fold.photos, fold.points) = ([], [])
        guard !pending.photos.isEmpty else { return }
        guard !pending.blocked, let before = pending.staleBefore else {
            trackMemory?.clear()
            return
        }
        let now = try staleDates()
        // Indices into the batch, not copies: a photo is a few hundred bytes of links.
        let photos = pending.photos
        var byDate: [String: [Int]] = [:]
        for i in photos.indices { byDate[photos[i].localDate ?? "", default: []].append(i) }
        // The triggers noted only these photos' dates, or some other write went unseen.
        guard now.subtracting(before).isSubset(of: byDate.keys) else {
            trackMemory?.clear()
            return
        }
        let folded = Set(byDate.keys).subtracting(before).subtracting([""])
        // Track days another stale date touches are computed from the photos anyway; photos of
        // them went in unfolded, so the points held of them are no longer all.
        let unfolded = Set(now.subtracting(folded).flatMap(Self.trackDays(touchedBy:)))
        for day in unfolded { trackMemory?.forget(day) }
        guard !folded.isEmpty else { return }

        // By date and country: the transit rule looks no further, and a batch touches few of a date's rows.
        struct Group: Hashable, Comparable {
            let date: String, country: String
            static func < (a: Group, b: Group) -> Bool { (a.date, a.country) < (b.date, b.country) }
        }
        var groups: [Group: [Int]] = [:]
        for date in folded { for i in byDate[date] ?? [] { if let c = photos[i].country?.id { groups[Group(date: date, country: c), default: []].append(i) } } }
        let read = try statement(Self.placeDaysOfCountry)
        let insert = try statement(Self.insertPlaceDay)
        let update = try statement(Self.updatePlaceDay)
        for (group, members) in groups.sorted(by: { $0.key < $1.key }) {
            try read.bind(group.date, group.country)
            var stored: [(id: Int64, row: PlaceDay)] = []
            var places = PlaceDay.Interner()
            while try read.step() { if let row = Self.placeDay(read, places: &places) { stored.append((Int64(read.int(Self.placeDayColumnCount)), row)) } }
            read.reset()
            for (i, row) in PlaceDay.adding(members.lazy.map { photos[$0] }, to: stored.map(\.row)).enumerated() {
                if i >= stored.count {
                    try insertPlaceDay(row, insert)
                } else if row != stored[i].row {
                    try update.bind(row.status.rawValue, row.photos, row.handSet, row.positioned, row.latitudeSum, row.longitudeSum,
                                    row.firstTime?.text, row.lastTime?.text, stored[i].id).run()
                }
            }
        }

        let staleTracks = try staleTrackDays()
        let points = folded.flatMap { byDate[$0] ?? [] }.compactMap { pending.points[$0] }
        let readTrack = try statement(Self.trackDayOfDay)
        let markTrack = try statement("INSERT OR IGNORE INTO stale_track_days (day) VALUES (?)")
        let writeTrack = try statement(Self.upsertTrackDay)
        for (day, new) in Dictionary(grouping: points, by: \.day).sorted(by: { $0.key < $1.key }) where !unfolded.contains(day) {
            guard !staleTracks.contains(day) else {
                trackMemory?.add(new, to: day)
                continue
            }
            try readTrack.bind(day)
            let stored = try readTrack.step() ? Self.trackDay(readTrack) : nil
            readTrack.reset()
            // Held whether or not the stored day can be extended: a day with none always can.
            if let stored { trackMemory?.extended(day, stored: stored, with: new) } else { trackMemory?.began(day, with: new) }
            guard let track = TrackDay.extending(stored, with: new) else {
                try markTrack.bind(day).run()
                continue
            }
            try writeTrackDay(track, writeTrack)
        }
        let unmark = try statement("DELETE FROM stale_days WHERE date = ?")
        for date in folded { try unmark.bind(date).run() }
    }

    /// Computes the stale track days whose points are all held (``TrackMemory``) from them, writes
    /// them and takes them off the stale list, in one transaction; then holds nothing more. What
    /// an import calls once it has written the files it read: a day of a hundred photos written
    /// in random order is computed once, not read back from its photos.
    public func writeHeldTrackDays() throws {
        guard let memory = trackMemory else { return }
        defer { trackMemory = nil }
        let held = Set(memory.heldDays)
        guard !held.isEmpty else { return }
        try write {
            // A day a stale date touches has photos the fold did not see.
            let unfolded = Set(try staleDates().flatMap(Self.trackDays(touchedBy:)))
            let writeTrack = try statement(Self.upsertTrackDay)
            let unmark = try statement("DELETE FROM stale_track_days WHERE day = ?")
            for day in try staleTrackDays().intersection(held).subtracting(unfolded).sorted() {
                let computed = TrackDay.aggregate(points: memory.points(of: day) ?? [])
                guard computed.count == 1, let track = computed.first, track.day == day else { continue }
                try writeTrackDay(track, writeTrack)
                try unmark.bind(day).run()
            }
        }
    }

    /// The track days noted for a computation from the photos (``foldInserted()``).
    func staleTrackDays() throws -> Set<String> {
        let s = try statement("SELECT day FROM stale_track_days")
        defer { s.reset() }
        var out: Set<String> = []
        while try s.step() { out.insert(s.string(0) ?? "") }
        return out
    }

    func insertPlaceDay(_ d: PlaceDay, _ s: Statement) throws {
        try Self.bind(d, to: s)
        try s.run()
    }

    /// Binds a row to parameters 1...``placeDayColumnCount`` of `s`, in ``placeDayColumns``
    /// order, after clearing its earlier bindings: one value at a time, since a first import
    /// writes a row for every place of every day, and an array of boxed values cost a third
    /// as much as SQLite's insert itself.
    static func bind(_ d: PlaceDay, to s: Statement) throws {
        s.clearBindings()
        try s.set(d.date ?? "", at: 1); try s.set(d.status.rawValue, at: 2); try s.set(d.photos, at: 3)
        try s.set(d.handSet, at: 4); try s.set(d.positioned, at: 5); try s.set(d.latitudeSum, at: 6)
        try s.set(d.longitudeSum, at: 7); try s.set(d.firstTime?.text, at: 8); try s.set(d.lastTime?.text, at: 9)
        var at: Int32 = 10
        let lineage = d.places.lineage
        for kind in PlaceKind.levels {
            // Cleared bindings are NULL.
            if let link = lineage[kind] {
                try s.set(link.id, at: at)
                try s.set(link.name, at: at + 1)
            }
            at += 2
        }
    }

    func writeTrackDay(_ t: TrackDay, _ s: Statement) throws {
        try s.bind(t.day, t.photos, t.first.time, t.first.path, t.first.latitude, t.first.longitude,
                   t.last.time, t.last.path, t.last.latitude, t.last.longitude, t.km).run()
    }

    /// A place-day row's columns: the counts first, the lineage last, so that a statement can
    /// add columns after them (``placeDayColumnCount``).
    static let placeDayColumns = """
        date, status, photos, hand_set, positioned, latitude_sum, longitude_sum, first_time, last_time, \(PlaceKind.lineageColumns())
        """
    static let placeDayColumnCount = 9 + PlaceKind.lineageColumnCount
    static let placeDaysOfCountry = Query("SELECT \(placeDayColumns), rowid FROM place_days WHERE date = ? AND country_id = ?")
    /// What adding photos changes in a row: its counts, sums, times, and status.
    static let updatePlaceDay = Query("""
        UPDATE place_days SET status = ?, photos = ?, hand_set = ?, positioned = ?, latitude_sum = ?, longitude_sum = ?,
            first_time = ?, last_time = ? WHERE rowid = ?
        """)
    static let trackDayColumns = """
        day, photos, first_time, first_path, first_latitude, first_longitude,
        last_time, last_path, last_latitude, last_longitude, km
        """
    static let trackDayOfDay = Query("SELECT \(trackDayColumns) FROM track_days WHERE day = ?")
    static let upsertTrackDay = Query("INSERT OR REPLACE INTO track_days (\(trackDayColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")

    /// The place-day rows `s` steps through (``placeDayColumns``), in stored order, but those of `stale` dates.
    static func placeDayRows(_ s: Statement, skipping stale: Set<String> = []) throws -> [PlaceDay] {
        var rows: [PlaceDay] = []
        var places = PlaceDay.Interner()
        while try s.step() {
            guard let row = placeDay(s, places: &places) else { continue }
            if !stale.contains(row.date ?? "") { rows.append(row) }
        }
        return rows
    }

    /// The place-day row at `s`'s current row (``placeDayColumns``); nil for a status unknown to
    /// this atlas. Rows read with one `places` share their snapshots.
    static func placeDay(_ s: Statement, places: inout PlaceDay.Interner) -> PlaceDay? {
        guard let status = s.text(1).flatMap(VisitPhoto.Status.init(utf8:)) else { return nil }
        let date = s.string(0) ?? ""
        var d = PlaceDay(date: date.isEmpty ? nil : date, status: status)
        (d.photos, d.handSet, d.positioned, d.latitudeSum, d.longitudeSum) = (s.int(2), s.int(3), s.int(4), s.double(5), s.double(6))
        (d.firstTime, d.lastTime) = (s.string(7).map { LocalTime($0) }, s.string(8).map { LocalTime($0) })
        d.places = places.places(s, from: 9)
        return d
    }

    /// The track day at `s`'s current row (``trackDayColumns``).
    static func trackDay(_ s: Statement) -> TrackDay {
        func point(_ i: Int32) -> TrackDay.Point {
            .init(time: s.string(i) ?? "", path: s.string(i + 1) ?? "", latitude: s.double(i + 2), longitude: s.double(i + 3))
        }
        return TrackDay(day: s.string(0) ?? "", photos: s.int(1), first: point(2), last: point(6), km: s.double(10))
    }
}
