import PhotoMetadata

extension VisitPhoto {
    /// The capture time in UTC, `YYYY-MM-DDTHH:MM:SSZ`, when the offset is known. Computed with
    /// civil-calendar arithmetic rather than a `DateFormatter`, which costs more than the rest of
    /// an export when made once per photo.
    /// An offset beyond ±18 h (a damaged log, whatever wrote it) gives no UTC time rather than
    /// a trap or a nonsense date.
    public var utcText: String? {
        guard let local = takenLocal, let offset = utcOffsetSeconds, abs(offset) <= Self.maximumOffsetSeconds,
              let seconds = Self.epochSeconds(local) else { return nil }
        return Self.text(seconds - offset, zulu: true)
    }

    /// The widest UTC offset a clock can show: ±18 hours (ISO 8601, and what `atlas import-record` accepts).
    public static let maximumOffsetSeconds = 18 * 3_600

    /// Seconds since 1970-01-01T00:00:00 of a `YYYY-MM-DDTHH:MM:SS` wall-clock time, through the
    /// metadata reader's own byte-level parser and calendar arithmetic.
    public static func epochSeconds(_ text: String) -> Int? {
        // Most times are exactly the 19 bytes: parsed as they are, not copied into a new string.
        let count = text.utf8.count
        guard count >= 19, let time = CaptureTime(exif: count == 19 ? text : String(text.prefix(19))) else { return nil }
        return Int(time.localAsUTC.timeIntervalSince1970)
    }

    /// `YYYY-MM-DDTHH:MM:SS` of seconds since 1970.
    public static func text(_ seconds: Int) -> String { text(seconds, zulu: false) }

    /// The same, with `Z` after it when `zulu`: one string made, not two joined.
    static func text(_ seconds: Int, zulu: Bool) -> String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let rest = seconds - days * 86_400
        let (y, m, d) = CaptureTime.civil(fromDays: days)
        // Digits into a byte buffer: an export formats a million of these.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(24)
        func put(_ value: Int, _ width: Int) {
            guard value >= 0 else {
                // Zeros before the sign, as ever: no time the log can hold comes here.
                let text = Array(String(value).utf8)
                bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, width - text.count)))
                return bytes.append(contentsOf: text)
            }
            var divisor = 1, digits = 1
            while digits < width || value / divisor >= 10 { divisor *= 10; digits += 1 }
            while divisor > 0 { bytes.append(UInt8(ascii: "0") + UInt8(value / divisor % 10)); divisor /= 10 }
        }
        put(y, 4); bytes.append(UInt8(ascii: "-")); put(m, 2); bytes.append(UInt8(ascii: "-")); put(d, 2)
        bytes.append(UInt8(ascii: "T")); put(rest / 3_600, 2); bytes.append(UInt8(ascii: ":")); put(rest % 3_600 / 60, 2)
        bytes.append(UInt8(ascii: ":")); put(rest % 60, 2)
        if zulu { bytes.append(UInt8(ascii: "Z")) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
