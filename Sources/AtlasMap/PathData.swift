/// SVG path data written straight into bytes, numbers with one decimal: a world map has
/// hundreds of thousands of them, and `String(format:)` per number cost a second.
struct PathData {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    mutating func move(_ x: Double, _ y: Double) { command(UInt8(ascii: "M"), x, y) }
    mutating func line(_ x: Double, _ y: Double) { command(UInt8(ascii: "L"), x, y) }
    mutating func close() { bytes.append(UInt8(ascii: "Z")) }

    /// A dot of radius `r` as two half-circle arcs, turning as exterior rings do on screen
    /// (clockwise), so a dot over its own outline stays filled under the nonzero rule.
    mutating func dot(_ x: Double, _ y: Double, radius r: Double) {
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

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
