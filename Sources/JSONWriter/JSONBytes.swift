/// The byte-level pieces of JSON rendering: numbers and quoted strings appended as UTF-8 to a
/// byte sink (``ByteSink``: an array, or a ``ByteBuffer``), without Foundation, so that every
/// machine prints the same bytes. Public for writers of a fixed shape that skip
/// ``JSONStream``'s bookkeeping (a batch answer per line); inlinable, so that each caller's
/// sink is specialised rather than called through its protocol byte by byte.
public enum JSONBytes {
    @inlinable
    static func append<Sink: ByteSink & ~Copyable>(_ text: StaticString, to out: inout Sink) {
        out.append(text)
    }

    /// A newline and `indent` levels of two spaces (pretty rendering).
    static func newline(indent: Int, to out: inout [UInt8]) {
        out.append(0x0A)
        var left = 2 * indent
        while left > 0 {
            let n = min(left, spaces.count)
            out.append(contentsOf: spaces[0..<n])
            left -= n
        }
    }

    private static let spaces = [UInt8](repeating: 0x20, count: 32)

    @inlinable
    public static func appendInt<Sink: ByteSink & ~Copyable>(_ value: Int, to out: inout Sink) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendDecimal(UInt64(value.magnitude), to: &out)
    }

    /// `value` in decimal, at least `width` digits (zeros in front), written in place two
    /// digits a division.
    @inlinable
    static func appendDecimal<Sink: ByteSink & ~Copyable>(_ value: UInt64, width: Int = 1, to out: inout Sink) {
        if value < 10 && width <= 1 { out.append(0x30 + UInt8(value)); return }
        let count = max(width, decimalCount(value))
        out.append(count: count) { p in
            let pairs = digitPairs.utf8Start
            var i = count
            var v = value
            while v >= 100 {
                let r = Int(v % 100)
                v /= 100
                i -= 2
                (p[i], p[i + 1]) = (pairs[2 * r], pairs[2 * r + 1])
            }
            if v >= 10 {
                i -= 2
                (p[i], p[i + 1]) = (pairs[2 * Int(v)], pairs[2 * Int(v) + 1])
            } else {
                i -= 1
                p[i] = 0x30 + UInt8(v)
            }
            while i > 0 { i -= 1; p[i] = 0x30 }
        }
    }

    /// How many decimal digits `value` has (1 for 0).
    @inlinable
    static func decimalCount(_ value: UInt64) -> Int {
        var n = 1
        var power: UInt64 = 10
        while value >= power {
            n += 1
            guard n < 20 else { break }
            power &*= 10
        }
        return n
    }

    /// "00" through "99", end to end.
    @inlinable
    static var digitPairs: StaticString {
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"
    }

    @usableFromInline static let powersOfTen: [UInt64] = (0...19).map { n in (0..<n).reduce(1) { r, _ in r * 10 } }

    /// `value` with at most `digits` decimals and no trailing zeros: the exact binary value
    /// rounded half-to-even at `digits` decimals, the digits C's `printf("%.*f")` gives, then
    /// trimmed; "0" for anything that rounds to zero, whatever its sign; "null" when not finite.
    ///
    /// The value is m·2^e exactly. For e < 0 the answer is round(m·10^digits / 2^-e): with
    /// at most 19 digits the product fits in 128 bits, the quotient and the bits below it
    /// (the half bit and whether any lower bit is set) decide the rounding exactly. What does
    /// not fit (huge values, more than 19 digits) takes the same arithmetic on big integers.
    @inlinable
    public static func appendFixed<Sink: ByteSink & ~Copyable>(_ value: Double, digits: Int, to out: inout Sink) {
        guard value.isFinite else { out.append("null"); return }
        let n = max(0, digits)
        let negative = value.sign == .minus
        let raw = value.bitPattern
        let biased = Int((raw >> 52) & 0x7FF)
        var m = raw & ((1 << 52) - 1)
        let e: Int
        if biased == 0 { e = -1074 } else { m |= 1 << 52; e = biased - 1075 }
        if m == 0 { out.append(0x30); return }

        if e >= 0 {
            // An integer: its fraction is all zeros, trimmed away.
            guard e <= 10 else { return out.append(bytes: fixedExactly(negative: negative, m: m, e: e, digits: n)) }
            if negative { out.append(UInt8(ascii: "-")) }
            appendDecimal(m << UInt64(e), to: &out)
            return
        }
        let k = -e
        guard n <= 19 else { return out.append(bytes: fixedExactly(negative: negative, m: m, e: e, digits: n)) }
        let (hi, lo) = m.multipliedFullWidth(by: powersOfTen[n])
        // The product is below 2^117, so below half of 2^k when k ≥ 118: it rounds to 0.
        if k >= 118 { out.append(0x30); return }
        var q: UInt64
        let half: Bool
        let sticky: Bool
        if k >= 64 {
            q = hi >> UInt64(k - 64)
            if k == 64 {
                half = lo >> 63 == 1
                sticky = lo & ((1 << 63) - 1) != 0
            } else {
                let h = UInt64(k - 65)
                half = (hi >> h) & 1 == 1
                sticky = lo != 0 || hi & ((1 << h) - 1) != 0
            }
        } else {
            guard hi >> UInt64(k) == 0 else { return out.append(bytes: fixedExactly(negative: negative, m: m, e: e, digits: n)) }
            q = k == 0 ? lo : (hi << UInt64(64 - k)) | (lo >> UInt64(k))
            half = (lo >> UInt64(k - 1)) & 1 == 1
            sticky = lo & ((1 << UInt64(k - 1)) - 1) != 0
        }
        if half && (sticky || q & 1 == 1) {
            guard q != .max else { return out.append(bytes: fixedExactly(negative: negative, m: m, e: e, digits: n)) }
            q += 1
        }
        if q == 0 { out.append(0x30); return }
        if negative { out.append(UInt8(ascii: "-")) }
        let scale = powersOfTen[n]
        appendDecimal(q / scale, to: &out)
        var fraction = q % scale
        guard fraction != 0 else { return }
        var width = n
        while fraction % 10 == 0 { fraction /= 10; width -= 1 }
        out.append(UInt8(ascii: "."))
        appendDecimal(fraction, width: width, to: &out)
    }

    /// ``appendFixed(_:digits:to:)`` for m·2^e on big integers: any magnitude, any digits.
    @usableFromInline
    static func fixedExactly(negative: Bool, m: UInt64, e: Int, digits n: Int) -> [UInt8] {
        var out: [UInt8] = []
        var b = BigUInt(m)
        if e >= 0 {
            b.shiftLeft(e)
        } else {
            var left = n
            while left >= 9 { b.multiply(by: 1_000_000_000); left -= 9 }
            if left > 0 { b.multiply(by: UInt32(powersOfTen[left])) }
            let k = -e
            let half = b.bit(k - 1)
            let sticky = b.anyBit(below: k - 1)
            b.shiftRight(k)
            if half && (sticky || b.isOdd) { b.addOne() }
        }
        if b.isZero { return [0x30] }
        let all = b.decimalDigits()
        let fractionCount = e >= 0 ? 0 : n
        if negative { out.append(UInt8(ascii: "-")) }
        if all.count > fractionCount {
            out.append(contentsOf: all[..<(all.count - fractionCount)])
        } else {
            out.append(0x30)
        }
        var fraction = [UInt8](repeating: 0x30, count: max(0, fractionCount - all.count))
        fraction += all.suffix(min(fractionCount, all.count))
        while fraction.last == 0x30 { fraction.removeLast() }
        guard !fraction.isEmpty else { return out }
        out.append(UInt8(ascii: "."))
        return out + fraction
    }

    /// `text` in double quotes: `"` and `\` escaped, newline, return and tab as `\n`, `\r`,
    /// `\t`, every other C0 control and DEL as `\u00xx` (lowercase); every other byte as it is.
    @inlinable
    public static func appendQuoted<Sink: ByteSink & ~Copyable>(_ text: String, to out: inout Sink) {
        out.append(0x22)
        appendEscaped(text, to: &out)
        out.append(0x22)
    }

    /// ``appendQuoted(_:to:)`` of text already in UTF-8 (a name kept as bytes).
    @inlinable
    public static func appendQuoted<Sink: ByteSink & ~Copyable>(utf8 bytes: UnsafeBufferPointer<UInt8>, to out: inout Sink) {
        out.append(0x22)
        appendEscaped(bytes, to: &out)
        out.append(0x22)
    }

    /// The bytes of a quoted string without its quotes: what lets a string made of several
    /// pieces (`kind:code`) be written piece by piece. Eight bytes are looked at a time, and
    /// runs that need no escape are copied whole: names seldom hold any.
    @inlinable
    public static func appendEscaped<Sink: ByteSink & ~Copyable>(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout Sink) {
        guard let start = bytes.baseAddress else { return }
        let n = bytes.count
        // Most text needs no escape: ruled out in whole words (the last one overlapping the one
        // before), then copied in one piece, without the loop below that copies runs between
        // escapes (a name or a time zone took ~150 instructions there).
        // The words found clean are not looked at again below.
        var clean = 0
        if n >= 8 {
            while clean + 8 < n, !needsEscape(UnsafeRawPointer(start + clean).loadUnaligned(as: UInt64.self)) { clean += 8 }
            if clean + 8 >= n, !needsEscape(UnsafeRawPointer(start + n - 8).loadUnaligned(as: UInt64.self)) {
                return out.append(bytes: bytes)
            }
        } else if n >= 4 {
            let (head, tail) = (UnsafeRawPointer(start).loadUnaligned(as: UInt32.self), UnsafeRawPointer(start + n - 4).loadUnaligned(as: UInt32.self))
            if !needsEscape(UInt64(head) << 32 | UInt64(tail)) { return out.append(bytes: bytes) }
        }
        var run = 0, i = clean
        while i < n {
            if n - i >= 8 {
                if !needsEscape(UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self)) {
                    i += 8
                    continue
                }
            } else if n >= 8, !needsEscape(UnsafeRawPointer(start + n - 8).loadUnaligned(as: UInt64.self)) {
                // The tail, looked at in the last eight bytes.
                break
            }
            let stop = min(i + 8, n)
            while i < stop {
                let b = start[i]
                i += 1
                if b >= 0x20 && b != 0x22 && b != 0x5C && b != 0x7F { continue }
                if run < i - 1 { out.append(bytes: UnsafeBufferPointer(start: start + run, count: i - 1 - run)) }
                run = i
                out.append(0x5C)
                switch b {
                case 0x22: out.append(0x22)
                case 0x5C: out.append(0x5C)
                case 0x0A: out.append(UInt8(ascii: "n"))
                case 0x0D: out.append(UInt8(ascii: "r"))
                case 0x09: out.append(UInt8(ascii: "t"))
                default:
                    out.append(UInt8(ascii: "u")); out.append(0x30); out.append(0x30)
                    out.append(hexDigit(b >> 4)); out.append(hexDigit(b & 0xF))
                }
            }
        }
        if run < n { out.append(bytes: UnsafeBufferPointer(start: start + run, count: n - run)) }
    }

    /// Whether `bytes` go into a JSON string as they are, with no escape.
    @inlinable
    static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let start = bytes.baseAddress else { return true }
        let n = bytes.count
        func word(_ at: Int) -> UInt64 { UnsafeRawPointer(start + at).loadUnaligned(as: UInt64.self) }
        if n >= 8 {
            var i = 0
            while i + 8 < n {
                if needsEscape(word(i)) { return false }
                i += 8
            }
            return !needsEscape(word(n - 8))
        }
        return !bytes.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }
    }

    /// Whether any of the eight bytes of `w` is a control character, `"`, `\` or DEL: the
    /// word tests for a zero byte and for a byte below 0x20, which are exact for "any".
    @inlinable @inline(__always)
    static func needsEscape(_ w: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ v: UInt64) -> UInt64 { (v &- ones) & ~v & highs }
        let below20 = (w &- 0x20 &* ones) & ~w & highs
        return below20 | hasZero(w ^ (0x22 &* ones)) | hasZero(w ^ (0x5C &* ones)) | hasZero(w ^ (0x7F &* ones)) != 0
    }

    /// A lowercase hexadecimal digit of a value below 16.
    @inlinable
    static func hexDigit(_ v: UInt8) -> UInt8 { v < 10 ? 0x30 + v : UInt8(ascii: "a") - 10 + v }

    /// ``appendEscaped(_:to:)`` of a string.
    @inlinable
    public static func appendEscaped<Sink: ByteSink & ~Copyable>(_ text: String, to out: inout Sink) {
        // A native string's bytes are read in place, without the copy (a retain and a
        // release) that `withUTF8` needs: an export quotes millions of strings.
        if text.utf8.withContiguousStorageIfAvailable({ appendEscaped($0, to: &out) }) != nil { return }
        var text = text
        text.withUTF8 { appendEscaped($0, to: &out) }
    }
}

/// An unsigned integer of any size (32-bit limbs, least significant first), with just what
/// exact decimal printing of a double needs.
struct BigUInt {
    private(set) var limbs: [UInt32]

    init(_ value: UInt64) {
        limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        normalize()
    }

    var isZero: Bool { limbs.isEmpty }
    var isOdd: Bool { (limbs.first ?? 0) & 1 == 1 }

    private mutating func normalize() {
        while limbs.last == 0 { limbs.removeLast() }
    }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for i in limbs.indices {
            let p = UInt64(limbs[i]) * UInt64(factor) + carry
            limbs[i] = UInt32(truncatingIfNeeded: p)
            carry = p >> 32
        }
        if carry != 0 { limbs.append(UInt32(carry)) }
        normalize()
    }

    mutating func addOne() {
        for i in limbs.indices {
            if limbs[i] == .max { limbs[i] = 0 } else { limbs[i] += 1; return }
        }
        limbs.append(1)
    }

    mutating func shiftLeft(_ bits: Int) {
        guard !isZero, bits > 0 else { return }
        let whole = bits / 32, part = bits % 32
        if part != 0 {
            var carry: UInt32 = 0
            for i in limbs.indices {
                let v = limbs[i]
                limbs[i] = (v << UInt32(part)) | carry
                carry = v >> UInt32(32 - part)
            }
            if carry != 0 { limbs.append(carry) }
        }
        limbs.insert(contentsOf: repeatElement(0, count: whole), at: 0)
    }

    mutating func shiftRight(_ bits: Int) {
        guard bits > 0 else { return }
        let whole = bits / 32, part = bits % 32
        guard whole < limbs.count else { limbs = []; return }
        limbs.removeFirst(whole)
        if part != 0 {
            for i in limbs.indices {
                let next = i + 1 < limbs.count ? limbs[i + 1] : 0
                limbs[i] = (limbs[i] >> UInt32(part)) | (next << UInt32(32 - part))
            }
        }
        normalize()
    }

    /// Bit `index` (0 is the least significant); false below 0.
    func bit(_ index: Int) -> Bool {
        guard index >= 0, index / 32 < limbs.count else { return false }
        return (limbs[index / 32] >> UInt32(index % 32)) & 1 == 1
    }

    /// Whether any bit below `index` is set.
    func anyBit(below index: Int) -> Bool {
        guard index > 0 else { return false }
        let whole = index / 32, part = index % 32
        for i in 0..<min(whole, limbs.count) where limbs[i] != 0 { return true }
        if part != 0, whole < limbs.count, limbs[whole] & ((1 << UInt32(part)) - 1) != 0 { return true }
        return false
    }

    /// The decimal digits (ASCII), most significant first; "0" for zero.
    func decimalDigits() -> [UInt8] {
        var rest = self
        var chunks: [UInt32] = []
        while !rest.isZero {
            var remainder: UInt64 = 0
            for i in rest.limbs.indices.reversed() {
                let v = remainder << 32 | UInt64(rest.limbs[i])
                rest.limbs[i] = UInt32(v / 1_000_000_000)
                remainder = v % 1_000_000_000
            }
            rest.normalize()
            chunks.append(UInt32(remainder))
        }
        guard let top = chunks.popLast() else { return [0x30] }
        var out: [UInt8] = []
        JSONBytes.appendDecimal(UInt64(top), to: &out)
        for chunk in chunks.reversed() { JSONBytes.appendDecimal(UInt64(chunk), width: 9, to: &out) }
        return out
    }
}
