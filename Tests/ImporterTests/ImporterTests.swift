import Foundation
import Gazetteer
import PhotoMetadata
import SQLite
import SyntheticPhotos
import Testing
import TravelLog
@testable import Importer

/// End to end, in process: generated libraries through the whole pipeline into a real log.
@Suite(.serialized) struct ImporterTests {
    /// One resolver for the suite: loading it is the slow part in a debug build.
    static let finder = PlaceFinder(gazetteer: try! Gazetteer.open())

    func importLibrary(_ library: Library, dryRun: Bool = false, jobs: Int = 2, batchSize: Int = 7) throws -> (ImportSummary, ImportProgress.Snapshot) {
        let log = dryRun ? (FileManager.default.fileExists(atPath: library.database) ? try TravelLog(path: library.database, readOnly: true) : nil)
                         : try TravelLog(path: library.database)
        let importer = Importer(log: log, finder: Self.finder,
                                options: .init(roots: [LibraryWalker.canonical(library.root)!], jobs: jobs, dryRun: dryRun, batchSize: batchSize))
        return (try importer.run(), importer.progress.snapshot())
    }

    @Test func firstImportThenNoChangeThenEditMoveDeleteCorrupt() throws {
        let library = try Library()
        let paths = try library.write(40, in: "2024/trip")
        try library.writeFile("2024/trip/notes.txt", Array("not a photo".utf8))
        try library.writeFile("2024/no-gps.jpg", SyntheticPhoto(includeGPS: false).jpeg())

        let (first, _) = try importLibrary(library)
        #expect(first.counts.seen == 41)
        #expect(first.counts.added == 41)
        #expect(first.positioned == 40 && first.withoutPosition == 1 && first.counts.errors == 0)
        #expect(first.notImages == 1)
        #expect(Set(first.newPlaces.countries.values) == ["France", "Switzerland", "Italy", "Portugal", "Japan"])
        #expect(first.newPlaces.cities.count >= 5)
        // Built at the end of a first import (which drops it while loading), not by a later open.
        let index = try TravelLog(path: library.database, readOnly: true).database
            .prepare("SELECT count(*) FROM sqlite_master WHERE name = 'photos_fingerprint'").scalarInt()
        #expect(index == 1)

        // Nothing changed: nothing is opened again.
        let (second, progress) = try importLibrary(library)
        #expect(second.filesRead == 0 && progress.read == 0)
        #expect(second.counts.unchanged == 41 && second.counts.added == 0)
        #expect(second.newPlaces == VisitedPlaces())
        #expect(second.positioned == 40 && second.withoutPosition == 1)

        // One edited, one moved, one deleted, one corrupted.
        var edited = Library.photo(0)
        edited.dateTimeOriginal = "2025:01:01 09:00:00"
        try Data(edited.jpeg()).write(to: URL(fileURLWithPath: paths[0]))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: paths[0])
        try FileManager.default.createDirectory(atPath: library.root + "/sorted", withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: paths[1], toPath: library.root + "/sorted/moved.jpg")
        try FileManager.default.removeItem(atPath: paths[2])
        try Data([0xFF, 0xD8, 0xFF, 0xE1, 0x40, 0x00, 0x45]).write(to: URL(fileURLWithPath: paths[3]))

        let log = try TravelLog(path: library.database)
        let movedID = try #require(try log.photoID(LibraryWalker.canonical(paths[1].replacingOccurrences(of: "/IMG_00001.jpg", with: ""))! + "/IMG_00001.jpg"))
        let (third, progress3) = try importLibrary(library)
        #expect(third.counts.changed == 2)   // the edited one and the corrupted one
        #expect(third.counts.moved == 1 && third.counts.added == 0)
        #expect(third.counts.missing == 1)
        #expect(third.counts.errors == 1 && third.errorsByReason == ["truncated": 1])
        #expect(progress3.read == 3)
        #expect(try log.photoCount() == 41)   // nothing duplicated, nothing deleted
        #expect(try log.photoID(LibraryWalker.canonical(library.root)! + "/sorted/moved.jpg") == movedID)
        let editedRecord = try #require(try log.record(id: log.photoID(LibraryWalker.canonical(paths[0])!)!))
        #expect(editedRecord.takenLocal == "2025-01-01T09:00:00")
        #expect(try log.errors().map(\.kind) == ["truncated"])
        #expect(try log.missingCount() == 1)
        #expect(try log.integrityCheck() == ["ok"])
        let runs = try log.runs()
        #expect(runs.count == 3 && runs.allSatisfy { $0.status == .done })
    }

    @Test func aFolderNewToTheLogIsImportedWholeAndRecognisesMovedPhotos() throws {
        let library = try Library()
        let paths = try library.write(12, in: "old")
        try FileManager.default.createDirectory(atPath: library.root + "/new", withIntermediateDirectories: true)
        _ = try library.write(5, in: "new", startingAt: 100)
        func importFolder(_ folder: String) throws -> ImportSummary {
            let root = LibraryWalker.canonical(library.root + "/" + folder)!
            return try Importer(log: TravelLog(path: library.database), finder: Self.finder, options: .init(roots: [root], batchSize: 4)).run()
        }
        #expect(try importFolder("old").counts.added == 12)
        let log = try TravelLog(path: library.database)
        let movedID = try #require(try log.photoID(LibraryWalker.canonical(paths[3])!))
        try FileManager.default.moveItem(atPath: paths[3], toPath: library.root + "/new/from-old.jpg")

        // The log knows nothing under new/, so no file there is looked up, yet the moved photo
        // keeps its row.
        let first = try importFolder("new")
        #expect(first.counts.added == 5 && first.counts.moved == 1 && first.filesRead == 6)
        #expect(try log.photoID(LibraryWalker.canonical(library.root)! + "/new/from-old.jpg") == movedID)
        #expect(try log.photoCount() == 17)
        let again = try importFolder("new")
        #expect(again.filesRead == 0 && again.counts.unchanged == 6)
        #expect(try log.integrityCheck() == ["ok"])
    }

    @Test func aDryRunWritesNothing() throws {
        let library = try Library()
        try library.write(10)
        let (summary, progress) = try importLibrary(library, dryRun: true)
        #expect(summary.counts.added == 10 && progress.read == 10)
        #expect(summary.newPlaces.countries.count == 5)
        #expect(summary.visited == summary.newPlaces)   // nothing was known before
        #expect(!FileManager.default.fileExists(atPath: library.database))

        _ = try importLibrary(library)
        try library.write(5, startingAt: 10)
        let before = try Data(contentsOf: URL(fileURLWithPath: library.database))
        let (again, _) = try importLibrary(library, dryRun: true)
        #expect(again.counts.added == 5 && again.counts.unchanged == 10)
        #expect(try TravelLog(path: library.database).photoCount() == 10)
        #expect(try Data(contentsOf: URL(fileURLWithPath: library.database)) == before)
        // The dry run announced what the real one then finds.
        let (real, _) = try importLibrary(library)
        #expect(real.visited == again.visited && real.newPlaces == again.newPlaces)
    }

    /// Batches are written on the writer's thread while the walk goes on: a batch a file, with
    /// files the log knows (each question waits for the write before) and new ones between
    /// them, gives the log and the counts of one batch for everything.
    @Test func batchesWrittenBesideTheWalkGiveTheLogOfOneBatch() throws {
        func rows(_ library: Library) throws -> [String] {
            let s = try TravelLog(path: library.database, readOnly: true).database
                .prepare("SELECT path, taken_local, country_id, city_id, first_run, updated_run FROM photos ORDER BY path")
            var out: [String] = []
            while try s.step() { out.append((0..<6).map { s.string(Int32($0)) ?? "-" }.joined(separator: " ")) }
            return out.map { $0.replacingOccurrences(of: library.root, with: "") }
        }
        var logs: [[String]] = [], summaries: [[Int]] = []
        for batchSize in [1, 10_000] {
            let library = try Library()
            try library.write(6, in: "a")
            try library.writeFile("a/notes.txt", Array("not a photo".utf8))
            _ = try importLibrary(library, batchSize: batchSize)
            try library.write(6, in: "b", startingAt: 6)
            try library.write(2, in: "a", startingAt: 12)
            try FileManager.default.moveItem(atPath: library.root + "/a/IMG_00000.jpg", toPath: library.root + "/b/moved.jpg")
            let (summary, _) = try importLibrary(library, batchSize: batchSize)
            let c = summary.counts
            summaries.append([c.seen, c.added, c.unchanged, c.moved, c.changed, c.missing, summary.notImages, summary.filesRead, summary.positioned])
            logs.append(try rows(library))
        }
        #expect(summaries[0] == [14, 8, 5, 1, 0, 0, 1, 9, 14])
        #expect(summaries[0] == summaries[1])
        #expect(logs[0] == logs[1] && logs[0].count == 14)
    }

    @Test func aHandSetPlaceSurvivesReimportAndReresolve() throws {
        let library = try Library()
        let paths = try library.write(5, heic: false)
        _ = try importLibrary(library)
        let log = try TravelLog(path: library.database)
        let id = try #require(try log.photoID(LibraryWalker.canonical(paths[0])!))
        let place = try #require(try Self.finder.gazetteer.lookup("KIX"))
        try log.setPlace(photo: id, to: place)

        // Re-read the file (touched) and re-resolve everything.
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(120)], ofItemAtPath: paths[0])
        let (again, _) = try importLibrary(library)
        #expect(again.counts.changed == 1)
        let report = try Reresolver(log: log, finder: Self.finder).run()
        #expect(report.examined == 5 && report.changedPhotos == 0)
        #expect(try log.overriddenPlace(photo: id) == PlaceID("airport:KIX"))
        #expect(try log.visitedPlaces().countries["country:JP"] == "Japan")
    }

    @Test func reresolveReportsAndRewritesAStaleSnapshot() throws {
        let library = try Library()
        let paths = try library.write(3, heic: false)
        _ = try importLibrary(library)
        let log = try TravelLog(path: library.database)
        // Pretend an older gazetteer placed the Lyon photo in Paris.
        try log.database.execute("UPDATE photos SET city_id = 'city:2988507', city_name = 'Paris', gazetteer_version = 'old' WHERE path = '\(LibraryWalker.canonical(paths[0])!)'")
        let report = try Reresolver(log: log, finder: Self.finder).run()
        #expect(report.changedPhotos == 1 && report.rewritten == 1)
        #expect(report.transitions.keys.contains { $0.hasPrefix("Paris (city:2988507) → ") })
        #expect(try log.record(id: log.photoID(LibraryWalker.canonical(paths[0])!)!)?.place?.gazetteerVersion == Self.finder.gazetteer.version)
    }

    /// A log written with an older gazetteer, which put Window Rock (Navajo Nation) in Phoenix's
    /// zone and Büsingen in Switzerland: reresolve gives both their own, and says so.
    @Test func reresolveListsMovedBordersAndOffsets() throws {
        let library = try Library()
        try library.writeFile("window-rock.jpg", SyntheticPhoto(latitude: 35.6681, longitude: -109.0526, dateTimeOriginal: "2024:07:04 12:00:00").jpeg())
        try library.writeFile("busingen.jpg", SyntheticPhoto(latitude: 47.6966, longitude: 8.6894, dateTimeOriginal: "2024:07:04 12:00:00").jpeg())
        _ = try importLibrary(library)
        let log = try TravelLog(path: library.database)
        try log.database.execute("UPDATE photos SET utc_offset = -25200, gazetteer_version = 'old' WHERE path LIKE '%window-rock.jpg'")
        try log.database.execute("UPDATE photos SET country_id = 'country:CH', country_name = 'Switzerland', gazetteer_version = 'old' WHERE path LIKE '%busingen.jpg'")
        let report = try Reresolver(log: log, finder: Self.finder).run()
        #expect(report.changedPhotos == 1 && report.retimedPhotos == 1 && report.rewritten == 2)
        #expect(report.transitions["UTC offset -07:00 → -06:00"] == 1)
        #expect(report.transitions["Switzerland (country:CH) → Germany (country:DE)"] == 1)
    }

    @Test func reresolveReportsAChangeOnlyInTheDistrict() throws {
        let library = try Library()
        let paths = try library.write(3, heic: false)
        _ = try importLibrary(library)
        let log = try TravelLog(path: library.database)
        let path = LibraryWalker.canonical(paths[0])!
        let before = try #require(try log.record(id: log.photoID(path)!)?.place)
        // Same city as the current gazetteer gives, and a district (in Rome) it cannot give there.
        try log.database.execute("UPDATE photos SET district_id = 'district:6545149', district_name = 'Campitelli', district_km = 0.5 WHERE path = '\(path)'")
        let report = try Reresolver(log: log, finder: Self.finder).run()
        #expect(report.changedPhotos == 1 && report.rewritten == 1)
        let expected = "Campitelli (district:6545149) → \(before.district.map { "\($0.name) (\($0.id))" } ?? "none")"
        #expect(report.transitions == [expected: 1])
        #expect(try log.record(id: log.photoID(path)!)?.place == before)
    }

    @Test func changesNameEveryLevelThatMovedDistrictsIncluded() {
        func link(_ id: String, _ name: String) -> PlaceSnapshot.Link { .init(id: PlaceID(id)!, name: name) }
        var old = PlaceSnapshot(coordinate: GeoCoordinate(latitude: 45.76, longitude: 4.82), waters: .land, gazetteerVersion: "test.1")
        old.country = link("country:FR", "France")
        old.city = link("city:6543971", "Lyon 05")
        var new = old
        new.city = link("city:2996944", "Lyon")
        new.district = link("district:6543971", "Lyon 05")
        #expect(Reresolver.changes(from: old, to: new) == ["Lyon 05 (city:6543971) → Lyon (city:2996944)", "none → Lyon 05 (district:6543971)"])
        var moved = new
        moved.district = link("district:6543972", "Lyon 06")
        #expect(Reresolver.changes(from: new, to: moved) == ["Lyon 05 (district:6543971) → Lyon 06 (district:6543972)"])
        #expect(Reresolver.changes(from: new, to: new).isEmpty)
        #expect(Reresolver.changes(from: nil, to: old) == ["none → France (country:FR)", "none → Lyon 05 (city:6543971)"])
    }

    /// A photo without an offset of its own is dated in the zone of the point, with that zone's
    /// rules on the capture date: Window Rock (Navajo Nation) keeps daylight saving time in July,
    /// Phoenix around it does not; Lisbon is on summer time in July and not in January.
    @Test func offsetFromThePointsTimeZoneWhenTheFileHasNone() throws {
        let library = try Library()
        let photos: [(name: String, lat: Double, lon: Double, time: String, offset: Int)] = [
            ("kyoto.jpg", 35.0116, 135.7681, "2024:04:05 10:11:12", 9 * 3600),
            ("phoenix.jpg", 33.4484, -112.0740, "2024:07:04 12:00:00", -7 * 3600),
            ("window-rock.jpg", 35.6681, -109.0526, "2024:07:04 12:00:00", -6 * 3600),
            ("lisbon-summer.jpg", 38.7223, -9.1393, "2024:07:04 12:00:00", 3600),
            ("lisbon-winter.jpg", 38.7223, -9.1393, "2024:01:04 12:00:00", 0),
        ]
        for p in photos { try library.writeFile(p.name, SyntheticPhoto(latitude: p.lat, longitude: p.lon, dateTimeOriginal: p.time).jpeg()) }
        _ = try importLibrary(library)
        let records = try TravelLog(path: library.database).records(after: 0, limit: 10).map(\.record)
        for p in photos {
            let record = try #require(records.first { $0.path.hasSuffix(p.name) }, "\(p.name)")
            #expect(record.utcOffsetSeconds == p.offset && record.offsetSource == .timezone, "\(p.name): \(record.utcOffsetSeconds.map(String.init) ?? "none")")
        }
        #expect(records.first { $0.path.hasSuffix("kyoto.jpg") }?.place?.country?.name == "Japan")
    }

    @Test func stopEndsAfterTheBatchAndTheNextRunFinishes() throws {
        let library = try Library()
        try library.write(60, heic: false)
        let log = try TravelLog(path: library.database)
        let importer = Importer(log: log, finder: Self.finder, options: .init(roots: [LibraryWalker.canonical(library.root)!], jobs: 2, batchSize: 5))
        importer.stop()
        let stopped = try importer.run()
        #expect(stopped.interrupted && stopped.counts.missing == 0)
        #expect(try log.runs().last?.status == .interrupted)
        let (rest, _) = try importLibrary(library)
        #expect(!rest.interrupted && rest.counts.seen == 60)
        #expect(try log.photoCount() == 60)
    }

    @Test func stopInTheMiddleOfTheWalkLosesNothingAndHangsNothing() throws {
        let library = try Library()
        try library.write(300, heic: false)
        let log = try TravelLog(path: library.database)
        let importer = Importer(log: log, finder: Self.finder, options: .init(roots: [LibraryWalker.canonical(library.root)!], jobs: 2, batchSize: 20))
        let watcher = Thread {
            while importer.progress.snapshot().found < 45 { usleep(100) }
            importer.stop()
        }
        watcher.start()
        let stopped = try importer.run()
        #expect(stopped.interrupted)
        let committed = try log.photoCount()
        #expect(committed == stopped.counts.added && committed < 300)
        let (rest, _) = try importLibrary(library)
        #expect(rest.counts.added == 300 - committed && rest.counts.unchanged == committed)
        #expect(try log.photoCount() == 300)
    }
}
