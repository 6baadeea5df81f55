/// The two numbers of a plain batch line (`48.8566,2.3522`) as they were read, kept for a line
/// whose numbers an answer writes back as they read: the answer's `lat` and `lon` are then
/// copied instead of formatted from the doubles (formatting them took ~700 instructions a line,
/// the most of any two members). The bytes are held inline, not as a range of the chunk's
/// lines: reaching those from the writer retained the lines' arrays at every answer.
///
/// A number is written as it reads, less the trailing zeros of its decimals (and a point left
/// with none), when it has an optional `-`, one to three integer digits without a leading zero
/// and at most 7 decimals, and is not a zero with a sign (``printed(_:)``): the form
/// ``JSONBytes/appendFixed(_:digits:to:)`` writes at 7 decimals. Its double is the one nearest
/// to it (the batch's plain decimals are read by Clinger's fast path, which rounds correctly),
/// within 2⁻⁴⁴ of it below 1,000: far under the half of 10⁻⁷ that would round the printed value
/// to another 7-decimal number, so the printed digits are the read ones.
///
/// ```swift
/// CoordinateText.printed(Array("48.8566".utf8))   // 7: all of it
/// CoordinateText.printed(Array("48.80".utf8))     // 4: written 48.8
/// CoordinateText.printed(Array("048.8".utf8))     // nil: written 48.8, not a prefix
/// let text = CoordinateText(line: Array("48.8566,2.352200".utf8))!
/// text.withNumbers { lat, lon in String(decoding: lon, as: UTF8.self) }   // "2.3522"
/// ```
///
/// A value type; `Sendable`.
struct CoordinateText: Sendable {
    /// The longest number kept: a sign, three digits, a point and seven decimals.
    static let maximumCount = 12

    private typealias Digits = (UInt64, UInt64)
    private var latitude: Digits = (0, 0), longitude: Digits = (0, 0)
    private let latitudeCount: UInt8, longitudeCount: UInt8

    /// The numbers of `line`: two numbers and one byte between them that is none of
    /// `0-9 . - +`; nil unless both are written as they read (``printed(_:)``).
    init?(line: UnsafeBufferPointer<UInt8>) {
        let n = line.count
        guard n <= 2 * Self.maximumCount + 1 else { return nil }
        var split = 0
        while split < n, Self.isNumberByte(line[split]) { split += 1 }
        guard split > 0, split < n - 1 else { return nil }
        let (lat, lon) = (UnsafeBufferPointer(rebasing: line[..<split]), UnsafeBufferPointer(rebasing: line[(split + 1)...]))
        guard lat.count <= Self.maximumCount, lon.count <= Self.maximumCount,
              let latitudeCount = Self.printed(lat), let longitudeCount = Self.printed(lon) else { return nil }
        (self.latitudeCount, self.longitudeCount) = (UInt8(latitudeCount), UInt8(longitudeCount))
        withUnsafeMutableBytes(of: &latitude) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(lat)[..<latitudeCount])) }
        withUnsafeMutableBytes(of: &longitude) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(lon)[..<longitudeCount])) }
    }

    init?(line: [UInt8]) {
        guard let text = line.withUnsafeBufferPointer({ CoordinateText(line: $0) }) else { return nil }
        self = text
    }

    /// Calls `body` with the latitude's bytes and the longitude's.
    func withNumbers<R>(_ body: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeBytes(of: latitude) { lat in
            withUnsafeBytes(of: longitude) { lon in
                body(UnsafeBufferPointer(rebasing: lat.bindMemory(to: UInt8.self)[..<Int(latitudeCount)]),
                     UnsafeBufferPointer(rebasing: lon.bindMemory(to: UInt8.self)[..<Int(longitudeCount)]))
            }
        }
    }

    @inline(__always)
    private static func isNumberByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: ".") || b == UInt8(ascii: "-") || b == UInt8(ascii: "+")
    }

    @inline(__always)
    private static func isDigit(_ b: UInt8) -> Bool { b &- UInt8(ascii: "0") < 10 }

    /// How many of the first bytes of the number `text` are what
    /// ``JSONBytes/appendFixed(_:digits:to:)`` writes for it at 7 decimals: all but the trailing
    /// zeros of its decimals (and the point, when all are zeros); nil for a number not of the
    /// type's form.
    static func printed(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        let n = text.count
        guard n > 0 else { return nil }
        let negative = text[0] == UInt8(ascii: "-")
        let integerStart = negative ? 1 : 0
        var i = integerStart
        while i < n, isDigit(text[i]) { i += 1 }
        let integerDigits = i - integerStart
        guard integerDigits >= 1, integerDigits <= 3, integerDigits == 1 || text[integerStart] != UInt8(ascii: "0") else { return nil }
        var end = i
        if i < n {
            guard text[i] == UInt8(ascii: "."), n - i - 1 >= 1, n - i - 1 <= 7 else { return nil }
            i += 1
            while i < n {
                guard isDigit(text[i]) else { return nil }
                i += 1
                if text[i - 1] != UInt8(ascii: "0") { end = i }
            }
        }
        // A zero is written 0, whatever its sign.
        guard !(negative && end == integerStart + 1 && text[integerStart] == UInt8(ascii: "0")) else { return nil }
        return end
    }

    static func printed(_ text: [UInt8]) -> Int? { text.withUnsafeBufferPointer(printed) }
}
