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
        if let plain = text.utf8.withContiguousStorageIfAvailable(plainDecimal), let plain { return plain }
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

    /// The value of `[+-]digits[.digits]` with at most 15 digits and 22 decimals, nil for any
    /// other text (which ``number(_:)`` then reads the general way): almost every coordinate of
    /// a batch file, read without a `String`. Such a number is an integer below 2^53 over a
    /// power of ten below 2^76, both exact doubles, and IEEE division rounds their quotient
    /// correctly: the same double as parsing the text (Clinger's fast path).
    public static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        let n = bytes.count
        guard n > 0, let p = bytes.baseAddress else { return nil }
        let negative = p[0] == UInt8(ascii: "-")
        var i = negative || p[0] == UInt8(ascii: "+") ? 1 : 0
        // The digits before the point, then after it, each in a loop of its own: a batch reads
        // two numbers a line, and one loop that asked at every byte which part it was in, and
        // checked the count and the product for overflow, took ~25 instructions a digit. The
        // mantissa may wrap past 15 digits; the count refuses it then.
        var mantissa: UInt64 = 0
        let integerStart = i
        while i < n {
            let d = p[i] &- UInt8(ascii: "0")
            guard d < 10 else { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            i += 1
        }
        let integerDigits = i - integerStart
        var decimals = 0
        if i < n {
            guard p[i] == UInt8(ascii: ".") else { return nil }
            i += 1
            let fractionStart = i
            while i < n {
                let d = p[i] &- UInt8(ascii: "0")
                guard d < 10 else { return nil }
                mantissa = mantissa &* 10 &+ UInt64(d)
                i += 1
            }
            decimals = i - fractionStart
            guard decimals > 0 else { return nil }
        }
        guard integerDigits > 0, integerDigits + decimals <= 15 else { return nil }
        let value = Double(mantissa) / exactPowersOfTen[decimals]
        return negative ? -value : value
    }

    /// 10^0 through 10^22, each exact as a double.
    private static let exactPowersOfTen: [Double] = (0...22).map { n in (0..<n).reduce(1.0) { r, _ in r * 10 } }
}
