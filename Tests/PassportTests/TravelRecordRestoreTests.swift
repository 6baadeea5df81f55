import Foundation
import Testing
import TravelLog
@testable import Passport

/// A travel record is checked before it is loaded: a hand-edited or damaged one is refused with
/// the photo or mark and the value named, and the log stays empty (all or nothing).
@Suite(.serialized) struct TravelRecordRestoreTests {
    private func freshLog() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("atlas-restore-\(UUID().uuidString).sqlite").path
    }

    /// The itinerary's exported record, as a mutable JSON object.
    private func record() throws -> [String: Any] {
        let text = try TravelRecordTests().export(PassportTests.itinerary.database)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    private func restoreFails(_ change: (inout [[String: Any]], inout [[String: Any]]) -> Void, saying words: [String]) throws {
        var doc = try record()
        var photos = try #require(doc["photos"] as? [[String: Any]]), marks = doc["marks"] as? [[String: Any]] ?? []
        change(&photos, &marks)
        (doc["photos"], doc["marks"]) = (photos, marks)
        let path = freshLog()
        let log = try TravelLog(path: path)
        #expect {
            _ = try TravelRecord.restore(try JSONSerialization.data(withJSONObject: doc), into: log)
        } throws: { error in
            let text = "\(error)"
            return error is TravelRecord.RestoreError && words.allSatisfy { text.contains($0) }
        }
        #expect(try log.photoCount() == 0 && log.marks().isEmpty)
    }

    @Test func badValuesAreRefusedAndNothingIsLoaded() throws {
        try restoreFails({ p, _ in p[0]["utc_offset_seconds"] = 1e300 }, saying: ["photo 1", "utc_offset_seconds"])
        try restoreFails({ p, _ in p[0]["utc_offset_seconds"] = Int.max }, saying: ["utc_offset_seconds"])
        try restoreFails({ p, _ in p[1]["latitude"] = 999 }, saying: ["photo 2", "latitude 999"])
        try restoreFails({ p, _ in p[0]["local_time"] = "yesterday" }, saying: ["local_time 'yesterday'"])
        try restoreFails({ p, _ in p[0]["country"] = ["id": "nonsense", "name": "X"] }, saying: ["'nonsense' is not a country identifier"])
        try restoreFails({ p, _ in p[0]["city"] = ["id": "country:FR", "name": "France"] }, saying: ["not a city identifier"])
        try restoreFails({ p, _ in p[2]["path"] = p[1]["path"] }, saying: ["appears twice"])
        try restoreFails({ p, _ in p[0]["path"] = "relative/photo.jpg" }, saying: ["photo 1", "no absolute path"])
        try restoreFails({ _, m in m.append(["place_id": "country:IS", "place_name": "Iceland", "date": "not-a-date"]) }, saying: ["not-a-date"])
        try restoreFails({ _, m in m.append(["place_id": "nonsense", "place_name": "?"]) }, saying: ["'nonsense' is not a place identifier"])
    }

    @Test func aSchemaVersionThatIsNoNumberSaysSo() throws {
        var doc = try record()
        doc["schema_version"] = "1"
        #expect {
            _ = try TravelRecord.restore(try JSONSerialization.data(withJSONObject: doc), into: TravelLog(path: freshLog()))
        } throws: { "\($0)" == "schema_version is the text \"1\", not a number" }
        doc["schema_version"] = 99
        #expect {
            _ = try TravelRecord.restore(try JSONSerialization.data(withJSONObject: doc), into: TravelLog(path: freshLog()))
        } throws: { "\($0)".hasPrefix("schema version 99, this program reads 1 to") }
    }

    @Test func aPlaceALaterGazetteerDroppedIsKept() throws {
        // The snapshot's name keeps it readable: a well-formed but unknown identifier is loaded.
        var doc = try record()
        var photos = try #require(doc["photos"] as? [[String: Any]])
        photos[0]["country"] = ["id": "country:ZZ", "name": "Zedland"]
        doc["photos"] = photos
        let log = try TravelLog(path: freshLog())
        #expect(try TravelRecord.restore(try JSONSerialization.data(withJSONObject: doc), into: log).photos == photos.count)
    }

    @Test func anOffsetBeyondAnyClockGivesNoUTCTimeInsteadOfATrap() {
        var photo = PassportPhoto(path: "/a.jpg")
        photo.takenLocal = "2024-07-01T12:00:00"
        photo.utcOffsetSeconds = Int.max
        #expect(photo.utcText == nil)
        photo.utcOffsetSeconds = 7_200
        #expect(photo.utcText == "2024-07-01T10:00:00Z")
    }
}
