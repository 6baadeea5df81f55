/// SVG path data written straight into bytes, numbers with one decimal: a world map has
/// hundreds of thousands of them, and `String(format:)` per number cost a second.
///
/// ```swift
/// var d = PathData()
/// d.dot(10, 20, radius: 1.5)
/// d.string   // "M8.5 20.0a1.5 1.5 0 1 1 3.0 0a1.5 1.5 0 1 1 -3.0 0Z"
/// ```
///
/// `relative` writes the same points, rounded to tenths as before, as short relative steps:
/// `m`/`l` with the difference of two rounded points (exact, so nothing drifts), the `l` left
/// out where it repeats, no leading zero, no trailing `.0`, no space before a minus sign, and a
/// step that rounds to nothing left out: a world's outlines in about half the bytes.
///
/// ```swift
/// var d = PathData(relative: true)
/// d.move(10, 20); d.line(10.5, 19.7); d.line(12, 19.7); d.close()
/// d.string   // "m10 20 .5-.3 1.5 0z" (the pairs after a move are lines)
/// ```
///
/// A value type.
public struct PathData {
    public private(set) var bytes: [UInt8] = []
    /// Whether points are written as relative steps (see above).
    public let relative: Bool
    /// In relative mode: the current point and the start of the subpath, in tenths; whether the
    /// last thing written was a step that a bare number pair continues, and a number (and
    /// whether it had a decimal point), for the separators.
    private var current = (0, 0), start = (0, 0)
    private var continuesLine = false, afterNumber = false, numberHadPoint = false

    public init(capacity: Int = 0, relative: Bool = false) {
        bytes.reserveCapacity(capacity)
        self.relative = relative
    }

    public mutating func move(_ x: Double, _ y: Double) {
        guard relative else { return command(UInt8(ascii: "M"), x, y) }
        let p = (Self.tenths(x), Self.tenths(y))
        bytes.append(UInt8(ascii: "m")); afterNumber = false
        step(p.0 - current.0); step(p.1 - current.1)
        (current, start, continuesLine) = (p, p, true)
    }

    public mutating func line(_ x: Double, _ y: Double) {
        guard relative else { return command(UInt8(ascii: "L"), x, y) }
        let p = (Self.tenths(x), Self.tenths(y))
        guard p != current else { return }
        if !continuesLine { bytes.append(UInt8(ascii: "l")); afterNumber = false }
        step(p.0 - current.0); step(p.1 - current.1)
        (current, continuesLine) = (p, true)
    }

    public mutating func close() {
        bytes.append(UInt8(ascii: relative ? "z" : "Z"))
        (current, continuesLine, afterNumber) = (start, false, false)
    }

    /// A number of tenths, as short as it reads: `-.3`, `12`, `1.5`.
    private mutating func step(_ tenths: Int) {
        let whole = abs(tenths) / 10, fraction = abs(tenths) % 10
        let startsWithPoint = whole == 0 && fraction != 0
        if afterNumber && tenths >= 0 && !(startsWithPoint && numberHadPoint) { space() }
        if tenths < 0 { bytes.append(UInt8(ascii: "-")) }
        if !startsWithPoint { digits(whole) }
        if fraction != 0 { bytes.append(UInt8(ascii: ".")); bytes.append(UInt8(ascii: "0") + UInt8(fraction)) }
        (afterNumber, numberHadPoint) = (true, fraction != 0)
    }

    private mutating func digits(_ n: Int) {
        if n == 0 { bytes.append(UInt8(ascii: "0")); return }
        let first = bytes.count
        var n = n
        while n > 0 { bytes.append(UInt8(ascii: "0") + UInt8(n % 10)); n /= 10 }
        bytes[first...].reverse()
    }

    private static func tenths(_ value: Double) -> Int {
        let scaled = (value * 10).rounded()
        return scaled.isFinite && abs(scaled) < 1e15 ? Int(scaled) : 0
    }

    /// A dot of radius `r` as two half-circle arcs, turning as exterior rings do on screen
    /// (clockwise), so a dot over its own outline stays filled under the nonzero rule.
    public mutating func dot(_ x: Double, _ y: Double, radius r: Double) {
        move(x - r, y)
        if relative {
            // Relative arcs end where they began: the current point stays.
            let t = Self.tenths(r)
            for dx in [2 * t, -2 * t] {
                bytes.append(UInt8(ascii: "a")); afterNumber = false
                step(t); step(t); step(0); step(10); step(10); step(dx); step(0)
            }
            continuesLine = false
            return close()
        }
        for dx in [2 * r, -2 * r] {
            bytes.append(UInt8(ascii: "a")); number(r); space(); number(r)
            bytes.append(contentsOf: Array(" 0 1 1 ".utf8)); number(dx); bytes.append(contentsOf: Array(" 0".utf8))
        }
        close()
    }

    private mutating func command(_ letter: UInt8, _ x: Double, _ y: Double) {
        bytes.append(letter); number(x); space(); number(y)
    }

    private mutating func space() { bytes.append(UInt8(ascii: " ")) }

    /// The value in tenths, as `MapFrame.number` writes it: no exponent, no "-0.0".
    mutating func number(_ value: Double) {
        let scaled = (value * 10).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { bytes.append(contentsOf: Array("0.0".utf8)); return }
        var tenths = Int(scaled)
        if tenths < 0 { bytes.append(UInt8(ascii: "-")); tenths = -tenths }
        let whole = tenths / 10
        if whole == 0 {
            bytes.append(UInt8(ascii: "0"))
        } else {
            let start = bytes.count
            var n = whole
            while n > 0 { bytes.append(UInt8(ascii: "0") + UInt8(n % 10)); n /= 10 }
            bytes[start...].reverse()
        }
        bytes.append(UInt8(ascii: "."))
        bytes.append(UInt8(ascii: "0") + UInt8(tenths % 10))
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }
}
