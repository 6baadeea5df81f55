import Foundation
import Testing
@testable import PhotoMetadata

@Suite struct CaptureTimeTests {
    @Test func parsesExifDateTimeAndOffset() throws {
        let t = try #require(CaptureTime(exif: "2019:04:03 10:21:07", offset: "-05:30"))
        #expect(t.iso8601 == "2019-04-03T10:21:07-05:30")
        #expect(t.utcOffsetSeconds == -19800)
    }

    @Test func instantSubtractsTheOffset() throws {
        let t = try #require(CaptureTime(exif: "1970:01:01 09:00:00", offset: "+09:00"))
        #expect(t.instant?.timeIntervalSince1970 == 0)
        #expect(CaptureTime(exif: "1970:01:01 09:00:00")?.instant == nil)
    }

    @Test func acceptsDashesAndRejectsPlaceholders() {
        #expect(CaptureTime(exif: "2020-06-16 18:52:46")?.day == 16)
        #expect(CaptureTime(exif: "0000:00:00 00:00:00") == nil)
        #expect(CaptureTime(exif: "    :  :     :  :  ") == nil)
        #expect(CaptureTime(exif: "1999:99:99 99:99:99") == nil)
        #expect(CaptureTime(exif: "2023:02:30 10:00:00")?.instant == nil)
    }

    @Test func offsetForms() {
        #expect(CaptureTime.parseOffset("+09:00") == 32400)
        #expect(CaptureTime.parseOffset("-0800") == -28800)
        #expect(CaptureTime.parseOffset("Z") == 0)
        #expect(CaptureTime.parseOffset("+25:00") == nil)
        #expect(CaptureTime.parseOffset("09:00") == nil)
        #expect(CaptureTime.parseOffset(" +05:45\0") == 20700)   // padded as some cameras write it
        #expect(CaptureTime.parseOffset("Z1") == nil)
        #expect(CaptureTime.parseOffset("+09:0a") == nil)
        #expect(CaptureTime.parseOffset("") == nil)
    }

    @Test func aGPSDateStampIsItsMidnightAsUTC() {
        #expect(CaptureTime.midnight(exifDate: "1970:01:02")?.timeIntervalSince1970 == 86_400)
        #expect(CaptureTime.midnight(exifDate: "2024:02:29 ignored")?.timeIntervalSince1970 == 1_709_164_800)
        #expect(CaptureTime.midnight(exifDate: "2023:02:29") == nil)
        #expect(CaptureTime.midnight(exifDate: "    :  :  ") == nil)
    }

    @Test func quickTimeCreationDatesAreISO8601WithTheirOffset() {
        #expect(CaptureTime(iso8601: "2024-07-02T09:30:00-0500")?.iso8601 == "2024-07-02T09:30:00-05:00")
        #expect(CaptureTime(iso8601: "2019-04-03T10:21:07+05:30")?.utcOffsetSeconds == 19_800)
        #expect(CaptureTime(iso8601: "2024-07-02T14:30:00Z")?.iso8601 == "2024-07-02T14:30:00+00:00")
        #expect(CaptureTime(iso8601: "2024-07-02T09:30:00.123+0200")?.iso8601 == "2024-07-02T09:30:00+02:00")
        #expect(CaptureTime(iso8601: "2024-07-02T09:30:00\0")?.utcOffsetSeconds == nil)
        #expect(CaptureTime(iso8601: "2024-07-02T09:30:00")?.iso8601 == "2024-07-02T09:30:00")
        #expect(CaptureTime(iso8601: "2024-07-02T09:30:00+2") == nil)
        // XMP's forms: seconds are optional, spaces around are not part of the date.
        #expect(CaptureTime(iso8601: "2020-02-29T08:15")?.iso8601 == "2020-02-29T08:15:00")
        #expect(CaptureTime(iso8601: " 2020-02-29T08:15+01:00\n")?.iso8601 == "2020-02-29T08:15:00+01:00")
        #expect(CaptureTime(iso8601: "2020-02-29T08:15Z")?.utcOffsetSeconds == 0)
        #expect(CaptureTime(iso8601: "2020-02-29T08") == nil)
        #expect(CaptureTime(iso8601: "2024-07-02") == nil)
        #expect(CaptureTime(iso8601: "2024-02-30T09:30:00Z") == nil)
        #expect(CaptureTime(iso8601: "2024-07-02X09:30:00Z") == nil)
    }

    @Test func aUTCInstantIsACaptureTimeAtOffsetZero() {
        #expect(CaptureTime(utcSecondsSince1970: 0)?.iso8601 == "1970-01-01T00:00:00+00:00")
        #expect(CaptureTime(utcSecondsSince1970: 1_719_930_600)?.iso8601 == "2024-07-02T14:30:00+00:00")
        #expect(CaptureTime(utcSecondsSince1970: -1)?.iso8601 == "1969-12-31T23:59:59+00:00")
        #expect(CaptureTime(utcSecondsSince1970: 951_782_400)?.iso8601 == "2000-02-29T00:00:00+00:00")
        #expect(CaptureTime(utcSecondsSince1970: -2_082_844_800)?.iso8601 == "1904-01-01T00:00:00+00:00")
        #expect(CaptureTime(utcSecondsSince1970: -2_082_844_801) == nil)
        #expect(CaptureTime(utcSecondsSince1970: 253_402_300_799)?.iso8601 == "9999-12-31T23:59:59+00:00")
        #expect(CaptureTime(utcSecondsSince1970: 253_402_300_800) == nil)   // year 10000
        #expect(CaptureTime(utcSecondsSince1970: .max) == nil)
        #expect(CaptureTime(utcSecondsSince1970: .min) == nil)
    }
}

/// The wall clock of an instant at an offset, against Foundation's Gregorian calendar (from
/// 1590 on: before, Foundation's calendar is Julian).
@Suite struct CaptureTimeInstantTests {
    @Test func theWallClockOfAnInstantMatchesFoundationsCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let seconds = Double(Int64.random(in: -12_000_000_000...250_000_000_000, using: &generator))
            let offset = Int.random(in: -14...14, using: &generator) * 900
            let instant = Date(timeIntervalSince1970: seconds)
            guard let time = CaptureTime(instant: instant, offsetSeconds: offset) else { Issue.record("no time for \(seconds)"); continue }
            let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant.addingTimeInterval(Double(offset)))
            #expect([time.year, time.month, time.day, time.hour, time.minute, time.second] == [c.year, c.month, c.day, c.hour, c.minute, c.second])
            #expect(time.instant == instant && time.utcOffsetSeconds == offset)
        }
        #expect(CaptureTime(instant: Date(timeIntervalSince1970: 0), offsetSeconds: 3600)?.iso8601 == "1970-01-01T01:00:00+01:00")
        #expect(CaptureTime(instant: Date(timeIntervalSince1970: 1e15), offsetSeconds: 0) == nil)
    }
}
