import Foundation

/// A calendar of the tests' own, sharing nothing with the product's: dates as text, stepped a
/// day at a time with the Gregorian leap rule written out. The plain counts of the day rules
/// (`SchengenTests`, `DaysThatCountTests`) walk it.
enum PlainCalendar {
    static func next(_ date: String) -> String {
        let parts = date.split(separator: "-").map { Int($0)! }
        var (y, m, d) = (parts[0], parts[1], parts[2] + 1)
        let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        if d > lengths[m - 1] { (d, m) = (1, m + 1) }
        if m > 12 { (m, y) = (1, y + 1) }
        return String(format: "%04d-%02d-%02d", y, m, d)
    }

    static func adding(_ n: Int, to date: String) -> String {
        var d = date
        for _ in 0..<n { d = next(d) }
        return d
    }
}
