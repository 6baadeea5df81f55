extension PassportPhoto {
    /// The capture time in UTC, `YYYY-MM-DDTHH:MM:SSZ`, when the offset is known. Computed with
    /// civil-calendar arithmetic rather than a `DateFormatter`, which costs more than the rest of
    /// an export when made once per photo.
    public var utcText: String? {
        guard let local = takenLocal, let offset = utcOffsetSeconds, let seconds = Self.epochSeconds(local) else { return nil }
        return Self.text(seconds - offset) + "Z"
    }

    /// Seconds since 1970-01-01T00:00:00 of a `YYYY-MM-DDTHH:MM:SS` wall-clock time.
    static func epochSeconds(_ text: String) -> Int? {
        let u = Array(text.utf8)
        guard u.count >= 19 else { return nil }
        func n(_ from: Int, _ count: Int) -> Int? {
            var v = 0
            for b in u[from..<from + count] { guard (48...57).contains(b) else { return nil }; v = v * 10 + Int(b - 48) }
            return v
        }
        guard let y = n(0, 4), let m = n(5, 2), let d = n(8, 2), let h = n(11, 2), let mi = n(14, 2), let s = n(17, 2),
              (1...12).contains(m), (1...31).contains(d) else { return nil }
        // Howard Hinnant's days_from_civil.
        let yy = m <= 2 ? y - 1 : y
        let era = (yy >= 0 ? yy : yy - 399) / 400
        let yoe = yy - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return (era * 146_097 + doe - 719_468) * 86_400 + h * 3_600 + mi * 60 + s
    }

    /// `YYYY-MM-DDTHH:MM:SS` of seconds since 1970 (civil_from_days).
    static func text(_ seconds: Int) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        let y = yoe + era * 400 + (m <= 2 ? 1 : 0)
        func pad(_ v: Int, _ width: Int) -> String { let s = String(v); return String(repeating: "0", count: max(0, width - s.count)) + s }
        return "\(pad(y, 4))-\(pad(m, 2))-\(pad(d, 2))T\(pad(rest / 3_600, 2)):\(pad(rest % 3_600 / 60, 2)):\(pad(rest % 60, 2))"
    }
}
