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

    /// The clock differences of four real photos (hachoir's gps.jpg in Tokyo, goexif's
    /// sample1.jpg in Beijing, Exiv2's FurnaceCreekInn.jpg in Death Valley, PhotoPrism's
    /// ferriswheel_colorful.jpg in Santa Monica) are offsets no zone there had: the zone's own
    /// offset replaces them, and the source says so.
    @Test func aGPSOffsetTheZoneNeverHadGivesWayToTheZone() throws {
        let cases: [(time: CaptureTime, gps: String, zone: String)] = [
            (CaptureTime(year: 2003, month: 5, day: 24, hour: 22, minute: 21, second: 1), "2003-05-24T22:29:14Z", "Asia/Tokyo"),
            (CaptureTime(year: 2003, month: 11, day: 23, hour: 18, minute: 7, second: 37), "2003-11-23T18:07:37Z", "Asia/Shanghai"),
            (CaptureTime(year: 2008, month: 5, day: 8, hour: 9, minute: 54, second: 28), "2008-05-08T09:54:28Z", "America/Los_Angeles"),
            (CaptureTime(year: 2015, month: 2, day: 12, hour: 3, minute: 11, second: 0), "2015-02-12T01:10:57Z", "America/Los_Angeles"),
        ]
        for c in cases {
            let gps = try #require(ISO8601DateFormatter().date(from: c.gps))
            let zone = try #require(TimeZone(identifier: c.zone))
            // The zone's offset around the GPS instant: no clock change is near any of them.
            let expected = zone.secondsFromGMT(for: gps)
            let derived = try #require(CaptureOffset.derive(time: c.time, gpsTime: gps, timeZone: c.zone))
            #expect(derived == (expected, .timezoneOverGPS), "\(c.zone): \(derived)")
        }
    }

    /// A GPS offset the zone had that day is kept, even the one before the clocks changed: a
    /// camera not yet set forward is still right about the instant.
    @Test func aGPSOffsetTheZoneHadThatDayIsKept() {
        let gps = summer.localAsUTC.addingTimeInterval(-2 * 3600 + 40)
        #expect(CaptureOffset.derive(time: summer, gpsTime: gps, timeZone: "Europe/Paris")! == (7200, .gps))
        // 31 March 2024, 10:00 by a camera still on winter time, 09:00 UTC: Paris was at +01:00 until 02:00.
        let changeDay = CaptureTime(year: 2024, month: 3, day: 31, hour: 10, minute: 0, second: 0)
        #expect(CaptureOffset.derive(time: changeDay, gpsTime: changeDay.localAsUTC.addingTimeInterval(-3600), timeZone: "Europe/Paris")! == (3600, .gps))
        // The day before, +02:00 is no offset of Paris: the zone's +01:00 is taken.
        let dayBefore = CaptureTime(year: 2024, month: 3, day: 30, hour: 10, minute: 0, second: 0)
        #expect(CaptureOffset.derive(time: dayBefore, gpsTime: dayBefore.localAsUTC.addingTimeInterval(-7200), timeZone: "Europe/Paris")! == (3600, .timezoneOverGPS))
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
