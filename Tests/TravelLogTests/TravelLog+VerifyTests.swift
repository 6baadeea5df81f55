import Foundation
import Gazetteer
import SQLite
import Testing
@testable import TravelLog

/// The stored aggregates against the photos, after edits made by hand to the stored rows: each
/// edit names its own date, and that date alone is reported; a sound log reports none.
@Suite struct TravelLogVerifyTests {
    /// A log of 24 photos over 8 days in Lyon, Paris and Geneva, two of them undated.
    static func makeLog(_ t: TemporaryLog) throws {
        let log = try TravelLog(path: t.path)
        try log.write {
            for i in 0..<24 {
                var r = sampleRecord(String(format: "/photos/%03d.jpg", i), city: ["city:2996944", "city:2988507", "city:2660646"][i % 3],
                                     cityName: ["Lyon", "Paris", "Geneva"][i % 3])
                r.takenLocal = i >= 22 ? nil : String(format: "2024-07-%02dT%02d:15:00", 1 + i % 8, 6 + i % 15)
                r.latitude = 45 + Double(i) / 10
                try log.insert(r, run: nil)
            }
        }
    }

    @Test func aSoundLogHasNoMismatch() throws {
        let t = try TemporaryLog()
        try Self.makeLog(t)
        let log = try TravelLog(path: t.path, readOnly: true)
        let found = try log.aggregateMismatches()
        #expect(found.dates.isEmpty && found.staleDates == 0)
        // The check compared something: the log has rows of each kind.
        #expect(try log.placeDays().count >= 9 && log.trackDays().count == 8)
    }

    /// Each edit and the date it must be reported under.
    static let edits: [(sql: String, date: String)] = [
        ("UPDATE place_days SET photos = photos + 1 WHERE date = '2024-07-03'", "2024-07-03"),
        ("UPDATE place_days SET city_name = 'Lyon 2' WHERE date = '2024-07-04' AND city_id = 'city:2996944'", "2024-07-04"),
        ("UPDATE place_days SET latitude_sum = latitude_sum + 0.001 WHERE date = '2024-07-05'", "2024-07-05"),
        ("UPDATE place_days SET last_time = '2024-07-06T23:59:59' WHERE date = '2024-07-06'", "2024-07-06"),
        ("DELETE FROM place_days WHERE date = '2024-07-07'", "2024-07-07"),
        ("INSERT INTO place_days (date, status, photos, hand_set, positioned, latitude_sum, longitude_sum) VALUES ('2030-01-01', 'visit', 1, 0, 0, 0, 0)", "2030-01-01"),
        ("UPDATE place_days SET photos = 9 WHERE date = ''", ""),
        ("UPDATE track_days SET km = km + 1 WHERE day = '2024-07-02'", "2024-07-02"),
        ("UPDATE track_days SET photos = photos + 1 WHERE day = '2024-07-08'", "2024-07-08"),
        ("DELETE FROM track_days WHERE day = '2024-07-01'", "2024-07-01"),
        ("INSERT INTO track_days (day, photos, first_time, first_path, first_latitude, first_longitude, last_time, last_path, last_latitude, last_longitude, km) VALUES ('2024-06-30', 1, '2024-06-30T10:00:00', '/x.jpg', 1, 2, '2024-06-30T10:00:00', '/x.jpg', 1, 2, 0)", "2024-06-30"),
    ]

    @Test(arguments: 0..<11)
    func anEditedRowIsReportedByItsDate(index: Int) throws {
        let (sql, date) = Self.edits[index]
        let t = try TemporaryLog()
        try Self.makeLog(t)
        let raw = try Database(path: t.path, mode: .readWrite)
        try raw.execute(sql)
        #expect(raw.changes >= 1, "the edit touched a row")
        let found = try TravelLog(path: t.path, readOnly: true).aggregateMismatches()
        #expect(found.dates == [date])
    }

    /// A killed import leaves dates stale: their stored rows are out of date by design (readers
    /// compute them), so they are counted, not reported.
    @Test func staleDatesAreCountedNotReported() throws {
        let t = try TemporaryLog()
        try Self.makeLog(t)
        let raw = try Database(path: t.path, mode: .readWrite)
        try raw.execute("UPDATE place_days SET photos = 99 WHERE date = '2024-07-03'; INSERT INTO stale_days VALUES ('2024-07-03')")
        try raw.execute("UPDATE place_days SET photos = 99 WHERE date = '2024-07-05'")
        let found = try TravelLog(path: t.path, readOnly: true).aggregateMismatches()
        #expect(found.dates == ["2024-07-05"])
        #expect(found.staleDates == 1)
    }

    /// The coordinate sums are whole units of 1e-7 degrees: one unit off is a difference.
    @Test func sumsAreComparedExactly() {
        var a = PlaceDay(date: "2024-07-01", status: .visit)
        (a.latitudeSum, a.longitudeSum, a.photos) = (45_001_234_560, -125_000_000, 100)
        var b = a
        #expect(TravelLog.same([a], [b]))
        b.latitudeSum += 1
        #expect(!TravelLog.same([a], [b]))
        #expect(!TravelLog.same([a], [a, a]))
        #expect(!TravelLog.same([a], []))
        var c = a
        c.photos = 101
        #expect(!TravelLog.same([a], [c]))
        let day = TrackDay(day: "2024-07-01", photos: 2, first: .init(time: "t", path: "p", latitude: 1, longitude: 2),
                           last: .init(time: "u", path: "q", latitude: 1, longitude: 3), km: 77.5)
        var other = day
        other.km = 77.5 + 1e-13
        #expect(TravelLog.same(day, other))
        other.km = 77.6
        #expect(!TravelLog.same(day, other))
        #expect(TravelLog.same(nil, nil) && !TravelLog.same(day, nil) && !TravelLog.same(nil, day))
    }
}
