import Foundation
import Gazetteer
import SQLite
import SyntheticPhotos
import Testing
@testable import TravelLog

/// The aggregates against a recomputation from the photo rows, after random sequences of the
/// writes the product makes. The recomputation is this file's own: its own SQL, its own flight
/// and transit rules, its own UTC arithmetic (Foundation's calendar) and haversine.
@Suite struct AggregatesTests {
    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func randomWritesLeaveAggregatesEqualToARecomputation(seed: UInt64) throws {
        let t = try TemporaryLog()
        var rng = SplitMix64(seed: seed)
        var log = try TravelLog(path: t.path)
        var ids: [Int64] = []
        var serial = 0
        func newRecord() -> PhotoRecord {
            serial += 1
            return Self.randomRecord("/photos/\(String(format: "%05d", serial)).jpg", &rng)
        }
        for step in 0..<40 {
            switch Int.random(in: 0..<8, using: &rng) {
            case 0, 1:  // an import batch of new files
                try log.write { for _ in 0..<Int.random(in: 1...25, using: &rng) { ids.append(try log.insert(newRecord(), run: nil)) } }
            case 2:  // files changed since: read again and saved at their path
                try log.write {
                    for _ in 0..<3 {
                        guard let id = ids.randomElement(using: &rng), let old = try log.record(id: id) else { continue }
                        var changed = Self.randomRecord(old.path, &rng)
                        changed.size = old.size + 1
                        try log.save(changed, run: nil)
                    }
                }
            case 3:  // a moved file, or a reresolve: the row rewritten in place
                guard let id = ids.randomElement(using: &rng), let old = try log.record(id: id) else { continue }
                var moved = Self.randomRecord(old.path + ".moved", &rng)
                moved.takenLocal = Bool.random(using: &rng) ? old.takenLocal : moved.takenLocal
                try log.write { try log.update(id: id, with: moved, run: nil) }
            case 4:  // a hand-set place, or one cleared
                guard let id = ids.randomElement(using: &rng) else { continue }
                if Bool.random(using: &rng) {
                    let (country, region, city) = Self.places.randomElement(using: &rng)!
                    func link(_ pair: Pair) -> PlaceLink? { pair.0.map { PlaceLink(id: $0, name: pair.1 ?? "") } }
                    try log.setPlace(photo: id, placeID: city.0 ?? country.0 ?? "country:FR", lineage: PlaceLineage(
                        continent: PlaceLink(id: "continent:EU", name: "Europe"), country: link(country), region: link(region), city: link(city)))
                } else {
                    try log.clearPlace(photo: id)
                }
            case 5:  // a mark, which no aggregate holds but the visits count
                try log.saveMark(Mark(placeID: "country:IS", placeName: "Iceland", date: Bool.random(using: &rng) ? "2024-03-0\(step % 9 + 1)" : nil))
            case 6:  // an import killed between batches: a batch folded, one with a changed file left stale, never refreshed
                log.refreshesAggregatesOnWrite = false
                log.holdsTrackPoints = true
                try log.write { for _ in 0..<10 { ids.append(try log.insert(newRecord(), run: nil)) } }
                try log.write {
                    for _ in 0..<10 { ids.append(try log.insert(newRecord(), run: nil)) }
                    if let id = ids.first, let old = try log.record(id: id) { try log.save(Self.randomRecord(old.path, &rng), run: nil) }
                }
                // A reader meanwhile computes the stale dates from their photos.
                let reader = try TravelLog(path: t.path, readOnly: true)
                #expect(try staleCount(reader) > 0)
                try expectEqual(reader, Self.recompute(reader), step: step)
                log = try TravelLog(path: t.path)  // the next writer's open refreshes them
                #expect(try staleCount(log) == 0)
            default:  // an import that refreshes once at its end, its out-of-order track days computed from the points it held
                log.refreshesAggregatesOnWrite = false
                log.holdsTrackPoints = true
                try log.write { for _ in 0..<15 { ids.append(try log.insert(newRecord(), run: nil)) } }
                try log.write { for _ in 0..<15 { ids.append(try log.insert(newRecord(), run: nil)) } }
                try log.writeHeldTrackDays()
                #expect(!log.holdsTrackPoints)
                try log.refreshAggregates()
                log.refreshesAggregatesOnWrite = true
            }
            #expect(try staleCount(log) == 0, "step \(step)")
            try expectEqual(log, Self.recompute(log), step: step)
            try expectStoredEqualToRebuilt(log, step: step)
            // The passport's snapshot was made again by whichever write changed them.
            #expect(try log.snapshotIsCurrent(), "step \(step)")
            #expect(try log.passportAggregates() == log.computedSnapshot(), "step \(step)")
        }
        #expect(try log.photoCount() > 50)
    }

    @Test func aLogFromBeforeTheAggregatesGetsThemWhenOpened() throws {
        let t = try TemporaryLog()
        var rng = SplitMix64(seed: 42)
        let log = try TravelLog(path: t.path)
        try log.write { for i in 0..<60 { try log.insert(Self.randomRecord("/p/\(i).jpg", &rng), run: nil) } }
        // What a log of schema 4 had: photos, no aggregates.
        try log.database.execute("DELETE FROM place_days; DELETE FROM track_days")
        try log.database.execute("INSERT INTO stale_days SELECT DISTINCT coalesce(substr(taken_local, 1, 10), '') FROM photos WHERE true ON CONFLICT DO NOTHING")
        let reopened = try TravelLog(path: t.path)
        #expect(try staleCount(reopened) == 0)
        try expectEqual(reopened, Self.recompute(reopened), step: 0)
        #expect(try reopened.placeDays().count > 5)
    }

    /// Batches of new photos are folded into the aggregates as they are written: nothing is
    /// left stale, and the stored rows equal a rebuild to the last bit, whether a day's photos
    /// come in time order (its track extended) or not (its track computed at the refresh).
    @Test(arguments: [true, false])
    func importBatchesAreFoldedAsTheyAreWritten(inTimeOrder: Bool) throws {
        let t = try TemporaryLog()
        var rng = SplitMix64(seed: inTimeOrder ? 11 : 12)
        let log = try TravelLog(path: t.path)
        log.refreshesAggregatesOnWrite = false
        var records = (0..<240).map { Self.randomRecord(String(format: "/import/%05d.jpg", $0), &rng) }
        // The track's order: by UTC time where the offset is known.
        if inTimeOrder { records.sort { (VisitPhoto(record: $0).trackTime ?? "", $0.path) < (VisitPhoto(record: $1).trackTime ?? "", $1.path) } }
        for batch in stride(from: 0, to: records.count, by: 30) {
            try log.write { for r in records[batch..<min(batch + 30, records.count)] { try log.insert(r, run: nil) } }
            // Only undated photos are left to the stale-date path, and tracks that went back in time.
            let staleDates = try log.staleDates()
            #expect(staleDates.isSubset(of: [""]), "batch \(batch)")
            if inTimeOrder { #expect(try log.staleTrackDays().isEmpty, "batch \(batch)") }
            try expectEqual(log, Self.recompute(log), step: batch)
        }
        if !inTimeOrder { #expect(try !log.staleTrackDays().isEmpty) }
        try log.refreshAggregates()
        #expect(try staleCount(log) == 0)
        try expectStoredEqualToRebuilt(log, step: 0)
    }

    /// An import holds the points of the track days it creates (``TrackMemory``): the days its
    /// batches wrote out of time order are noted stale as they go, then computed from the points
    /// once its files are written, equal to a rebuild to the last bit. A rewrite among the
    /// batches drops what was held, and its days are left to the refresh.
    /// Past its capacity the memory drops every point and holds no more: the days are left to
    /// the refresh, which computes them from their photos as before.
    @Test func heldTrackPointsPastTheCapacityAreDroppedAndTheRefreshComputesTheDays() throws {
        let t = try TemporaryLog()
        var rng = SplitMix64(seed: 23)
        let log = try TravelLog(path: t.path)
        log.refreshesAggregatesOnWrite = false
        log.trackMemory = TrackMemory(capacity: 50)
        let records = (0..<240).map { Self.randomRecord(String(format: "/import/%05d.jpg", $0), &rng) }
        for batch in stride(from: 0, to: records.count, by: 30) {
            try log.write { for r in records[batch..<min(batch + 30, records.count)] { try log.insert(r, run: nil) } }
        }
        #expect(log.trackMemory?.heldDays.isEmpty == true)
        let stale = try log.staleTrackDays()
        #expect(!stale.isEmpty)
        try log.writeHeldTrackDays()
        #expect(try log.staleTrackDays() == stale)
        try log.refreshAggregates()
        #expect(try staleCount(log) == 0)
        try expectEqual(log, Self.recompute(log), step: 0)
        try expectStoredEqualToRebuilt(log, step: 0)
    }

    @Test(arguments: [false, true])
    func heldTrackPointsComputeTheDaysWrittenOutOfOrder(rewriteBetween: Bool) throws {
        let t = try TemporaryLog()
        var rng = SplitMix64(seed: rewriteBetween ? 21 : 22)
        let log = try TravelLog(path: t.path)
        log.refreshesAggregatesOnWrite = false
        log.holdsTrackPoints = true
        let records = (0..<240).map { Self.randomRecord(String(format: "/import/%05d.jpg", $0), &rng) }
        for batch in stride(from: 0, to: records.count, by: 30) {
            try log.write { for r in records[batch..<min(batch + 30, records.count)] { try log.insert(r, run: nil) } }
            if rewriteBetween && batch == 120 {
                var changed = records[3]
                changed.size += 1
                try log.write { try log.save(changed, run: nil) }
            }
        }
        let stale = try log.staleTrackDays()
        #expect(!stale.isEmpty)
        try log.writeHeldTrackDays()
        // After a rewrite, only the days the batches after it created are held.
        #expect(try log.staleTrackDays().isEmpty != rewriteBetween)
        #expect(try log.staleTrackDays().isSubset(of: stale))
        try log.refreshAggregates()
        #expect(try staleCount(log) == 0)
        try expectEqual(log, Self.recompute(log), step: 0)
        try expectStoredEqualToRebuilt(log, step: 0)
    }

    /// A photo written by any statement (a plain insert, INSERT OR REPLACE, an upsert) marks
    /// its date stale once, and only a readable photo with a position does (no time: '').
    @Test func aNewPhotoMarksItsDateStaleOnceWhateverTheStatement() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        func generation() throws -> Int { try log.database.prepare("SELECT n FROM aggregate_generation").scalarInt() ?? -1 }
        let before = try generation()
        try log.database.execute("""
            INSERT INTO photos (path, size, mtime_ns, taken_local, latitude, longitude) VALUES ('/a.jpg', 1, 1, '2024-05-01T10:00:00', 45, 5);
            INSERT OR REPLACE INTO photos (path, size, mtime_ns, taken_local, latitude, longitude) VALUES ('/b.jpg', 1, 1, '2024-05-01T11:00:00', 45, 5);
            INSERT INTO photos (path, size, mtime_ns, taken_local, latitude, longitude) VALUES ('/c.jpg', 1, 1, '2024-05-01T12:00:00', 45, 5)
                ON CONFLICT(path) DO NOTHING;
            INSERT INTO photos (path, size, mtime_ns, taken_local) VALUES ('/d.jpg', 1, 1, '2024-05-02T12:00:00');
            INSERT INTO photos (path, size, mtime_ns, taken_local, latitude, longitude, error_kind) VALUES ('/e.jpg', 1, 1, '2024-05-03T12:00:00', 45, 5, 'corrupt');
            INSERT INTO photos (path, size, mtime_ns, latitude, longitude) VALUES ('/f.jpg', 1, 1, 45, 5);
            INSERT OR REPLACE INTO photos (path, size, mtime_ns, latitude, longitude) VALUES ('/g.jpg', 1, 1, 46, 6);
            """)
        #expect(try log.staleDates() == ["2024-05-01", ""])
        // One more generation for the first change after the snapshot (the first date marked),
        // none for the second, nor for a date already stale: the snapshot is retired all the same.
        #expect(try generation() == before + 1)
        #expect(try !log.snapshotIsCurrent())
    }

    /// A transaction that rewrites a row folds nothing: the dates it touched, and those of the
    /// photos inserted beside it, are left to the refresh.
    @Test func aRewriteBesideInsertsLeavesTheirDatesStale() throws {
        let t = try TemporaryLog()
        var rng = SplitMix64(seed: 5)
        let log = try TravelLog(path: t.path)
        try log.write { for i in 0..<20 { try log.insert(Self.randomRecord("/a/\(i).jpg", &rng), run: nil) } }
        log.refreshesAggregatesOnWrite = false
        try log.write {
            var changed = Self.randomRecord("/a/0.jpg", &rng)
            changed.takenLocal = "2024-03-09T12:00:00"
            try log.save(changed, run: nil)
            for i in 20..<30 { try log.insert(Self.randomRecord("/a/\(i).jpg", &rng), run: nil) }
        }
        #expect(try log.staleDates().contains("2024-03-09"))
        try expectEqual(log, Self.recompute(log), step: 0)
        try log.refreshAggregates()
        try expectStoredEqualToRebuilt(log, step: 0)
    }

    /// The stored aggregates, nothing stale, against every date computed again from the photos
    /// by the product's own refresh: equal to the last bit, kilometres included.
    private func expectStoredEqualToRebuilt(_ log: TravelLog, step: Int) throws {
        #expect(try staleCount(log) == 0)
        let stored = try log.aggregates()
        var dates = Set(stored.days.map { $0.date ?? "" })
        let s = try log.database.prepare("SELECT DISTINCT coalesce(substr(taken_local, 1, 10), '') FROM photos")
        while try s.step() { dates.insert(s.string(0) ?? "") }
        var rebuilt = (days: [PlaceDay](), tracks: [TrackDay]())
        try log.recompute(stale: dates) { places, tracks in
            for (_, rows) in places { rebuilt.days += rows }
            for (_, track) in tracks { if let track { rebuilt.tracks.append(track) } }
        }
        #expect(stored.days == PlaceDay.sorted(rebuilt.days), "place days, step \(step)")
        #expect(stored.tracks == rebuilt.tracks.sorted { $0.day < $1.day }, "track days, step \(step)")
    }

    private func staleCount(_ log: TravelLog) throws -> Int {
        try log.database.prepare("SELECT (SELECT count(*) FROM stale_days) + (SELECT count(*) FROM stale_track_days)").scalarInt() ?? -1
    }

    /// A coordinate's units are the digits `printf("%.7f")` gives, ties and near-ties included.
    @Test func unitsAreTheDigitsTheRecordPrints() {
        var state: UInt64 = 7
        var values: [Double] = [45.76449715, -4.83256675, 0.00000005, -0.00000015, 179.99999995]
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let k = Double(Int64(bitPattern: state >> 1) % 1_800_000_000) / 1e7   // a 7-decimal value
            values.append(k + 0.5e-7)                                             // and the half beyond it
        }
        for value in values {
            let printed = Double(String(format: "%.7f", value).replacingOccurrences(of: ".", with: ""))!
            #expect(PlaceDay.units(value) == printed, "\(value)")
        }
    }

    private func expectEqual(_ log: TravelLog, _ expected: Reference, step: Int) throws {
        let days = try log.placeDays()
        #expect(days.map(Reference.Row.init) == expected.rows, "place days, step \(step)")
        for (d, r) in zip(days, expected.rows) {
            #expect(abs(d.latitudeSum - r.latitudeSum) < 1e-9 && abs(d.longitudeSum - r.longitudeSum) < 1e-9, "step \(step)")
        }
        let tracks = try log.trackDays()
        #expect(tracks.map(\.day) == expected.trackDays.map(\.day), "track days, step \(step)")
        #expect(tracks.map(\.photos) == expected.trackDays.map(\.photos), "step \(step)")
        let km = TrackDay.distanceKm(tracks)
        #expect(abs(km - expected.distanceKm) < 1e-6 * max(1, expected.distanceKm), "distance \(km) vs \(expected.distanceKm), step \(step)")
    }

    // MARK: - Random records

    /// (id, name) of a country, region and city; nil members are levels the place lacks.
    typealias Pair = (String?, String?)
    static let places: [(Pair, Pair, Pair)] = [
        (("country:FR", "France"), ("region:FR.84", "Auvergne-Rhône-Alpes"), ("city:2996944", "Lyon")),
        (("country:FR", "France"), ("region:FR.11", "Île-de-France"), ("city:2988507", "Paris")),
        (("country:DE", "Germany"), ("region:DE.05", "Hesse"), ("city:2925533", "Frankfurt am Main")),
        (("country:CH", "Switzerland"), ("region:CH.GE", "Geneva"), ("city:2660646", "Geneva")),
        (("country:JP", "Japan"), (nil, nil), (nil, nil)),
    ]
    static let airports: [String: (String, String)] = ["country:FR": ("airport:CDG", "Paris Charles de Gaulle"),
                                                        "country:DE": ("airport:FRA", "Frankfurt"), "country:CH": ("airport:GVA", "Geneva")]

    /// A photo on one of ten days, one of a few places (or at sea, or none: an unreadable file),
    /// sometimes at an airport, in flight, undated, with or without a UTC offset.
    static func randomRecord(_ path: String, _ rng: inout SplitMix64) -> PhotoRecord {
        var r = PhotoRecord(path: path, size: 1_000, modifiedNs: 1)
        if Int.random(in: 0..<12, using: &rng) == 0 {
            r.error = .init(kind: "truncated", message: "truncated")
            return r
        }
        if Int.random(in: 0..<10, using: &rng) > 0 {
            r.takenLocal = String(format: "2024-03-%02dT%02d:%02d:00", Int.random(in: 1...10, using: &rng), Int.random(in: 0...23, using: &rng),
                                  Int.random(in: 0...59, using: &rng))
            if Bool.random(using: &rng) { r.utcOffsetSeconds = Int.random(in: -48...56, using: &rng) * 900 }
        }
        let lat = Double.random(in: -60...70, using: &rng), lon = Double.random(in: -180...180, using: &rng)
        (r.latitude, r.longitude) = (lat, lon)
        if Int.random(in: 0..<6, using: &rng) == 0 { r.altitude = Double.random(in: 8_000...12_000, using: &rng) }
        if Int.random(in: 0..<8, using: &rng) == 0 { r.speedKmh = Double.random(in: 100...900, using: &rng) }
        var place = PlaceSnapshot(coordinate: GeoCoordinate(latitude: lat, longitude: lon), waters: .land, gazetteerVersion: "test.1")
        if Int.random(in: 0..<8, using: &rng) == 0 {
            place.waters = .international
        } else {
            let (country, region, city) = places.randomElement(using: &rng)!
            place.continent = .init(id: PlaceID("continent:EU")!, name: "Europe")
            place.country = .init(id: PlaceID(country.0!)!, name: country.1!)
            place.region = region.0.map { .init(id: PlaceID($0)!, name: region.1!) }
            place.city = city.0.map { .init(id: PlaceID($0)!, name: city.1!) }
            if let airport = airports[country.0!], Int.random(in: 0..<3, using: &rng) == 0 {
                place.airport = .init(id: PlaceID(airport.0)!, name: airport.1)
            }
        }
        r.place = place
        return r
    }

    // MARK: - The recomputation

    struct Reference {
        /// A place-day row without its coordinate sums (compared within rounding).
        struct Row: Equatable, Comparable {
            var key: [String]
            var photos = 0, handSet = 0, positioned = 0
            var firstTime: String?, lastTime: String?
            var latitudeSum = 0.0, longitudeSum = 0.0

            init(key: [String]) { self.key = key }
            init(_ d: PlaceDay) {
                key = [d.date ?? "", d.status.rawValue] + [d.continent, d.country, d.region, d.city, d.district, d.airport].flatMap { [$0?.id ?? "", $0?.name ?? ""] }
                (photos, handSet, positioned, firstTime, lastTime) = (d.photos, d.handSet, d.positioned, d.firstTime?.text, d.lastTime?.text)
                (latitudeSum, longitudeSum) = (d.latitudeSum, d.longitudeSum)
            }
            static func == (a: Row, b: Row) -> Bool {
                (a.key, a.photos, a.handSet, a.positioned, a.firstTime, a.lastTime) == (b.key, b.photos, b.handSet, b.positioned, b.firstTime, b.lastTime)
            }
            static func < (a: Row, b: Row) -> Bool { a.key.lexicographicallyPrecedes(b.key) }
        }
        var rows: [Row] = []
        var trackDays: [(day: String, photos: Int)] = []
        var distanceKm = 0.0
    }

    struct Photo {
        var path: String, local: String?, offset: Int?, lat: Double?, lon: Double?, alt: Double?, speed: Double?
        var chain: [String?]   // id, name of continent, country, region, city, district, airport
        var handSet: Bool
        var date: String { local.map { String($0.prefix(10)) } ?? "" }
        var country: String? { chain[2] }
        var airport: String? { chain[10] }
    }

    /// No summit is higher than 9,000 m, and no car or train a traveller photographs from is
    /// faster than 250 km/h: the product's definition of a photo taken in flight, stated afresh.
    static let summitMeters = 9_000.0, groundSpeedKmh = 250.0

    static func recompute(_ log: TravelLog) throws -> Reference {
        let levels = ["continent", "country", "region", "city", "district", "airport"]
        let columns = levels.flatMap { l in ["\(l)_id", "\(l)_name"].map { "CASE WHEN o.photo_id IS NULL THEN p.\($0) ELSE o.\($0) END" } }
        let s = try log.database.prepare("""
            SELECT p.path, p.taken_local, p.utc_offset, p.latitude, p.longitude, p.altitude, p.speed_kmh, o.photo_id IS NOT NULL,
                   \(columns.joined(separator: ", "))
            FROM photos p LEFT JOIN overrides o ON o.photo_id = p.id
            WHERE p.error_kind IS NULL AND (p.latitude IS NOT NULL OR o.photo_id IS NOT NULL)
            """)
        var photos: [Photo] = []
        while try s.step() {
            photos.append(Photo(path: s.string(0)!, local: s.string(1), offset: s.optionalInt(2), lat: s.optionalDouble(3), lon: s.optionalDouble(4),
                                alt: s.optionalDouble(5), speed: s.optionalDouble(6), chain: (8..<20).map { s.string(Int32($0)) }, handSet: s.int(7) != 0))
        }
        photos.sort { ($0.local ?? "", $0.path) < ($1.local ?? "", $1.path) }
        func inFlight(_ p: Photo) -> Bool { !p.handSet && ((p.alt ?? 0) > summitMeters || (p.speed ?? 0) > groundSpeedKmh) }
        // A country on a date where every grounded, resolved photo is at an airport is a layover.
        var layover: [String: Bool] = [:]
        for p in photos where p.country != nil && !inFlight(p) && p.local != nil {
            let key = p.country! + "|" + p.date
            layover[key] = (layover[key] ?? true) && p.airport != nil && !p.handSet
        }
        var rows: [[String]: Reference.Row] = [:]
        for p in photos where p.country != nil {
            let status = inFlight(p) ? "flight" : (p.local != nil && layover[p.country! + "|" + p.date] == true) ? "transit" : "visit"
            let key = [p.date, status] + p.chain.map { $0 ?? "" }
            var row = rows[key] ?? Reference.Row(key: key)
            row.photos += 1
            if p.handSet { row.handSet += 1 }
            // Summed in whole ten-millionths of a degree, as the travel record prints them.
            if let lat = p.lat, let lon = p.lon {
                func units(_ degrees: Double) -> Double { Double(String(format: "%.7f", degrees).replacingOccurrences(of: ".", with: ""))! }
                row.positioned += 1
                row.latitudeSum += units(lat)
                row.longitudeSum += units(lon)
            }
            if let t = p.local {
                row.firstTime = min(row.firstTime ?? t, t)
                row.lastTime = max(row.lastTime ?? t, t)
            }
            rows[key] = row
        }
        var reference = Reference()
        reference.rows = rows.values.sorted()

        // The track: every positioned photo with a time, by UTC time (the camera's clock when
        // the offset is unknown) then path.
        let parse = DateFormatter()
        parse.locale = Locale(identifier: "en_US_POSIX")
        parse.timeZone = TimeZone(identifier: "UTC")
        parse.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        let track = photos.compactMap { p -> (String, String, Double, Double)? in
            guard let local = p.local, let lat = p.lat, let lon = p.lon else { return nil }
            guard let offset = p.offset, let date = parse.date(from: local) else { return (local, p.path, lat, lon) }
            return (parse.string(from: date.addingTimeInterval(TimeInterval(-offset))) + "Z", p.path, lat, lon)
        }.sorted { ($0.0, $0.1) < ($1.0, $1.1) }
        for (i, point) in track.enumerated() {
            let day = String(point.0.prefix(10))
            if reference.trackDays.last?.day == day { reference.trackDays[reference.trackDays.count - 1].photos += 1 } else { reference.trackDays.append((day, 1)) }
            if i > 0 { reference.distanceKm += haversineKm(track[i - 1].2, track[i - 1].3, point.2, point.3) }
        }
        return reference
    }

    /// The great-circle distance on the sphere of the Earth's mean radius (IUGG: 6,371.0088 km).
    static func haversineKm(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let radians = Double.pi / 180
        let h = pow(sin((lat2 - lat1) * radians / 2), 2) + cos(lat1 * radians) * cos(lat2 * radians) * pow(sin((lon2 - lon1) * radians / 2), 2)
        return 2 * 6_371.0088 * asin(min(1, h.squareRoot()))
    }
}
