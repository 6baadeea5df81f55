/// SVG path data written straight into bytes, numbers with one decimal: a world map has
/// hundreds of thousands of them, and `String(format:)` per number cost a second.
///
/// ```swift
/// var d = PathData()
/// d.dot(10, 20, radius: 1.5)
/// d.string   // "M8.5 20.0a1.5 1.5 0 1 1 3.0 0a1.5 1.5 0 1 1 -3.0 0Z"
/// ```
///
/// A value type.
public struct PathData {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    public mutating func move(_ x: Double, _ y: Double) { command(UInt8(ascii: "M"), x, y) }
    public mutating func line(_ x: Double, _ y: Double) { command(UInt8(ascii: "L"), x, y) }
    public mutating func close() { bytes.append(UInt8(ascii: "Z")) }

    /// A dot of radius `r` as two half-circle arcs, turning as exterior rings do on screen
    /// (clockwise), so a dot over its own outline stays filled under the nonzero rule.
    public mutating func dot(_ x: Double, _ y: Double, radius r: Double) {
        move(x - r, y)
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
