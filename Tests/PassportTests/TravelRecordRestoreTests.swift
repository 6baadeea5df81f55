import Foundation
import Testing
import TravelLog
@testable import Passport
import ScratchSpace

/// A travel record is checked before it is loaded: a hand-edited or damaged one is refused with
/// the photo or mark and the value named, and the log stays empty (all or nothing).
@Suite(.serialized) struct TravelRecordRestoreTests {
    private func freshLog() -> String {
        Scratch.root.appendingPathComponent("atlas-restore-\(UUID().uuidString).sqlite").path
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

    /// A history and a day it gave, as version 6 writes them.
    private static var history: [String: Any] { [
        "path": "/phone/Records.json", "format": "google-records", "points_read": 40, "points": 40, "duplicates": 0, "visits": 0,
        "flights": 0, "skipped": 0, "first": "2024-05-01T08:00:00Z", "last": "2024-05-01T11:15:00Z", "error": NSNull(),
    ] }
    private static var historyDay: [String: Any] { [
        "date": "2024-05-01", "status": "visit", "country": ["id": "country:FR", "name": "France"], "city": ["id": "city:2988507", "name": "Paris"],
        "points": 40, "positioned": 40, "latitude_sum_e7": 19_542_647_800, "longitude_sum_e7": 940_880_000,
    ] }

    @Test func historiesComeBackWithoutTheirPointsAndBadOnesAreRefused() throws {
        var doc = try record()
        (doc["histories"], doc["history_days"]) = ([Self.history], [Self.historyDay])
        let log = try TravelLog(path: freshLog())
        let restored = try TravelRecord.restore(try JSONSerialization.data(withJSONObject: doc), into: log)
        #expect(restored.histories == 1 && restored.historyDays == 1)
        // Size -1: an import of the folder reads the file again; the day is there meanwhile.
        #expect(try log.storedHistories().map(\.size) == [-1] && log.storedHistories()[0].first == 1_714_550_400_000)
        let day = try #require(try log.historyDays().first)
        #expect(day.city?.name == "Paris" && day.historyPoints == 40 && abs((day.meanPosition?.latitude ?? 0) - 48.8566195) < 1e-9)

        func fails(_ change: (inout [String: Any], inout [String: Any]) -> Void, saying words: [String]) throws {
            var (h, d) = (Self.history, Self.historyDay)
            change(&h, &d)
            var doc = try record()
            (doc["histories"], doc["history_days"]) = ([h], [d])
            let log = try TravelLog(path: freshLog())
            #expect {
                _ = try TravelRecord.restore(try JSONSerialization.data(withJSONObject: doc), into: log)
            } throws: { error in words.allSatisfy { "\(error)".contains($0) } }
            #expect(try log.photoCount() == 0 && log.storedHistories().isEmpty && log.historyDays().isEmpty)
        }
        try fails({ h, _ in h["path"] = "Records.json" }, saying: ["history 1", "no absolute path"])
        try fails({ h, _ in h["points"] = -3 }, saying: ["history 1 (/phone/Records.json): points is not a count"])
        try fails({ h, _ in h["first"] = "2024-05-01 08:00" }, saying: ["first '2024-05-01 08:00' is not a UTC time"])
        try fails({ _, d in d["date"] = "2024-02-30" }, saying: ["history day 1", "no date"])
        try fails({ _, d in d["status"] = "flight" }, saying: ["status is neither visit nor transit"])
        try fails({ _, d in d["city"] = ["id": "country:FR", "name": "France"] }, saying: ["'country:FR' is not a city identifier"])
        try fails({ _, d in d["points"] = 0 }, saying: ["points 0 is not a whole number"])
        try fails({ _, d in d["latitude_sum_e7"] = 1e30 }, saying: ["latitude_sum_e7"])
        try fails({ _, d in d["positioned"] = 1e300 }, saying: ["positioned"])
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
