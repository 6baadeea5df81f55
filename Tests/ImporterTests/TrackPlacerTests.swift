import Foundation
import PhotoMetadata
import Testing
import TravelLog
@testable import Importer

/// The last place stage: a track's position at a photo's capture instant.
@Suite struct TrackPlacerTests {
    /// 09:00Z to 10:00Z on 10 May 2024, a point a minute, walking east from Zürich's station at
    /// 0.001° of longitude a minute.
    static let start = Date(timeIntervalSince1970: 1_715_331_600)  // 2024-05-10T09:00:00Z
    static let walk = GPXTrack(points: (0...60).map { i in
        GPXTrack.Point(time: start.addingTimeInterval(Double(i * 60)), latitude: 47.3779, longitude: 8.5403 + Double(i) * 0.001, elevation: 400 + Double(i))
    })
    private let placer = TrackPlacer(tracks: [walk], finder: ImporterTests.finder)

    private func photo(_ local: String, offset: Int?, source: PhotoRecord.OffsetSource? = .exif, time: String = "DateTimeOriginal") -> PhotoRecord {
        var r = PhotoRecord(path: "/p/a.jpg", size: 1, modifiedNs: 1)
        (r.takenLocal, r.utcOffsetSeconds, r.offsetSource, r.timeSource) = (local, offset, offset == nil ? nil : source, time)
        return r
    }

    @Test func anInstantBetweenTwoPointsIsInterpolated() throws {
        // 10:30:30 at +01:00 is 09:30:30Z: halfway between the points of minutes 30 and 31.
        let placed = try #require(try placer.place(photo("2024-05-10T10:30:30", offset: 3600)))
        #expect(abs(placed.longitude! - (8.5403 + 0.0305)) < 1e-9 && placed.latitude == 47.3779)
        #expect(abs(placed.altitude! - 430.5) < 1e-9)
        #expect(placed.positionSource == "track" && placed.place?.country?.id.description == "country:CH")
        #expect(placed.utcOffsetSeconds == 3600 && placed.offsetSource == .exif && placed.takenLocal == "2024-05-10T10:30:30")
        #expect(TrackPlacer.unplaced(placed) == photo("2024-05-10T10:30:30", offset: 3600))
    }

    @Test func aWallClockTimeIsReadInTheZoneOfTheTracksPosition() throws {
        // Zürich is at +02:00 in May: 11:30 there is 09:30Z, minute 30 of the walk.
        let bare = photo("2024-05-10T11:30:00", offset: nil)
        let placed = try #require(try placer.place(bare))
        #expect(abs(placed.longitude! - (8.5403 + 0.030)) < 1e-9)
        #expect(placed.utcOffsetSeconds == 7200 && placed.offsetSource == .timezone)
        #expect(TrackPlacer.unplaced(placed) == bare)
    }

    @Test func aMovieHeadersUTCTimeBecomesTheWallClockAtThePlace() throws {
        let video = photo("2024-05-10T09:45:00", offset: 0, time: "mvhd")
        let placed = try #require(try placer.place(video))
        #expect(abs(placed.longitude! - (8.5403 + 0.045)) < 1e-9)
        #expect(placed.takenLocal == "2024-05-10T11:45:00" && placed.utcOffsetSeconds == 7200 && placed.offsetSource == .timezone)
        #expect(TrackPlacer.unplaced(placed) == video)
    }

    @Test func outsideTheTrackOrAcrossAGapThereIsNoPosition() throws {
        #expect(try placer.place(photo("2024-05-10T18:00:00", offset: 3600)) == nil)
        // Three minutes after the last point: beyond the two the nearer point stands for.
        #expect(try placer.place(photo("2024-05-10T11:03:00", offset: 3600)) == nil)
        #expect(try placer.place(photo("2024-05-10T11:01:30", offset: 3600))?.longitude == 8.5403 + 60 * 0.001)
        // A photo that has a position, or no time, is left alone.
        var positioned = photo("2024-05-10T10:30:00", offset: 3600)
        (positioned.latitude, positioned.longitude) = (1, 1)
        #expect(try placer.place(positioned) == nil)
        var undated = photo("2024-05-10T10:30:00", offset: 3600)
        undated.takenLocal = nil
        #expect(try placer.place(undated) == nil)

        // Points 20 minutes apart: no interpolation across, the nearer point within 2 minutes.
        let gappy = GPXTrack(points: [Self.walk.points[0], Self.walk.points[20]])
        let sparse = TrackPlacer(tracks: [gappy], finder: ImporterTests.finder)
        #expect(try sparse.place(photo("2024-05-10T10:10:00", offset: 3600)) == nil)
        #expect(try sparse.place(photo("2024-05-10T10:01:00", offset: 3600))?.longitude == 8.5403)
        let wide = TrackPlacer(tracks: [gappy], finder: ImporterTests.finder, options: .init(maximumGap: 1800))
        #expect(abs(try wide.place(photo("2024-05-10T10:10:00", offset: 3600))!.longitude! - (8.5403 + 0.010)) < 1e-9)
    }

    @Test func aTrackAcrossMidnightAndTheAntimeridianPlacesTheShortWayRound() throws {
        // Two points a minute apart either side of 180° over the Pacific, 23:59:30Z and 00:00:30Z.
        let midnight = Date(timeIntervalSince1970: 1_704_067_200)  // 2024-01-01T00:00:00Z
        let crossing = GPXTrack(points: [
            .init(time: midnight.addingTimeInterval(-30), latitude: -16.50, longitude: 179.99),
            .init(time: midnight.addingTimeInterval(30), latitude: -16.52, longitude: -179.99),
        ])
        let placer = TrackPlacer(tracks: [crossing], finder: ImporterTests.finder)
        // The new year's first second at +00:00 (a camera set to UTC): halfway, on the antimeridian.
        let placed = try #require(try placer.place(photo("2024-01-01T00:00:00", offset: 0)))
        #expect(abs(abs(placed.longitude!) - 180) < 1e-9 && abs(placed.latitude! + 16.51) < 1e-9)
        // The day before, a quarter of the way: still east of 180°, never through Greenwich.
        let before = try #require(try placer.place(photo("2023-12-31T23:59:45", offset: 0)))
        #expect(abs(before.longitude! - 179.995) < 1e-9)
    }
}
