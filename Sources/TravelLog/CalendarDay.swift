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
        // Read in place: passports parse dates by the ten thousand, and a copy of each into an
        // array was most of the work.
        guard let number = text.utf8.withContiguousStorageIfAvailable(Self.number(of:)) ?? Self.number(of: Array(text.utf8)) else { return nil }
        self.number = number
    }

    /// The generic initializer's answer for a `String`, without its generic calls: dates are
    /// parsed per row and per visit's day from other modules, where the generic form is not
    /// specialized (490 instructions a date).
    public init?(_ text: String) {
        guard let number = text.utf8.withContiguousStorageIfAvailable(Self.number(of:)) ?? Self.number(of: Array(text.utf8)) else { return nil }
        self.number = number
    }

    /// The day number of exactly `YYYY-MM-DD`, else nil.
    private static func number(of bytes: some RandomAccessCollection<UInt8>) -> Int? {
        guard bytes.count == 10 else { return nil }
        // Each digit read at its place, no loop: the day rules and the figures parse a date per
        // row and per visit's day.
        var i = bytes.startIndex
        var bad = false
        func digit() -> Int {
            let d = bytes[i] &- UInt8(ascii: "0")
            bad = bad || d > 9
            i = bytes.index(after: i)
            return Int(d)
        }
        func dash() {
            bad = bad || bytes[i] != UInt8(ascii: "-")
            i = bytes.index(after: i)
        }
        let y = digit() * 1000 + digit() * 100 + digit() * 10 + digit()
        dash()
        let m = digit() * 10 + digit()
        dash()
        let d = digit() * 10 + digit()
        guard !bad, y >= 1, (1...12).contains(m), (1...CaptureTime.daysIn(month: m, year: y)).contains(d) else { return nil }
        return CaptureTime.daysFromCivil(y, m, d)
    }

    /// The date of a valid year, month and day (not checked).
    public init(year: Int, month: Int, day: Int) { number = CaptureTime.daysFromCivil(year, month, day) }

    public var components: (year: Int, month: Int, day: Int) { CaptureTime.civil(fromDays: number) }

    /// `YYYY-MM-DD` (years 1–9999; others as ``VisitPhoto/text(_:)`` writes them).
    public var text: String {
        let (y, m, d) = components
        guard (1...9999).contains(y) else { return String(VisitPhoto.text(number * 86_400).prefix(10)) }
        // Ten ASCII bytes: a small string, made without an allocation.
        return String(unsafeUninitializedCapacity: 10) { out in
            func put(_ value: Int, at start: Int, width: Int) {
                var v = value
                for i in stride(from: start + width - 1, through: start, by: -1) {
                    out[i] = UInt8(ascii: "0") + UInt8(v % 10)
                    v /= 10
                }
            }
            put(y, at: 0, width: 4)
            out[4] = UInt8(ascii: "-")
            put(m, at: 5, width: 2)
            out[7] = UInt8(ascii: "-")
            put(d, at: 8, width: 2)
            return 10
        }
    }

    public static func < (a: Self, b: Self) -> Bool { a.number < b.number }
    public func distance(to other: Self) -> Int { other.number - number }
    public func advanced(by n: Int) -> Self { Self(number: number + n) }
    public static func + (day: Self, n: Int) -> Self { day.advanced(by: n) }
    public static func - (day: Self, n: Int) -> Self { day.advanced(by: -n) }
}
