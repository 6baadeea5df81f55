import PhotoMetadata
/// ISO 8601 / RFC 3339 instants read from bytes, by hand: `2019-05-01T10:00:00Z`,
/// `2019-05-01T10:00:00.123Z`, `2024-05-01T08:00:00.000+02:00` (`+0200` and `+02` too, `T` or a
/// space between date and time). Millions of them go by in a Records.json, and Foundation's
/// formatters cost microseconds each.
///
/// ```swift
/// ISOInstant.milliseconds(of: text)   // 1556704800123 for "2019-05-01T10:00:00.123Z"
/// ```
///
/// A time without `Z` or an offset is nil: a wall clock somewhere is no instant. Digits of a
/// fraction beyond the millisecond are dropped (truncated, as the formats' own readers do).
/// Pure; thread-safe.
enum ISOInstant {
    static func milliseconds(of t: JSONText) -> Int64? {
        let n = t.count
        guard n >= 20 else { return nil }
        func two(_ i: Int) -> Int? {
            let a = t[i] &- 0x30, b = t[i + 1] &- 0x30
            return a < 10 && b < 10 ? Int(a) * 10 + Int(b) : nil
        }
        guard let y1 = two(0), let y2 = two(2), t[4] == 0x2D, let month = two(5), t[7] == 0x2D, let day = two(8),
              t[10] == 0x54 || t[10] == 0x20 || t[10] == 0x74,
              let hour = two(11), t[13] == 0x3A, let minute = two(14), t[16] == 0x3A, let second = two(17)
        else { return nil }
        let year = y1 * 100 + y2
        var i = 19
        var millis = 0
        if t[i] == 0x2E || t[i] == 0x2C {
            i += 1
            let s = i
            while i < n, t[i] &- 0x30 < 10 {
                if i - s < 3 { millis = millis * 10 + Int(t[i] - 0x30) }
                i += 1
            }
            guard i > s else { return nil }
            for _ in min(i - s, 3)..<3 { millis *= 10 }
        }
        guard i < n else { return nil }
        var offset = 0
        switch t[i] {
        case 0x5A, 0x7A:
            i += 1
        case 0x2B, 0x2D:
            let sign = t[i] == 0x2D ? -1 : 1
            guard i + 3 <= n, let h = two(i + 1), h <= 23 else { return nil }
            i += 3
            var m = 0
            if i < n, t[i] == 0x3A { i += 1 }
            if i + 2 <= n {
                guard let mm = two(i), mm <= 59 else { return nil }
                (m, i) = (mm, i + 2)
            }
            offset = sign * (h * 60 + m)
        default:
            return nil
        }
        guard i == n, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
              hour <= 23, minute <= 59, second <= 60 else { return nil }
        let days = CaptureTime.daysFromCivil(year, month, day)
        let seconds = Int64(days) * 86_400 + Int64(hour * 3_600 + minute * 60 + second - offset * 60)
        return seconds * 1_000 + Int64(millis)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
