import Foundation
import Testing
import TravelLog
@testable import Passport

/// Which photos a track holds, in which order, and the cities beside them: on ``NewYearInTokyo``,
/// read back through the travel log, against that fixture's own reading of the rules.
@Suite struct TrackExportTests {
    typealias Fixture = NewYearInTokyo

    /// The days a track reads from the log, each as its points.
    static func days(_ track: TrackExport, _ log: TravelLog) throws -> [(date: String, points: [TrackExport.Point])] {
        var out: [(String, [TrackExport.Point])] = []
        try log.forEachDay(from: track.first, through: track.last) { date, photos in
            let points = TrackExport.points(photos)
            if !points.isEmpty { out.append((date, points)) }
        }
        return out
    }

    static func expectSame(_ points: [TrackExport.Point], _ shots: [Fixture.Shot], _ what: String) {
        #expect(points.count == shots.count, "\(what)")
        for (p, s) in zip(points, shots) {
            #expect(p.latitude == s.spot?.lat && p.longitude == s.spot?.lon, "\(what) \(s.path)")
            #expect(p.utcTime == Fixture.utc(s) && p.elevation == s.altitude, "\(what) \(s.path)")
        }
    }

    @Test func theTripAcrossNewYearHoldsEveryPositionedPhotoOfItsDatesInTimeOrder() throws {
        let fixture = try Fixture()
        let log = try TravelLog(path: fixture.database, readOnly: true)
        let passport = try Passport(log: log)
        // The morning of departure (home, then the plane) to the last day in Tokyo.
        let trip = try require(Trip.find("2024-12-28", in: passport.trips()))
        #expect(trip.start == "2024-12-28" && trip.end == "2025-01-02" && trip.title == "Japan, December 2024 – January 2025")
        let track = TrackExport(trip: trip, passport: passport)
        #expect(track.name == trip.title && track.first == trip.start && track.last == trip.end && track.precision == .exact)
        let days = try Self.days(track, log)
        let expected = Fixture.expectedDays(trip.start, trip.end)
        #expect(days.map(\.date) == expected.map(\.date))
        for (day, want) in zip(days, expected) { Self.expectSame(day.points, want.shots, day.date) }
        // The rules at work: the same second ordered by path; a clock without offset at 09:00
        // after 01:00 UTC; the ferry at sea is a point; the hand-set Osaka photo, the undated
        // and the unreadable ones are not.
        let paths = expected.flatMap { $0.shots.map(\.path) }
        #expect(paths.firstIndex(of: "/lib/trip/1229-a.jpg")! < paths.firstIndex(of: "/lib/trip/1229-b.jpg")!)
        #expect(paths.firstIndex(of: "/lib/trip/1230-utc.jpg")! < paths.firstIndex(of: "/lib/trip/1230-clock.jpg")!)
        #expect(paths.contains("/lib/trip/1229-ferry.jpg") && !paths.contains("/lib/trip/0101-osaka.jpg"))
        #expect(!paths.contains("/lib/undated.jpg") && !paths.contains("/lib/trip/1229-broken.jpg"))
        #expect(days.map { $0.points.count }.reduce(0, +) == 12 && days.count == 6)
        #expect(days.first { $0.date == "2024-12-30" }?.points.map(\.utcTime) == ["2024-12-30T01:00:00Z", nil])
    }

    @Test func aYearIsItsLocalDatesWhateverTheUTCTimeSays() throws {
        let fixture = try Fixture()
        let log = try TravelLog(path: fixture.database, readOnly: true)
        let passport = try Passport(log: log)
        for year in [2024, 2025] {
            let track = TrackExport(year: year, passport: passport, precision: .city)
            #expect(track.name == String(year) && track.first == "\(year)-01-01" && track.last == "\(year)-12-31" && track.precision == .city)
            let days = try Self.days(track, log)
            let expected = Fixture.expectedDays(track.first, track.last)
            #expect(days.map(\.date) == expected.map(\.date), "\(year)")
            for (day, want) in zip(days, expected) { Self.expectSame(day.points, want.shots, day.date) }
        }
        // 00:30 on New Year's Day in Tokyo is 15:30 UTC on New Year's Eve: a photo of 2025.
        let midnight = try require(Fixture.shots.first { $0.path == "/lib/trip/0101-midnight.jpg" })
        #expect(Fixture.utc(midnight) == "2024-12-31T15:30:00Z")
        #expect(try Self.days(TrackExport(year: 2025, passport: passport), log).first?.points.first?.utcTime == "2024-12-31T15:30:00Z")
        #expect(try Self.days(TrackExport(year: 2023, passport: passport), log).isEmpty)
    }

    @Test func citiesStandAtTheMeanOfTheirPhotosOnTheDaysOfTheRange() throws {
        let fixture = try Fixture()
        let passport = try Passport(log: TravelLog(path: fixture.database, readOnly: true))
        let trip = try require(Trip.find("2024-12-28", in: passport.trips()))
        let cities = TrackExport(trip: trip, passport: passport).cities
        // This test's reading: readable, dated, positioned shots in a city, not in flight (the
        // plane's photo has no city anyway), by identifier; Osaka, set by hand on a photo without
        // a position, has no point to stand at.
        let shots = Fixture.shots.filter { s in
            guard let local = s.local, let spot = s.spot, spot.city != nil, !s.broken else { return false }
            return trip.start <= String(local.prefix(10)) && String(local.prefix(10)) <= trip.end && (s.altitude ?? 0) <= 9_000
        }
        let byCity = Dictionary(grouping: shots) { $0.spot!.city!.0 }
        #expect(cities.map(\.place.id) == byCity.keys.sorted())
        #expect(cities.map(\.place.id) == ["city:1850147", "city:1857910", "city:2996944"])
        for city in cities {
            let mine = byCity[city.place.id] ?? []
            #expect(city.place.name == mine.first?.spot?.city?.1 && city.country?.name == mine.first?.spot?.country?.1)
            #expect(city.days == Set(mine.map { $0.local!.prefix(10) }).count, "\(city.place.name)")
            let lat = mine.map { $0.spot!.lat }.reduce(0, +) / Double(mine.count), lon = mine.map { $0.spot!.lon }.reduce(0, +) / Double(mine.count)
            #expect(abs(city.latitude - lat) < 1e-9 && abs(city.longitude - lon) < 1e-9, "\(city.place.name)")
        }
        // Tokyo: 12-29, 12-30, 01-01 and 01-02; Lyon: the morning of departure only.
        #expect(cities.map(\.days) == [4, 1, 1])
    }

    @Test func pointsLeaveOutWhatIsOffTheGlobe() {
        var good = VisitPhoto(path: "/a.jpg"), nowhere = VisitPhoto(path: "/b.jpg"), damaged = VisitPhoto(path: "/c.jpg")
        (good.takenLocal, good.latitude, good.longitude, good.altitude) = ("2024-05-01T10:00:00", -16.8, 180, .infinity)
        nowhere.takenLocal = "2024-05-01T09:00:00"
        (damaged.takenLocal, damaged.latitude, damaged.longitude) = ("2024-05-01T08:00:00", 95, 10)
        let points = TrackExport.points([good, nowhere, damaged])
        #expect(points == [TrackExport.Point(latitude: -16.8, longitude: 180, elevation: nil, utcTime: nil)])
    }
}
