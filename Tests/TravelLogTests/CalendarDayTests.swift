import Foundation
import Testing
@testable import TravelLog

@Suite struct CalendarDayTests {
    @Test func agreesWithFoundationOnEveryDayOfFourCenturies() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: 0)!
        let formatter = DateFormatter()
        (formatter.calendar, formatter.timeZone, formatter.locale, formatter.dateFormat) = (calendar, calendar.timeZone, Locale(identifier: "en_US_POSIX"), "yyyy-MM-dd")
        var date = try #require(formatter.date(from: "1900-01-01"))
        for _ in 0..<(400 * 366) where formatter.string(from: date) < "2300-01-01" {
            let text = formatter.string(from: date)
            let day = try #require(CalendarDay(text))
            #expect(day.number == Int(date.timeIntervalSince1970 / 86_400))
            #expect(day.text == text)
            date = calendar.date(byAdding: .day, value: 1, to: date)!
        }
    }

    @Test func refusesWhatIsNoDate() {
        for text in ["2024-02-30", "2023-02-29", "0000-01-01", "2024-13-01", "2024-00-10", "2024-1-01", "2024-01-01T00", "abcd-ef-gh", ""] {
            #expect(CalendarDay(text) == nil, "\(text)")
        }
        #expect(CalendarDay("2024-02-29") != nil && (CalendarDay("2024-12-31")! + 1).text == "2025-01-01")
        // A slice of a longer text is read as it is, in place.
        #expect(CalendarDay("on 2024-02-29".dropFirst(3))?.text == "2024-02-29" && CalendarDay("2024-02-29 ".dropLast(0)) == nil)
    }
}
