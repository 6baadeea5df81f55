/// A point in the text form of ISO 6709 (Annex H), as QuickTime's
/// `com.apple.quicktime.location.ISO6709` and `©xyz` hold it: latitude, longitude and an
/// optional altitude, each with its sign, then `/`.
///
/// ```swift
/// ISO6709("+48.8584+002.2945+035.000/")   // 48.8584, 2.2945, altitude 35
/// ISO6709("-3354.30+01825.32/")           // degrees and decimal minutes
/// ```
///
/// The width of each integer part says its unit: latitude `±DD`, `±DDMM` or `±DDMMSS` and
/// longitude `±DDD`, `±DDDMM` or `±DDDMMSS`, each with an optional decimal fraction of the last
/// unit. A coordinate reference system (`CRSWGS_84`) may follow the altitude. Anything else is
/// no point: nil.
struct ISO6709: Equatable {
    let latitude: Double
    let longitude: Double
    /// Metres; nil when the text has none.
    let altitude: Double?

    init?(_ text: some StringProtocol) {
        var bytes = Array(text.utf8)[...]
        // Writers pad the text with NULs or spaces.
        while let last = bytes.last, last == 0 || last == 0x20 { bytes.removeLast() }
        guard let latitude = Self.angle(&bytes, degreeDigits: 2),
              let longitude = Self.angle(&bytes, degreeDigits: 3) else { return nil }
        var altitude: Double?
        if let sign = bytes.first, sign == 0x2B || sign == 0x2D {
            guard let value = Self.number(&bytes) else { return nil }
            altitude = value.value
        }
        if bytes.starts(with: "CRS".utf8) {
            // A reference system name, up to the terminator.
            guard let slash = bytes.firstIndex(of: 0x2F) else { return nil }
            bytes = bytes[slash...]
        }
        guard bytes.isEmpty || bytes.elementsEqual([0x2F]) else { return nil }
        (self.latitude, self.longitude, self.altitude) = (latitude, longitude, altitude)
    }

    /// A signed angle in degrees, from `±D…D[MM[SS]][.f]` whose degrees take `degreeDigits`.
    private static func angle(_ bytes: inout ArraySlice<UInt8>, degreeDigits: Int) -> Double? {
        guard let n = number(&bytes) else { return nil }
        let magnitude = abs(n.value)
        let degrees: Double
        switch n.integerDigits - degreeDigits {
        case 0:
            degrees = magnitude
        case 2:
            let d = (magnitude / 100).rounded(.down)
            let m = magnitude - d * 100
            guard m < 60 else { return nil }
            degrees = d + m / 60
        case 4:
            let d = (magnitude / 10_000).rounded(.down)
            let rest = magnitude - d * 10_000
            let m = (rest / 100).rounded(.down)
            let s = rest - m * 100
            guard m < 60, s < 60 else { return nil }
            degrees = d + m / 60 + s / 3600
        default:
            return nil
        }
        return n.value < 0 ? -degrees : degrees
    }

    /// `±digits[.digits]`: its value and how many digits come before the point.
    private static func number(_ bytes: inout ArraySlice<UInt8>) -> (value: Double, integerDigits: Int)? {
        guard let sign = bytes.first, sign == 0x2B || sign == 0x2D else { return nil }
        var i = bytes.index(after: bytes.startIndex)
        var integerDigits = 0, fractionDigits = 0, seenPoint = false
        while i < bytes.endIndex {
            let byte = bytes[i]
            if byte >= 0x30 && byte <= 0x39 {
                if seenPoint { fractionDigits += 1 } else { integerDigits += 1 }
            } else if byte == 0x2E && !seenPoint {
                seenPoint = true
            } else {
                break
            }
            i += 1
        }
        // 15 significant digits are all a Double holds; more is no coordinate a device writes.
        guard integerDigits > 0, integerDigits + fractionDigits <= 15, !seenPoint || fractionDigits > 0 else { return nil }
        let text = String(decoding: bytes[bytes.startIndex..<i], as: UTF8.self)
        bytes = bytes[i...]
        return Double(text).map { ($0, integerDigits) }
    }
}
