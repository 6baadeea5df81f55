import Foundation
import Gazetteer
import SQLite
import Testing
@testable import TravelLog
import ScratchSpace

/// A travel log in a fresh temporary directory, removed with the value.
final class TemporaryLog {
    let directory: String
    var path: String { directory + "/atlas.sqlite" }

    init() throws {
        directory = Scratch.root.appendingPathComponent("atlas-log-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// A connection to the file made a log of schema `version` (its first migrations only),
    /// as an older atlas left it, for a test of what the later ones do to it.
    func database(ofSchema version: Int) throws -> Database {
        let db = try Database(path: path, mode: .readWrite)
        for migration in TravelLog.migrations.prefix(version) { try db.execute(migration) }
        try db.execute("PRAGMA user_version = \(version)")
        return db
    }
}

func sampleRecord(_ path: String, city: String = "city:2996944", cityName: String = "Lyon") -> PhotoRecord {
    var r = PhotoRecord(path: path, size: 1234, modifiedNs: 1_700_000_000_123_456_789)
    r.fingerprint = 0xFEDC_BA98_7654_3210
    r.format = "jpeg"
    r.takenLocal = "2024-07-16T21:00:00"
    (r.utcOffsetSeconds, r.offsetSource, r.timeSource) = (7200, .exif, "DateTimeOriginal")
    (r.latitude, r.longitude, r.altitude) = (45.76, 4.83, 170)
    (r.make, r.model) = ("Cam", "One")
    var place = PlaceSnapshot(coordinate: GeoCoordinate(latitude: 45.76, longitude: 4.83), waters: .land, gazetteerVersion: "test.1")
    place.continent = .init(id: PlaceID("continent:EU")!, name: "Europe")
    place.country = .init(id: PlaceID("country:FR")!, name: "France", code: "FRA")
    place.region = .init(id: PlaceID("region:FR.84")!, name: "Auvergne-Rhône-Alpes", code: "FR-ARA")
    place.city = .init(id: PlaceID(city)!, name: cityName, distanceKm: 1.25)
    place.borderKm = 3.5
    place.boundaryQuality = "natural-earth-lines"
    r.place = place
    return r
}

@Suite struct TravelLogTests {
    @Test func createsTheSchemaInWALWithForeignKeys() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        #expect(try log.schemaVersion() == TravelLog.migrations.count)
        #expect(try log.database.prepare("PRAGMA journal_mode").scalarString() == "wal")
        #expect(try log.database.prepare("PRAGMA foreign_keys").scalarInt() == 1)
        #expect(try log.integrityCheck() == ["ok"])
        // Reopening applies nothing twice.
        let again = try TravelLog(path: t.path)
        #expect(try again.schemaVersion() == TravelLog.migrations.count)
    }

    @Test func droppedBulkLoadIndexesComeBackAtTheNextWritersOpen() throws {
        let t = try TemporaryLog()
        func hasIndex(_ log: TravelLog) throws -> Bool {
            try log.database.prepare("SELECT count(*) FROM sqlite_master WHERE name IN ('photos_fingerprint', 'photos_day')").scalarInt() == 2
        }
        let log = try TravelLog(path: t.path)
        #expect(try hasIndex(log))
        try log.dropBulkLoadIndexes()
        #expect(try !hasIndex(log))
        // A read-only open leaves the file as it is; a writer's open rebuilds the index.
        #expect(try !hasIndex(TravelLog(path: t.path, readOnly: true)))
        let reopened = try TravelLog(path: t.path)
        #expect(try hasIndex(reopened))
        let plan = try reopened.database.prepare("EXPLAIN QUERY PLAN SELECT id FROM photos WHERE fingerprint = 1 AND size = 2")
        var details: [String] = []
        while try plan.step() { details.append(plan.string(3) ?? "") }
        #expect(details.contains { $0.contains("photos_fingerprint") }, "\(details)")
    }

    @Test func refusesANewerSchema() throws {
        let t = try TemporaryLog()
        _ = try TravelLog(path: t.path)
        try Database(path: t.path, mode: .readWrite).execute("PRAGMA user_version = 99")
        #expect(throws: TravelLogError.self) { try TravelLog(path: t.path) }
    }

    @Test func readOnlyOpenOfAMissingLogFails() throws {
        let t = try TemporaryLog()
        #expect(throws: TravelLogError.self) { try TravelLog(path: t.path, readOnly: true) }
        #expect(!FileManager.default.fileExists(atPath: t.path))
    }

    @Test func defaultPathFollowsTheEnvironment() {
        #expect(TravelLog.defaultPath(environment: ["ATLAS_DB": "/x/y.sqlite", "HOME": "/h"]) == "/x/y.sqlite")
        #expect(TravelLog.defaultPath(environment: ["XDG_DATA_HOME": "/data", "HOME": "/h"]) == "/data/travel-atlas/atlas.sqlite")
        #expect(TravelLog.defaultPath(environment: ["HOME": "/h"]) == "/h/.local/share/travel-atlas/atlas.sqlite")
    }

    @Test func aRecordRoundTripsWithItsSnapshot() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        var record = sampleRecord("/photos/a.jpg")
        // Every column filled, so a parameter bound at the wrong index cannot go unnoticed.
        record.place?.airport = .init(id: PlaceID("airport:LYS")!, name: "Lyon–Saint-Exupéry", code: "LFLL", distanceKm: 2.5)
        record.place?.nearestCityElsewhere = true
        (record.speedKmh, record.gpsIssue) = (12.5, "no GPS directory")
        let id = try log.write { try log.save(record, run: nil) }
        #expect(try log.record(id: id) == record)
        let stored = try #require(try log.storedFile(at: "/photos/a.jpg"))
        #expect(stored.size == 1234 && stored.modifiedNs == 1_700_000_000_123_456_789 && stored.hasPosition && !stored.isMissing)

        var failed = PhotoRecord(path: "/photos/b.jpg", size: 3, modifiedNs: 1)
        failed.error = .init(kind: "truncated", message: "truncated: JPEG ends inside a segment")
        try log.write { _ = try log.save(failed, run: nil) }
        #expect(try log.errors().map(\.path) == ["/photos/b.jpg"])
        #expect(try log.record(id: log.photoID("/photos/b.jpg")!) == failed)
    }

    @Test func savingTheSamePathKeepsTheRowAndItsOverride() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        let id = try log.write { try log.save(sampleRecord("/p/a.jpg"), run: nil) }
        let paris = Place(id: PlaceID("city:2988507")!, name: "Paris", foldedName: "paris",
                          lineage: [.init(id: PlaceID("continent:EU")!, name: "Europe"), .init(id: PlaceID("country:FR")!, name: "France"),
                                    .init(id: PlaceID("region:FR.11")!, name: "Île-de-France")],
                          coordinate: nil, population: 1, codes: .init())
        try log.setPlace(photo: id, to: paris)
        let again = try log.write { try log.save(sampleRecord("/p/a.jpg", city: "city:1", cityName: "Elsewhere"), run: nil) }
        #expect(again == id)
        #expect(try log.photoCount() == 1)
        #expect(try log.overriddenPlace(photo: id) == PlaceID("city:2988507"))
        let visited = try log.visitedPlaces()
        #expect(visited.cities == ["city:2988507": "Paris"])
        #expect(visited.regions == ["region:FR.11": "Île-de-France"])
        try log.clearPlace(photo: id)
        #expect(try log.visitedPlaces().cities == ["city:1": "Elsewhere"])
    }

    @Test func insertingAPathTheLogHasUpdatesItsRowInstead() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        let first = try log.write { try log.insert(sampleRecord("/p/a.jpg"), run: nil) }
        let second = try log.write { try log.insert(sampleRecord("/p/b.jpg"), run: nil) }
        #expect(first != second)
        let again = try log.write { try log.insert(sampleRecord("/p/a.jpg", city: "city:1", cityName: "Elsewhere"), run: nil) }
        #expect(again == first)
        #expect(try log.photoCount() == 2)
        #expect(try log.record(id: first)?.place?.city?.name == "Elsewhere")
    }

    @Test func unseenPhotosUnderARootBecomeMissingNotDeleted() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        let (a, _, _) = try log.write {
            (try log.save(sampleRecord("/r/a.jpg"), run: nil), try log.save(sampleRecord("/r/b.jpg"), run: nil),
             try log.save(sampleRecord("/rx/c.jpg"), run: nil))
        }
        try log.beginPresenceTracking()
        try log.markSeen(a)
        let missing = try log.write { try log.markUnseenMissing(under: ["/r"], run: 99, since: Date()) }
        #expect(missing == 1)   // b; c lies under /rx, not under /r
        #expect(try log.storedFile(at: "/r/b.jpg")?.isMissing == true)
        #expect(try log.photoCount() == 3)
    }

    @Test func knowsFilesOnlyAtOrBelowARoot() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        try log.write {
            try log.save(sampleRecord("/r/sub/a.jpg"), run: nil)
            try log.recordOtherFile(path: "/o/clip.mov", size: 1, modifiedNs: 1)
            try log.save(sampleRecord("/single.jpg"), run: nil)
        }
        #expect(try log.knowsFiles(under: "/r") && log.knowsFiles(under: "/r/sub") && log.knowsFiles(under: "/r/"))
        #expect(try log.knowsFiles(under: "/o"))                // other files count too
        #expect(try log.knowsFiles(under: "/single.jpg"))       // a root that is a file
        #expect(try !log.knowsFiles(under: "/rx") && !log.knowsFiles(under: "/r/su") && !log.knowsFiles(under: "/q"))
    }

    @Test func readScopesEndBeforeWritesAndLetOthersWrite() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        let other = try TravelLog(path: t.path)
        try log.beginReading()
        #expect(try log.storedFile(at: "/p/a.jpg") == nil)
        // A read scope holds no write lock: another connection writes meanwhile.
        try other.write { _ = try other.save(sampleRecord("/p/b.jpg"), run: nil) }
        // The write ends the scope, so it sees (and keeps) what the other connection wrote.
        try log.write { _ = try log.save(sampleRecord("/p/a.jpg"), run: nil) }
        #expect(!log.database.isInTransaction)
        #expect(try log.photoCount() == 2)
    }

    @Test func runsAreRecordedAndStaleOnesAbandoned() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        let first = try log.beginRun(roots: ["/a", "/b"], gazetteerVersion: "v")
        try log.abandonStaleRuns()
        let second = try log.beginRun(roots: ["/a"], gazetteerVersion: "v")
        var counts = ImportRun.Counts()
        counts.added = 5
        try log.finishRun(second, status: .done, counts: counts)
        let runs = try log.runs()
        #expect(runs.map(\.id) == [first, second])
        #expect(runs[0].status == .abandoned && runs[0].roots == ["/a", "/b"])
        #expect(runs[1].status == .done && runs[1].counts.added == 5 && runs[1].endedAt != nil)
    }

    @Test func theImportLockIsExclusive() throws {
        let t = try TemporaryLog()
        let first = try #require(try ImportLock(logPath: t.path))
        #expect(try ImportLock(logPath: t.path) == nil)
        first.release()
        #expect(try ImportLock(logPath: t.path) != nil)
    }
}
