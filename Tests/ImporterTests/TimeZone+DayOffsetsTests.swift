import Foundation
import PhotoMetadata
import Testing
@testable import Importer

/// The offsets a zone had on a local date, as the tz database records them.
@Suite struct TimeZoneDayOffsetsTests {
    func day(_ year: Int, _ month: Int, _ day: Int) -> CaptureTime {
        CaptureTime(year: year, month: month, day: day, hour: 12, minute: 0, second: 0)
    }

    func zone(_ identifier: String) throws -> TimeZone { try #require(TimeZone(identifier: identifier)) }

    @Test func oneOffsetOnAnOrdinaryDayAndTwoOnTheDayClocksChange() throws {
        let paris = try zone("Europe/Paris")
        #expect(paris.offsets(onDateOf: day(2024, 7, 9)) == [7200])
        #expect(paris.offsets(onDateOf: day(2024, 1, 9)) == [3600])
        // Clocks went forward at 02:00 on 31 March 2024, and back at 03:00 on 27 October.
        #expect(paris.offsets(onDateOf: day(2024, 3, 31)) == [3600, 7200])
        #expect(paris.offsets(onDateOf: day(2024, 10, 27)) == [3600, 7200])
        #expect(paris.offsets(onDateOf: day(2024, 3, 30)) == [3600])
        #expect(try zone("Asia/Tokyo").offsets(onDateOf: day(2003, 5, 24)) == [32400])
        // Southern summer: Adelaide is at +10:30 in January.
        #expect(try zone("Australia/Adelaide").offsets(onDateOf: day(2024, 1, 15)) == [37800])
    }

    /// Changes that are no daylight saving: Pyongyang set its clocks back from midnight to
    /// 23:30 on 14 August 2015 (+09:00 to +08:30, so the 14th had both), and Samoa skipped 30
    /// December 2011 to cross the date line.
    @Test func changesOfStandardTimeAndADayThatNeverWas() throws {
        let pyongyang = try zone("Asia/Pyongyang")
        #expect(pyongyang.offsets(onDateOf: day(2015, 8, 14)) == [32400, 30600])
        #expect(pyongyang.offsets(onDateOf: day(2015, 8, 15)) == [30600])
        let apia = try zone("Pacific/Apia")
        #expect(apia.offsets(onDateOf: day(2011, 12, 29)) == [-36000])
        #expect(apia.offsets(onDateOf: day(2011, 12, 30)).isEmpty)
        #expect(apia.offsets(onDateOf: day(2011, 12, 31)) == [50400])
    }
}
