import PhotoMetadata

/// A local date, `YYYY-MM-DD`, as a day number (days since 1970-01-01 in the proleptic
/// Gregorian calendar): what trips count and step through.
///
/// ```swift
/// let d = CalendarDay("2024-12-31")!
/// (d + 1).text        // "2025-01-01"
/// ```
///
/// A value type; `Sendable`.
public struct CalendarDay: Sendable, Hashable, Comparable, Strideable {
    public let number: Int

    public init(number: Int) { self.number = number }

    /// Nil unless `text` is exactly a valid `YYYY-MM-DD` (also the first ten characters of a
    /// longer text are not taken).
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var n = 0
            for b in bytes[range] {
                guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return nil }
                n = n * 10 + Int(b - UInt8(ascii: "0"))
            }
            return n
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10), y >= 1, (1...12).contains(m),
              (1...CaptureTime.daysIn(month: m, year: y)).contains(d) else { return nil }
        self.number = CaptureTime.daysFromCivil(y, m, d)
    }

    /// The date of a valid year, month and day (not checked).
    public init(year: Int, month: Int, day: Int) { number = CaptureTime.daysFromCivil(year, month, day) }

    public var components: (year: Int, month: Int, day: Int) { CaptureTime.civil(fromDays: number) }

    public var text: String { String(VisitPhoto.text(number * 86_400).prefix(10)) }

    public static func < (a: Self, b: Self) -> Bool { a.number < b.number }
    public func distance(to other: Self) -> Int { other.number - number }
    public func advanced(by n: Int) -> Self { Self(number: number + n) }
    public static func + (day: Self, n: Int) -> Self { day.advanced(by: n) }
    public static func - (day: Self, n: Int) -> Self { day.advanced(by: -n) }
}
