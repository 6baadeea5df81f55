/// The precision at which the travel record writes what the log measures — positions to
/// 1e-7 degrees (about a centimetre), altitudes and speeds to hundredths — and at which every
/// figure is derived from them. The log keeps each value as it was read; what reads it for a
/// figure (a trip's kilometres, a home's point, the flight rule) takes it at this precision, so
/// a log restored from its record derives the same figures, to the last bit.
///
/// ```swift
/// RecordPrecision.units(39.94089791, scale: 1e7)   // 399408979: the digits "%.7f" prints
/// RecordPrecision.degrees(39.94089791)             // 39.9408979, as the record reads back
/// ```
///
/// Pure functions; thread-safe.
public enum RecordPrecision {
    /// `value × scale` rounded to a whole number as `printf` rounds `value` at that many
    /// decimals: the exact binary value, half to even. `value * scale` is itself rounded, so its
    /// exact remainder (`fma`) decides a value that lies close to a half.
    public static func units(_ value: Double, scale: Double) -> Double {
        let product = value * scale
        let remainder = (-product).addingProduct(value, scale)              // exact: value × scale − product
        let nearest = product.rounded(.toNearestOrEven)
        let beyond = (product - nearest) + remainder                        // the exact value − nearest
        if beyond > 0.5 || (beyond == 0.5 && isOdd(nearest)) { return nearest + 1 }
        if beyond < -0.5 || (beyond == -0.5 && isOdd(nearest)) { return nearest - 1 }
        return nearest
    }

    /// Whether a whole number is odd, without `truncatingRemainder(dividingBy:)`: that is a call
    /// to `fmod`, which the compiler made for every value, half or not (2% of an import's
    /// worker time, by `perf`: few instructions, but slow ones). Every double from 2^53 up is even.
    @inline(__always) static func isOdd(_ whole: Double) -> Bool {
        abs(whole) < 0x1p53 && Int64(whole) & 1 != 0
    }

    /// A latitude or longitude as the record prints it and reads it back: the 7-decimal value,
    /// as the nearest double (a division by a power of ten is correctly rounded, as parsing is).
    public static func degrees(_ value: Double) -> Double { units(value, scale: 1e7) / 1e7 }

    /// An altitude (m) or speed (km/h) as the record prints it and reads it back.
    public static func hundredths(_ value: Double) -> Double { units(value, scale: 100) / 100 }
}
