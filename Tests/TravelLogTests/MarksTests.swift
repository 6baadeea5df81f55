import Foundation
import SQLite
import Testing
@testable import TravelLog

/// Schema 2: a log of version 1 gains the speed column and the marks table and keeps its rows;
/// marks are saved, replaced, listed and removed.
@Suite struct MarksTests {
    @Test func aVersion1LogMigratesAndKeepsItsPhotos() throws {
        let t = try TemporaryLog()
        do {
            let db = try Database(path: t.path, mode: .readWrite)
            try db.execute(TravelLog.migrations[0])
            try db.execute("PRAGMA user_version = 1")
            try db.execute("INSERT INTO photos (path, size, mtime_ns, latitude, longitude) VALUES ('/p/a.jpg', 1, 2, 45.7, 4.8)")
        }
        let log = try TravelLog(path: t.path)
        #expect(try log.schemaVersion() == TravelLog.migrations.count)
        let id = try #require(try log.photoID("/p/a.jpg"))
        #expect(try log.record(id: id)?.speedKmh == nil)
        #expect(try log.marks().isEmpty)
    }

    @Test func marksAreKeyedByPlaceAndDay() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        var iceland = Mark(placeID: "country:IS", placeName: "Iceland", date: "2019-05-01", note: "ferry")
        iceland.continent = PlaceLink(id: "continent:EU", name: "Europe")
        iceland.country = PlaceLink(id: "country:IS", name: "Iceland")
        try log.saveMark(iceland)
        try log.saveMark(Mark(placeID: "country:IS", placeName: "Iceland"))
        iceland.note = "ferry from Denmark"
        try log.saveMark(iceland)
        #expect(try log.marks().map(\.date) == [nil, "2019-05-01"])
        #expect(try log.marks()[1] == iceland)
        #expect(try log.removeMarks(placeID: "country:IS") == 2)
        #expect(try log.marks().isEmpty)
    }
}
