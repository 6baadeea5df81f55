/// A local time as a place-day row keeps its first and last (``PlaceDay/firstTime``): the text
/// the log writes, `YYYY-MM-DDTHH:MM:SS`, held as the number its digits make
/// (`20240501093000`), which orders as the text does and needs no allocation; any other text
/// (an older log's, a hand-edited record's) is held as it is. A passport of 50,000 rows made
/// 100,000 strings of 19 bytes for these, each on the heap, and compared them byte by byte.
///
/// ```swift
/// let morning: LocalTime = "2024-05-01T09:30:00"
/// morning.clock                                  // 20240501093000
/// morning < LocalTime("2024-05-01T18:00:00")     // true, as the texts compare
/// morning.text                                   // "2024-05-01T09:30:00"
/// ```
///
/// Equal, hashed and ordered as its text. A value type; `Sendable`.
public struct LocalTime: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// `YYYYMMDDHHMMSS` for a time of the log's form, -1 for any other text.
    public let clock: Int64
    /// The text when it is not of the log's form.
    private let other: String?

    /// The time `text` is.
    public init(_ text: String) {
        var text = text
        self = text.withUTF8 { LocalTime(utf8: UnsafeRawBufferPointer($0)) }
    }

    public init(stringLiteral text: String) { self.init(text) }

    /// The time whose text is the UTF-8 `bytes`: a string is made only for a text not of the
    /// log's form.
    public init(utf8 bytes: UnsafeRawBufferPointer) {
        if let clock = Self.clock(bytes) {
            (self.clock, other) = (clock, nil)
        } else {
            (self.clock, other) = (-1, String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The text, as the log writes it.
    public var text: String {
        if let other { return other }
        return String(unsafeUninitializedCapacity: Self.width) { Self.write(clock, into: $0) }
    }

    public var description: String { text }

    /// The text's UTF-8 bytes given to `body`, without making a string for a time of the log's form.
    public func withUTF8<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        if var other { return try other.withUTF8 { try body(UnsafeRawBufferPointer($0)) } }
        return try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.width) { buffer in
            _ = Self.write(clock, into: buffer)
            return try body(UnsafeRawBufferPointer(buffer))
        }
    }

    public static func < (a: LocalTime, b: LocalTime) -> Bool {
        // Two numbers of as many digits order as their texts; text is only made for the rest.
        a.other == nil && b.other == nil ? a.clock < b.clock : a.text < b.text
    }

    private static let width = 19

    /// The number the 19 bytes `YYYY-MM-DDTHH:MM:SS` make, nil for anything else.
    private static func clock(_ b: UnsafeRawBufferPointer) -> Int64? {
        guard b.count == width, let p = b.baseAddress else { return nil }
        // Eight digits at a time in a word (SWAR): byte by byte it was 210 instructions a time,
        // and a passport reads two times a row.
        func word(_ offset: Int) -> UInt64 { UInt64(littleEndian: p.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) }
        let (w0, w1, w2) = (word(0), word(8), word(11))   // "YYYY-MM-", "DDTHH:MM", "HH:MM:SS"
        guard w0 >> 32 & 0xFF == 0x2D, w0 >> 56 == 0x2D, w1 >> 16 & 0xFF == 0x54, w2 >> 16 & 0xFF == 0x3A, w2 >> 40 & 0xFF == 0x3A else { return nil }
        // The first text digit in the lowest byte; the time behind two zeros.
        let date = w0 & 0xFFFF_FFFF | w0 >> 8 & 0xFFFF_0000_0000 | w1 << 48
        let time = 0x3030 | (w2 & 0xFFFF | w2 >> 8 & 0xFFFF_0000 | w2 >> 16 & 0xFFFF_0000_0000) << 16
        guard let d = eightDigits(date), let t = eightDigits(time) else { return nil }
        return Int64(d) * 1_000_000 + Int64(t)
    }

    /// The number of eight ASCII digits, the first in the lowest byte; nil if a byte is no digit.
    private static func eightDigits(_ w: UInt64) -> UInt64? {
        let high: UInt64 = 0xF0F0_F0F0_F0F0_F0F0, zeros: UInt64 = 0x3030_3030_3030_3030
        // 0x30...0x3F, then not past 0x39: + 6 keeps the high nibble at 3.
        guard w & high == zeros, (w &+ 0x0606_0606_0606_0606) & high == zeros else { return nil }
        var v = w &- zeros
        v = (v &* 10 &+ v >> 8) & 0x00FF_00FF_00FF_00FF          // pairs
        v = (v &* 100 &+ v >> 16) & 0x0000_FFFF_0000_FFFF        // fours
        return (v &* 10_000 &+ v >> 32) & 0xFFFF_FFFF             // eight
    }

    /// Writes the text of `clock` (a number ``clock(_:)`` made) into `out`; returns its length.
    private static func write(_ clock: Int64, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var n = clock
        for k in stride(from: width - 1, through: 0, by: -1) {
            switch k {
            case 4, 7: out[k] = UInt8(ascii: "-")
            case 10: out[k] = UInt8(ascii: "T")
            case 13, 16: out[k] = UInt8(ascii: ":")
            default:
                out[k] = UInt8(ascii: "0") &+ UInt8(n % 10)
                n /= 10
            }
        }
        return width
    }
}
