import Foundation
import PhotoMetadata
import Testing
@testable import Importer

/// The place stage's precedence: XMP sidecar, the file's own metadata, Takeout.
@Suite struct PositionChoiceTests {
    private func own(_ lat: Double?, time: CaptureTime? = nil) -> ImageMetadata {
        var m = ImageMetadata(format: .jpeg)
        if let lat {
            (m.position, m.positionSource, m.altitude) = (.init(latitude: lat, longitude: 10), .exif, 500)
        } else {
            m.gpsIssue = .noGPSDirectory
        }
        (m.captureTime, m.captureTimeSource) = (time, time == nil ? nil : .original)
        return m
    }

    private func side(_ source: SidecarMetadata.Source, _ lat: Double?, altitude: Double? = nil, time: CaptureTime? = nil, utc: Date? = nil) -> SidecarMetadata {
        var s = SidecarMetadata(source: source)
        s.position = lat.map { .init(latitude: $0, longitude: 20) }
        (s.altitude, s.captureTime, s.takenUTC) = (altitude, time, utc)
        return s
    }

    private let noon = CaptureTime(year: 2024, month: 5, day: 1, hour: 12, minute: 0, second: 0)
    private let noonParis = CaptureTime(year: 2024, month: 5, day: 1, hour: 12, minute: 0, second: 0, utcOffsetSeconds: 7200)

    @Test func xmpBeatsTheFileAndTheFileBeatsTakeout() {
        let both = PositionChoice.merge(own(1), xmp: side(.xmpSidecar, 2), takeout: side(.takeout, 3))
        #expect(both.position?.latitude == 2 && both.positionSource == .xmpSidecar)
        // The camera's altitude stays when the correction has none.
        #expect(both.altitude == 500)
        let file = PositionChoice.merge(own(1), xmp: side(.xmpSidecar, nil), takeout: side(.takeout, 3))
        #expect(file.position?.latitude == 1 && file.positionSource == .exif)
        let takeout = PositionChoice.merge(own(nil), xmp: nil, takeout: side(.takeout, 3, altitude: 12))
        #expect(takeout.position?.latitude == 3 && takeout.positionSource == .takeout && takeout.altitude == 12 && takeout.gpsIssue == nil)
        let none = PositionChoice.merge(own(nil), xmp: side(.xmpSidecar, nil), takeout: side(.takeout, nil))
        #expect(none.position == nil && none.positionSource == nil && none.gpsIssue == .noGPSDirectory)
    }

    @Test func anXMPTimeWithTheFilesWallClockKeepsTheFilesAndLendsItsOffset() {
        let same = PositionChoice.merge(own(1, time: noon), xmp: side(.xmpSidecar, nil, time: noonParis), takeout: nil)
        #expect(same.captureTime == noonParis && same.captureTimeSource == .original)
        let kept = PositionChoice.merge(own(1, time: noonParis), xmp: side(.xmpSidecar, nil, time: noon), takeout: nil)
        #expect(kept.captureTime == noonParis && kept.captureTimeSource == .original)
        let corrected = CaptureTime(year: 2024, month: 5, day: 2, hour: 9, minute: 0, second: 0)
        let edited = PositionChoice.merge(own(1, time: noon), xmp: side(.xmpSidecar, nil, time: corrected), takeout: nil)
        #expect(edited.captureTime == corrected && edited.captureTimeSource == .xmpSidecar)
    }

    @Test func takeoutsTimeIsUTCAndOnlyWhenNothingElseHasOne() {
        let instant = Date(timeIntervalSince1970: 1_725_873_000)  // 2024-09-09T09:10:00Z
        let only = PositionChoice.merge(own(nil), xmp: nil, takeout: side(.takeout, 3, utc: instant))
        #expect(only.captureTime?.iso8601 == "2024-09-09T09:10:00+00:00" && only.captureTimeSource == .takeout)
        #expect(only.captureTimeSource?.isUTCInstant == true)
        let camera = PositionChoice.merge(own(nil, time: noon), xmp: nil, takeout: side(.takeout, 3, utc: instant))
        #expect(camera.captureTime == noon && camera.captureTimeSource == .original)
    }
}
