#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// JSON numbers from their bytes: the grammar check, integers exactly (an E7 coordinate never
/// goes through a `Double`), and doubles by the exact fast path where it applies.
///
/// ```swift
/// JSONNumber.integer(text)   // 488566000 for "488566000"; nil for "4.8e8" or 20 digits
/// JSONNumber.double(text)    // 48.8566 for "48.8566", correctly rounded
/// ```
///
/// Pure; thread-safe.
enum JSONNumber {
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, the whole text.
    static func isValid(_ t: JSONText) -> Bool {
        let n = t.count
        var i = 0
        func digits() -> Bool {
            let s = i
            while i < n, t[i] &- 0x30 < 10 { i += 1 }
            return i > s
        }
        if i < n, t[i] == 0x2D { i += 1 }
        guard i < n else { return false }
        if t[i] == 0x30 { i += 1 } else if !digits() { return false }
        if i < n, t[i] == 0x2E {
            i += 1
            guard digits() else { return false }
        }
        if i < n, t[i] | 0x20 == 0x65 {
            i += 1
            if i < n, t[i] == 0x2B || t[i] == 0x2D { i += 1 }
            guard digits() else { return false }
        }
        return i == n
    }

    /// A number without fraction or exponent, of at most 18 digits; nil otherwise.
    static func integer(_ t: JSONText) -> Int64? {
        var i = 0
        let negative = t.count > 0 && t[0] == 0x2D
        if negative { i = 1 }
        guard i < t.count, t.count - i <= 18 else { return nil }
        var v: Int64 = 0
        while i < t.count {
            let d = t[i] &- 0x30
            guard d < 10 else { return nil }
            v = v * 10 + Int64(d)
            i += 1
        }
        return negative ? -v : v
    }

    private static let powers: [Double] = (0...22).map { pow(10, Double($0)) }

    /// The nearest double to a valid number; nil when it is not finite (`1e400`).
    static func double(_ t: JSONText) -> Double? {
        // Clinger's fast path: a mantissa of at most 2^53 times or over an exact power of ten up to
        // 10^22 is one correctly rounded operation. Coordinates, accuracies and times all take it.
        var i = 0
        let negative = t.count > 0 && t[0] == 0x2D
        if negative { i = 1 }
        var mantissa: UInt64 = 0
        var digits = 0, exponent = 0
        var fast = true
        while i < t.count, t[i] &- 0x30 < 10 {
            if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(t[i] - 0x30) } else { fast = false }
            if mantissa > 0 { digits += 1 }
            i += 1
        }
        if i < t.count, t[i] == 0x2E {
            i += 1
            while i < t.count, t[i] &- 0x30 < 10 {
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(t[i] - 0x30)
                    exponent -= 1
                } else { fast = false }
                if mantissa > 0 { digits += 1 }
                i += 1
            }
        }
        if i < t.count { fast = false }   // an exponent: the general path
        if fast, mantissa <= 1 << 53, exponent >= -22 {
            let m = Double(mantissa)
            let v = exponent == 0 ? m : m / powers[-exponent]
            return negative ? -v : v
        }
        // strtod on a NUL-terminated copy (at most maximumNumber bytes).
        let v = withUnsafeTemporaryAllocation(of: CChar.self, capacity: t.count + 1) { copy -> Double in
            for k in 0..<t.count { copy[k] = CChar(bitPattern: t[k]) }
            copy[t.count] = 0
            return strtod(copy.baseAddress!, nil)
        }
        return v.isFinite ? v : nil
    }
}
