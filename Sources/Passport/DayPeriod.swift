import TravelLog

/// A year of days that starts on a month and day: the calendar year (01-01), or a tax year
/// (04-06 in the UK, 07-01 in Australia, 04-01 in India). A period is labelled by the year it
/// starts in, and runs to the day before the same month and day of the next year: with
/// `--year-start 04-06`, 2025 is 2025-04-06 to 2026-04-05 (the UK's "2025-26"), and
/// Australia's financial year 2024-25 (to 2025-06-30) is 2024 with 07-01.
///
/// ```swift
/// let uk = DayPeriod("04-06")!
/// uk.label(of: CalendarDay("2026-04-05")!)   // 2025
/// uk.range(2025).upperBound.text             // "2026-04-05"
/// ```
///
/// A value type; `Sendable`.
public struct DayPeriod: Sendable, Equatable {
    public let month: Int, day: Int

    public static let calendar = DayPeriod(month: 1, day: 1)!

    /// Nil for a day that not every year has (02-29) or none has.
    public init?(month: Int, day: Int) {
        let lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1...12).contains(month), (1...lengths[month - 1]).contains(day) else { return nil }
        (self.month, self.day) = (month, day)
    }

    /// `MM-DD`, exactly.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.count == 5, parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let m = Int(parts[0]), let d = Int(parts[1]) else { return nil }
        self.init(month: m, day: d)
    }

    public var text: String { (month < 10 ? "0" : "") + "\(month)-" + (day < 10 ? "0" : "") + "\(day)" }
    public var isCalendarYear: Bool { month == 1 && day == 1 }

    /// The label of the period holding `date`: the year it starts in.
    public func label(of date: CalendarDay) -> Int {
        let c = date.components
        return (c.month, c.day) >= (month, day) ? c.year : c.year - 1
    }

    /// The first and last date of the period labelled `label`.
    public func range(_ label: Int) -> ClosedRange<CalendarDay> {
        CalendarDay(year: label, month: month, day: day)...(CalendarDay(year: label + 1, month: month, day: day) - 1)
    }
}
