import Foundation
import PhotoMetadata
import Testing
import TravelLog
@testable import Importer

@Suite struct CaptureOffsetTests {
    let summer = CaptureTime(year: 2024, month: 7, day: 9, hour: 10, minute: 0, second: 0)

    @Test func theFilesOwnOffsetWins() {
        let t = CaptureTime(year: 2024, month: 7, day: 9, hour: 10, minute: 0, second: 0, utcOffsetSeconds: 3600)
        #expect(CaptureOffset.derive(time: t, gpsTime: Date(), timeZone: "Asia/Tokyo")! == (3600, .exif))
    }

    @Test func gpsTimeGivesTheOffsetRoundedToAQuarterHour() {
        // 10:00 local, 08:03:20 UTC by GPS: +02:00 (the fix came a few minutes late).
        let gps = summer.localAsUTC.addingTimeInterval(-2 * 3600 + 200)
        #expect(CaptureOffset.derive(time: summer, gpsTime: gps, timeZone: nil)! == (7200, .gps))
        // Nepal, +05:45.
        #expect(CaptureOffset.derive(time: summer, gpsTime: summer.localAsUTC.addingTimeInterval(-20_700), timeZone: nil)! == (20_700, .gps))
        // A clock a day off is no offset: fall back to the time zone.
        #expect(CaptureOffset.derive(time: summer, gpsTime: summer.localAsUTC.addingTimeInterval(86_400), timeZone: "Europe/Lisbon")! == (3600, .timezone))
    }

    @Test func theCityTimeZoneKnowsSummerAndWinter() {
        #expect(CaptureOffset.derive(time: summer, gpsTime: nil, timeZone: "Europe/Paris")! == (7200, .timezone))
        let winter = CaptureTime(year: 2024, month: 1, day: 9, hour: 10, minute: 0, second: 0)
        #expect(CaptureOffset.derive(time: winter, gpsTime: nil, timeZone: "Europe/Paris")! == (3600, .timezone))
        #expect(CaptureOffset.derive(time: summer, gpsTime: nil, timeZone: nil)?.seconds == nil)
        #expect(CaptureOffset.derive(time: nil, gpsTime: Date(), timeZone: "Europe/Paris")?.seconds == nil)
    }
}

@Suite struct LocalTimeTextTests {
    @Test func matchesTheFormattedText() {
        for t in [CaptureTime(year: 2024, month: 7, day: 9, hour: 0, minute: 5, second: 9), CaptureTime(year: 987, month: 12, day: 31, hour: 23, minute: 59, second: 60)] {
            #expect(PhotoRecord.localText(t) == t.localISO8601)
        }
    }
}
