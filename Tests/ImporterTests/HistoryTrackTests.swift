import Foundation
import SyntheticPhotos
import Testing
import TravelLog
@testable import Importer

/// A track's history points: each on the local date of its own zone, merged with the photos' days.
@Suite struct HistoryTrackTests {
    @Test func pointsComeByLocalDateMergedWithThePhotosDays() throws {
        let library = try Library()
        try library.writeFile("Takeout/Records.json", HistoryImportTests.records())
        // The same fixes a second time, as the phone's Timeline.json has them: one point each.
        try library.writeFile("phone/Timeline.json", HistoryImportTests.timeline())
        try HistoryImportTests.importing(library)
        let log = try TravelLog(path: library.database)
        let track = try HistoryTrack(log: log, finder: ImporterTests.finder, from: "2024-04-01", through: "2024-05-31")
        #expect(track.count == HistoryImportTests.itinerary.count)

        var photo = VisitPhoto(path: "/p/IMG_1.jpg")
        (photo.latitude, photo.longitude, photo.takenLocal, photo.utcOffsetSeconds) = (48.86, 2.35, "2024-05-02T12:00:00", 7_200)
        var later = photo
        (later.path, later.takenLocal) = ("/p/IMG_2.jpg", "2024-05-20T09:00:00")
        var days: [(date: String, photos: [VisitPhoto])] = []
        try track.forEachDay(photos: { body in
            try body("2024-05-02", [photo])
            try body("2024-05-20", [later])
        }) { days.append(($0, $1)) }
        #expect(days.map(\.date) == ["2024-05-01", "2024-05-02", "2024-05-03", "2024-05-04", "2024-05-05", "2024-05-06", "2024-05-07", "2024-05-20"])
        #expect(days[1].photos.first?.path == "/p/IMG_1.jpg" && days[1].photos.dropFirst().allSatisfy { $0.path.isEmpty })
        #expect(days.last?.photos.map(\.path) == ["/p/IMG_2.jpg"])

        // Clocks in May: Paris, Belgium and Amsterdam at UTC+2, Lisbon at UTC+1; the flight is left out.
        let points = days.flatMap(\.photos).filter { $0.path.isEmpty }
        let byUTC = Dictionary(points.map { ($0.utcText!, $0) }, uniquingKeysWith: { a, _ in a })
        let hour: Int64 = 3_600_000
        for fix in HistoryImportTests.itinerary where fix.ms < HistoryImportTests.start + 98 * hour || fix.ms > HistoryImportTests.start + 100 * hour + 30 * 60_000 {
            let offset = fix.ms < HistoryImportTests.start + 98 * hour ? 7_200 : 3_600
            let utc = VisitPhoto.text(Int(fix.ms / 1000)) + "Z"
            let point = try #require(byUTC[utc], "\(utc)")
            #expect(point.takenLocal == VisitPhoto.text(Int(fix.ms / 1000) + offset) && point.utcOffsetSeconds == offset, "\(utc)")
            #expect(abs(point.latitude! - fix.lat) < 1e-6 && abs(point.longitude! - fix.lon) < 1e-6)
        }
        // Each day's points are those of its local date.
        for day in days { #expect(day.photos.allSatisfy { $0.localDate == day.date }, "\(day.date)") }
    }

    @Test func aRangeOutsideTheHistoryHasNoPoints() throws {
        let library = try Library()
        try library.writeFile("Takeout/Records.json", HistoryImportTests.records())
        try HistoryImportTests.importing(library)
        let log = try TravelLog(path: library.database)
        #expect(try HistoryTrack(log: log, finder: ImporterTests.finder, from: "2024-06-01", through: "2024-06-30").count == 0)
        // The first local date alone: 1 May from 10:00 in Paris, 8:00Z on, until local midnight.
        let first = try HistoryTrack(log: log, finder: ImporterTests.finder, from: "2024-05-01", through: "2024-05-01")
        #expect(first.count == HistoryImportTests.itinerary.filter { $0.ms < HistoryImportTests.start + 14 * 3_600_000 }.count)
    }
}
