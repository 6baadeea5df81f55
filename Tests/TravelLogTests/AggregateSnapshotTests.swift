import Foundation
import SyntheticPhotos
import Gazetteer
import SQLite
import Testing
@testable import TravelLog

/// The passport's snapshot of the aggregates: the same rows as the tables, read only while
/// current, and bytes from a damaged file refused without a crash.
@Suite struct AggregateSnapshotTests {
    private static let france = PlaceLink(id: "country:FR", name: "France")
    private static let europe = PlaceLink(id: "continent:EU", name: "Europe")

    /// A photo row, a history row with a name to escape, an undated row, and a track day.
    private static var sample: AggregateSnapshot {
        var lyon = PlaceDay(date: "2024-05-01", status: .visit)
        lyon.places = PlaceDay.Places(PlaceLineage(continent: europe, country: france, region: PlaceLink(id: "region:FR.84", name: "Auvergne-Rhône-Alpes"),
                                      city: PlaceLink(id: "city:2996944", name: "Lyon")))
        (lyon.photos, lyon.handSet, lyon.positioned, lyon.latitudeSum, lyon.longitudeSum) = (3, 1, 2, 915_100_000, 96_700_000)
        (lyon.firstTime, lyon.lastTime) = ("2024-05-01T09:00:00", "2024-05-01T18:30:00")
        var stay = PlaceDay(date: "2024-05-01", status: .transit)
        stay.places = PlaceDay.Places(PlaceLineage(country: PlaceLink(id: "country:CI", name: "Côte d'Ivoire \"CI\""), airport: PlaceLink(id: "airport:ABJ", name: "")))
        (stay.historyPoints, stay.firstTime) = (12, "2024-05-01T23:00:00")
        var undated = PlaceDay(date: nil, status: .flight)
        undated.photos = 1
        let track = TrackDay(day: "2024-05-01", photos: 3, first: .init(time: "2024-05-01T07:00:00Z", path: "/p/a.jpg", latitude: 45.75, longitude: 4.85),
                             last: .init(time: "2024-05-01T16:30:00Z", path: "/p/ü.jpg", latitude: -33.86, longitude: 151.21), km: 12.5)
        return AggregateSnapshot(days: [lyon, stay, undated], tracks: [track])
    }

    @Test func rowsComeBackAsTheyWere() throws {
        let bytes = Self.sample.encoded()
        let back = try bytes.withUnsafeBytes { try AggregateSnapshot(decoding: $0) }
        #expect(back == Self.sample)
        // Rows of one place share one snapshot object, as the log's reader gives them.
        let twice = AggregateSnapshot(days: [Self.sample.days[0], Self.sample.days[0]], tracks: [])
        let shared = try twice.encoded().withUnsafeBytes { try AggregateSnapshot(decoding: $0) }
        #expect(shared.days[0].places === shared.days[1].places)
    }

    /// The places are given before the rows are read: every row's snapshot, each once, the very
    /// objects the rows then share (what the namesakes are looked up from meanwhile).
    @Test func thePlacesAreGivenBeforeTheRows() throws {
        var given: [PlaceDay.Places] = []
        let back = try Self.sample.encoded().withUnsafeBytes { bytes in
            try AggregateSnapshot(decoding: bytes, placesRead: { given = $0 })
        }
        #expect(given.count == Set(back.days.map { ObjectIdentifier($0.places) }).count)
        #expect(back.days.allSatisfy { row in given.contains { $0 === row.places } })
        #expect(given.map(\.lineage) == Self.sample.days.map(\.places.lineage))
    }

    /// A listing's read leaves the times out and nothing else.
    @Test func withoutTimesTheRowsAreTheSameButForTheirTimes() throws {
        let bytes = Self.sample.encoded()
        let back = try bytes.withUnsafeBytes { try AggregateSnapshot(decoding: $0, times: false) }
        var expected = Self.sample
        for i in expected.days.indices { (expected.days[i].firstTime, expected.days[i].lastTime) = (nil, nil) }
        #expect(back == expected && back != Self.sample)
        // Cut short, the bytes are still refused.
        let cut = bytes.count - 120
        #expect(throws: (any Error).self) { try Array(bytes[..<cut]).withUnsafeBytes { try AggregateSnapshot(decoding: $0, times: false) } }
    }

    /// A read without track days leaves them out and nothing else, and still checks every byte.
    @Test func withoutTracksTheRowsAreTheSameAndNoTrackDayIsMade() throws {
        let bytes = Self.sample.encoded()
        #expect(!Self.sample.tracks.isEmpty)
        let back = try bytes.withUnsafeBytes { try AggregateSnapshot(decoding: $0, tracks: false) }
        #expect(back.days == Self.sample.days && back.tracks.isEmpty)
        for cut in [bytes.count - 1, bytes.count - 9, bytes.count - 40] {
            #expect(throws: (any Error).self) { try Array(bytes[..<cut]).withUnsafeBytes { try AggregateSnapshot(decoding: $0, tracks: false) } }
        }
        #expect(throws: (any Error).self) { try (bytes + [0]).withUnsafeBytes { try AggregateSnapshot(decoding: $0, tracks: false) } }
    }

    @Test func damagedBytesAreRefusedNotTrusted() throws {
        let bytes = Self.sample.encoded()
        // Every cut, and every byte changed to each of a few values: an error or some rows, never a crash.
        for cut in 0..<bytes.count {
            #expect(throws: (any Error).self) { try Array(bytes[..<cut]).withUnsafeBytes { try AggregateSnapshot(decoding: $0) } }
        }
        for i in bytes.indices {
            for value: UInt8 in [0, 1, 0x7F, 0xFF] {
                var damaged = bytes
                damaged[i] = value
                _ = try? damaged.withUnsafeBytes { try AggregateSnapshot(decoding: $0) }
            }
        }
        // A count no bytes could hold, and another format.
        var huge = Array(bytes[..<4])
        huge += [0xFF, 0xFF, 0xFF, 0x7F]
        #expect(throws: (any Error).self) { try huge.withUnsafeBytes { try AggregateSnapshot(decoding: $0) } }
        var other = bytes
        other[0] &+= 1
        #expect(throws: (any Error).self) { try other.withUnsafeBytes { try AggregateSnapshot(decoding: $0) } }
    }

    @Test func aLogKeepsItsSnapshotCurrentAndNeverReadsAStaleOne() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        var rng = SplitMix64(seed: 7)
        try log.write { for i in 0..<80 { try log.insert(AggregatesTests.randomRecord("/s/\(i).jpg", &rng), run: nil) } }
        var stay = PlaceDay(date: "2024-05-02", status: .visit)
        (stay.country, stay.historyPoints) = (Self.france, 40)
        try log.write { try log.replaceHistoryDays([stay]) }
        #expect(try log.snapshotIsCurrent())
        let tables = try log.computedSnapshot()
        #expect(tables.days.contains(stay) && tables.days.count > 10 && !tables.tracks.isEmpty)
        #expect(try log.passportAggregates() == tables)
        #expect(try TravelLog(path: t.path, readOnly: true).passportAggregates() == tables)

        // A change to a table by any writer, even one that bypasses the log's code, retires it.
        try log.database.execute("UPDATE place_days SET photos = photos + 1000 WHERE rowid = (SELECT min(rowid) FROM place_days)")
        #expect(try !log.snapshotIsCurrent())
        let changed = try log.passportAggregates()
        #expect(try changed != tables && changed == log.computedSnapshot())
        #expect(changed.days.contains { $0.photos >= 1000 })
        // The next writer's open makes it again.
        #expect(try TravelLog(path: t.path).snapshotIsCurrent())

        // A damaged blob is not read: the tables are.
        try log.database.execute("UPDATE aggregate_snapshot SET bytes = x'0100000005'")
        #expect(try log.snapshotIsCurrent())
        #expect(try log.passportAggregates() == log.computedSnapshot())
    }

    /// Only the first change after a snapshot counts a generation (migration 16); every later
    /// one finds the snapshot retired already, and a snapshot made again is retired by the next.
    @Test func theFirstChangeAfterASnapshotRetiresItAndTheNextSnapshotCountsAgain() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        var rng = SplitMix64(seed: 10)
        try log.write { for i in 0..<40 { try log.insert(AggregatesTests.randomRecord("/g/\(i).jpg", &rng), run: nil) } }
        func generation() throws -> Int { try log.database.prepare("SELECT n FROM aggregate_generation").scalarInt() ?? -1 }
        #expect(try log.snapshotIsCurrent())
        let start = try generation()
        for round in 1...3 {
            try log.database.execute("UPDATE place_days SET photos = photos + 1 WHERE rowid = (SELECT min(rowid) FROM place_days)")
            try log.database.execute("UPDATE place_days SET photos = photos + 1 WHERE rowid = (SELECT max(rowid) FROM place_days)")
            #expect(try !log.snapshotIsCurrent() && generation() == start + round)
            #expect(try log.passportAggregates() == log.computedSnapshot())
            try log.write { try log.refreshSnapshot() }
            #expect(try log.snapshotIsCurrent() && log.passportAggregates() == log.computedSnapshot())
        }
    }

    /// Migration 16 counts one more generation: a snapshot a log of schema 15 held as current
    /// (here, bytes of another log's) is not read after it, and the next change still counts.
    @Test func aSnapshotFromBeforeMigration16IsRetired() throws {
        let t = try TemporaryLog()
        do {
            let db = try t.database(ofSchema: 15)
            try db.execute("PRAGMA application_id = \(TravelLog.applicationID)")
            try db.execute("INSERT INTO photos (path, size, mtime_ns, taken_local, latitude, longitude, country_id, country_name) VALUES ('/m/a.jpg', 1, 2, '2024-05-01T10:00:00', 45.7, 4.8, 'country:FR', 'France')")
            let other = try Self.sample.encoded()
            let insert = try db.prepare("INSERT INTO aggregate_snapshot (id, generation, format, bytes) SELECT 1, n, ?, ? FROM aggregate_generation")
            try insert.bind(Int(AggregateSnapshot.format), other).run()
        }
        let log = try TravelLog(path: t.path)
        #expect(try log.schemaVersion() == TravelLog.migrations.count)
        #expect(try log.snapshotIsCurrent() && log.passportAggregates() == log.computedSnapshot())
        #expect(try log.passportAggregates() != Self.sample && log.placeDays().count == 1)
        try log.database.execute("DELETE FROM place_days")
        #expect(try !log.snapshotIsCurrent())
    }

    @Test func aSnapshotMadeBesideIsStoredOnlyAtItsGeneration() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        log.refreshesAggregatesOnWrite = false
        var rng = SplitMix64(seed: 9)
        // Dated, readable, placed and in time order: folded as they are written, so no date or
        // track day is left stale.
        let records = (0..<240).map { AggregatesTests.randomRecord("/b/\($0).jpg", &rng) }
            .filter { $0.error == nil && $0.latitude != nil && $0.takenLocal != nil }
            .sorted { (VisitPhoto(record: $0).trackTime ?? "", $0.path) < (VisitPhoto(record: $1).trackTime ?? "", $1.path) }
        try #require(records.count >= 90)
        try log.write { for r in records[0..<30] { try log.insert(r, run: nil) } }
        #expect(try log.snapshotIsStale() && log.staleDates().isEmpty)
        let pending = try PendingSnapshot(of: log)
        let made = try #require(pending.made())
        #expect(try made.bytes == log.computedSnapshot().encoded())
        try log.refreshAggregates(made: pending)
        #expect(try log.snapshotIsCurrent() && log.passportAggregates() == log.computedSnapshot())

        // Rows written after it was made: it is not taken, the snapshot is made again.
        try log.write { for r in records[30..<60] { try log.insert(r, run: nil) } }
        let late = try PendingSnapshot(of: log)
        #expect(late.made() != nil)
        try log.write { for r in records[60..<90] { try log.insert(r, run: nil) } }
        try log.refreshAggregates(made: late)
        let now = try log.computedSnapshot()
        #expect(try now.encoded() != late.made()?.bytes)
        #expect(try log.snapshotIsCurrent() && log.passportAggregates() == now)

        // Nothing to make where the snapshot is current.
        #expect(try PendingSnapshot(of: log).made() == nil)
    }

    @Test func noSnapshotIsMadeWhileDatesAreStale() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        var rng = SplitMix64(seed: 8)
        var records = (0..<40).map { AggregatesTests.randomRecord("/k/\($0).jpg", &rng) }
        records = records.filter { $0.error == nil && $0.latitude != nil && $0.takenLocal != nil }
        try log.write { for r in records { try log.insert(r, run: nil) } }
        #expect(try log.snapshotIsCurrent())
        // An import killed between batches: a rewritten photo leaves its date stale.
        log.refreshesAggregatesOnWrite = false
        let id = try #require(try log.photoID(records[0].path))
        var moved = records[0]
        moved.latitude = (moved.latitude ?? 0) > 0 ? -10 : 10
        try log.write { try log.update(id: id, with: moved, run: nil) }
        #expect(try !log.staleDates().isEmpty)
        try log.write { try log.refreshSnapshot() }
        #expect(try !log.snapshotIsCurrent())
        let reader = try TravelLog(path: t.path, readOnly: true)
        #expect(try reader.passportAggregates() == reader.computedSnapshot())
        try log.refreshAggregates()
        #expect(try log.snapshotIsCurrent() && log.staleDates().isEmpty)
        #expect(try log.passportAggregates() == log.computedSnapshot())
    }
}
