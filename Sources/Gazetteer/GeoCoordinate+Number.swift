extension GeoCoordinate {
    /// One number of a coordinate, as `atlas resolve LAT LON` and every line of
    /// `atlas resolve --batch` read it, so that what one accepts the other does: an optional
    /// sign (`-`, `+`, or the typographic minus `−` that web pages paste), digits with at most
    /// one decimal point, and an optional exponent (`1e-5`, `2.5E+3`). Nil for anything else,
    /// including what `Double(_:)` would also take but no one means as degrees: `inf`, `nan`,
    /// hexadecimal (`0x1p3`), a decimal comma.
    ///
    /// ```swift
    /// GeoCoordinate.number("-33.8568")   // -33.8568
    /// GeoCoordinate.number("1e-5")       // 0.00001
    /// GeoCoordinate.number("0x10")       // nil
    /// ```
    public static func number(_ text: some StringProtocol) -> Double? {
        var scalars = Substring(text).unicodeScalars[...]
        var sign = ""
        if let first = scalars.first, "+-−".unicodeScalars.contains(first) {
            sign = first == "+" ? "" : "-"
            scalars = scalars.dropFirst()
        }
        func digits() -> Int {
            let count = scalars.prefix { ("0"..."9").contains($0) }.count
            scalars = scalars.dropFirst(count)
            return count
        }
        let body = scalars
        var count = digits()
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            count += digits()
        }
        guard count > 0 else { return nil }
        if let e = scalars.first, e == "e" || e == "E" {
            scalars = scalars.dropFirst()
            if let s = scalars.first, s == "+" || s == "-" { scalars = scalars.dropFirst() }
            guard digits() > 0 else { return nil }
        }
        guard scalars.isEmpty, let value = Double(sign + String(body)), value.isFinite else { return nil }
        return value
    }
}
