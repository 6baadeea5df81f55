#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes of one string's contents or one number as a ``JSONScanner`` read them, without a
/// copy: valid only until the scanner is asked for anything else (its buffer moves).
///
/// ```swift
/// while try scanner.nextKey() {
///     switch scanner.key {
///     case "latitudeE7": lat = try scanner.readInteger()
///     default: try scanner.skipValue()
///     }
/// }
/// ```
///
/// Matched against a `StaticString` by `~=`, so a `switch` over keys compares bytes, never
/// builds a `String`. Not `Sendable`: it points into a buffer.
struct JSONText {
    let start: UnsafePointer<UInt8>
    let count: Int

    subscript(i: Int) -> UInt8 { start[i] }

    /// The text as a `String` (ill-formed UTF-8 repaired with U+FFFD).
    var string: String { String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) }

    static func ~= (pattern: StaticString, text: JSONText) -> Bool {
        pattern.utf8CodeUnitCount == text.count && memcmp(pattern.utf8Start, text.start, text.count) == 0
    }

    /// The same bytes without the white space around them.
    var trimmed: JSONText {
        var s = 0, e = count
        while s < e, JSONScanner.isSpace(start[s]) { s += 1 }
        while e > s, JSONScanner.isSpace(start[e - 1]) { e -= 1 }
        return JSONText(start: start + s, count: e - s)
    }

    func dropFirst(_ n: Int) -> JSONText { JSONText(start: start + min(n, count), count: max(0, count - n)) }

    func hasPrefix(_ prefix: StaticString) -> Bool {
        count >= prefix.utf8CodeUnitCount && memcmp(prefix.utf8Start, start, prefix.utf8CodeUnitCount) == 0
    }
}
