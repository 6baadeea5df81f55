/// Positions written as text: the phone's `"48.8566°, 2.3522°"` and the iPhone's
/// `"geo:48.856600,2.352200"` (a `;u=…` parameter after it is ignored).
///
/// ```swift
/// LatLngText.position(of: text)   // HistoryPosition(latitude: 48.8566, longitude: 2.3522)
/// ```
///
/// Nil when it is not two numbers separated by a comma, or when they are beyond ±90°/±180°.
/// Pure; thread-safe.
enum LatLngText {
    static func position(of text: JSONText) -> HistoryPosition? {
        var t = text.trimmed
        if t.hasPrefix("geo:") { t = t.dropFirst(4) }
        var i = 0
        let n = t.count
        func skipSpaces() { while i < n, t[i] == 0x20 { i += 1 } }
        func number() -> Double? {
            skipSpaces()
            if i < n, t[i] == 0x2B { i += 1 }
            let s = i
            while i < n, (t[i] &- 0x30 < 10) || t[i] == 0x2E || t[i] == 0x2D || t[i] | 0x20 == 0x65 { i += 1 }
            let token = JSONText(start: t.start + s, count: i - s)
            guard JSONNumber.isValid(token) else { return nil }
            // The degree sign, U+00B0.
            if i + 1 < n, t[i] == 0xC2, t[i + 1] == 0xB0 { i += 2 }
            skipSpaces()
            return JSONNumber.double(token)
        }
        guard let latitude = number(), i < n, t[i] == 0x2C else { return nil }
        i += 1
        guard let longitude = number(), i == n || t[i] == 0x3B || t[i] == 0x2C else { return nil }
        let p = HistoryPosition(latitude: latitude, longitude: longitude)
        return p.isValid ? p : nil
    }
}
