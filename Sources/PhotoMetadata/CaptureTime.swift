import Foundation

/// A capture time as the camera wrote it: a local wall-clock date and time, with the UTC
/// offset when the file records one (OffsetTimeOriginal).
///
/// ```swift
/// let t = CaptureTime(exif: "2019:04:03 10:21:07", offset: "+09:00")!
/// t.iso8601        // "2019-04-03T10:21:07+09:00"
/// ```
public struct CaptureTime: Sendable, Equatable, Hashable, Codable {
    public let year: Int, month: Int, day: Int
    public let hour: Int, minute: Int, second: Int
    /// Seconds east of UTC, when known.
    public let utcOffsetSeconds: Int?

    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, utcOffsetSeconds: Int? = nil) {
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second) = (hour, minute, second)
        self.utcOffsetSeconds = utcOffsetSeconds
    }

    /// Parses an Exif date-time ("YYYY:MM:DD HH:MM:SS"; dashes accepted in the date) and an
    /// optional offset ("+09:00"). Blank or impossible dates give nil.
    public init?(exif text: String, offset: String? = nil) {
        guard let f = Self.fields(text.utf8, count: 6) else { return nil }
        self.init(year: f.0, month: f.1, day: f.2, hour: f.3, minute: f.4, second: f.5,
                  utcOffsetSeconds: offset.flatMap(CaptureTime.parseOffset))
    }

    /// Parses an ISO 8601 date-time and its offset as videos and XMP hold them:
    /// QuickTime's `com.apple.quicktime.creationdate` ("2024-07-02T09:30:00-0500"), XMP's
    /// dates ("2024-05-01T10:00:00+01:00", "2020-02-29T08:15": seconds are optional),
    /// "2024-07-02T14:30:00Z". Fractions of a second are dropped; without an offset the time is
    /// local with none known. Surrounding spaces and NULs are ignored.
    public init?(iso8601 text: String) {
        // Read in the string's own bytes: two arrays and a string of the clock made for each
        // were most of an XMP sidecar's capture time.
        var text = text
        guard let (fields, offset) = text.withUTF8(Self.iso8601) else { return nil }
        self.init(year: fields.0, month: fields.1, day: fields.2, hour: fields.3, minute: fields.4, second: fields.5, utcOffsetSeconds: offset)
    }

    /// The fields and the offset, if any, of ``init(iso8601:)``'s text.
    private static func iso8601(_ text: UnsafeBufferPointer<UInt8>) -> ((Int, Int, Int, Int, Int, Int), Int?)? {
        var (lower, upper) = (0, text.count)
        while lower < upper, text[lower] == 0x20 || text[lower] == 0x09 || text[lower] == 0x0A || text[lower] == 0x0D { lower += 1 }
        while upper > lower, text[upper - 1] == 0x20 || text[upper - 1] == 0x09 || text[upper - 1] == 0x0A || text[upper - 1] == 0x0D || text[upper - 1] == 0 { upper -= 1 }
        let bytes = UnsafeBufferPointer(rebasing: text[lower..<upper])
        // "YYYY-MM-DDTHH:MM", then ":SS" when there are seconds; a fraction and the offset follow.
        guard bytes.count >= 16, bytes[10] == 0x54 || bytes[10] == 0x20, bytes[13] == 0x3A else { return nil }
        let hasSeconds = bytes.count >= 19 && bytes[16] == 0x3A
        guard let fields = hasSeconds ? Self.fields(bytes[..<19], count: 6) : Self.fields(bytes[..<16] + Array(":00".utf8), count: 6) else { return nil }
        var rest = bytes[(hasSeconds ? 19 : 16)...]
        if rest.first == 0x2E { rest = rest.dropFirst().drop(while: { $0 >= 0x30 && $0 <= 0x39 }) }
        guard !rest.isEmpty else { return (fields, nil) }
        guard let seconds = Self.parseOffset(String(decoding: rest, as: UTF8.self)) else { return nil }
        return (fields, seconds)
    }

    /// A UTC instant in seconds since 1970, as a capture time at offset +00:00: the wall clock
    /// where it was taken is unknown. Nil before 1904 (the epoch of QuickTime and MP4 times, so
    /// no video's) or after 9999.
    init?(utcSecondsSince1970 seconds: Int64) {
        guard seconds >= -2_082_844_800, seconds < 253_402_300_800 else { return nil }
        let c = Self.utc.dateComponents([.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: TimeInterval(seconds)))
        guard let year = c.year, let month = c.month, let day = c.day, let hour = c.hour, let minute = c.minute, let second = c.second else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second, utcOffsetSeconds: 0)
    }

    /// Read once per video without a creation date, where a calendar costs nothing next to the file.
    private static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// The day of an Exif date ("YYYY:MM:DD"), as the wall clock's midnight read as UTC: the
    /// start of a GPS date stamp.
    static func midnight(exifDate text: String) -> Date? {
        guard let f = fields(text.utf8, count: 3) else { return nil }
        return CaptureTime(year: f.0, month: f.1, day: f.2, hour: 0, minute: 0, second: 0).localAsUTC
    }

    /// Year, month, day, hour, minute, second from the first `count` (3 or 6) decimal fields,
    /// checked for range; the rest are 0. Byte-level and without allocating: this runs for
    /// every photo, and Foundation's string trimming and calendars cost more than reading the
    /// file.
    private static func fields(_ bytes: some Sequence<UInt8>, count: Int) -> (Int, Int, Int, Int, Int, Int)? {
        var f = (0, 0, 0, 0, 0, 0)
        var found = 0
        var current = -1
        func store() {
            switch found {
            case 0: f.0 = current
            case 1: f.1 = current
            case 2: f.2 = current
            case 3: f.3 = current
            case 4: f.4 = current
            default: f.5 = current
            }
            found += 1
            current = -1
        }
        for byte in bytes {
            if byte >= 0x30 && byte <= 0x39 {
                current = (current < 0 ? 0 : current * 10) + Int(byte - 0x30)
                if current > 99_999 { return nil }
            } else {
                if current >= 0 { store() }
                if found == count { break }
                guard byte == 0x3A || byte == 0x2D || byte == 0x20 || byte == 0x54 || byte == 0 else { return nil }  // : - space T NUL
            }
        }
        if current >= 0 && found < count { store() }
        guard found >= count, (1...9999).contains(f.0), (1...12).contains(f.1), (1...Self.daysIn(month: f.1, year: f.0)).contains(f.2),
              (0...23).contains(f.3), (0...59).contains(f.4), (0...60).contains(f.5) else { return nil }
        return f
    }

    /// "+09:00", "-0530", "Z" into seconds east of UTC (spaces and NULs ignored).
    public static func parseOffset(_ text: String) -> Int? {
        var sign: UInt8 = 0
        var digits = 0, value = 0
        for byte in text.utf8 where byte != 0x20 && byte != 0 {
            if sign == 0 {
                guard byte == 0x2B || byte == 0x2D || byte == 0x5A else { return nil }
                sign = byte
            } else if sign == 0x5A {
                return nil  // "Z" followed by anything
            } else if byte >= 0x30 && byte <= 0x39 {
                digits += 1
                value = value * 10 + Int(byte - 0x30)
            } else if byte != 0x3A {
                return nil
            }
        }
        if sign == 0x5A { return 0 }
        guard sign != 0, digits == 4 else { return nil }
        let (hours, minutes) = (value / 100, value % 100)
        guard hours <= 14, minutes < 60 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return sign == 0x2D ? -seconds : seconds
    }

    /// The days of `month` in `year` of the proleptic Gregorian calendar.
    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// "2019-04-03T10:21:07", without the offset.
    public var localISO8601: String {
        String(format: "%04d-%02d-%02dT%02d:%02d:%02d", year, month, day, hour, minute, second)
    }

    /// The local time with its offset when known ("2019-04-03T10:21:07+09:00").
    public var iso8601: String { localISO8601 + (offsetText ?? "") }

    /// "+09:00", or nil when the offset is unknown.
    public var offsetText: String? {
        guard let s = utcOffsetSeconds else { return nil }
        let a = abs(s)
        return String(format: "%@%02d:%02d", s < 0 ? "-" : "+", a / 3600, (a % 3600) / 60)
    }

    /// The UTC instant, when the offset is known.
    public var instant: Date? {
        guard let offset = utcOffsetSeconds else { return nil }
        return localAsUTC.addingTimeInterval(TimeInterval(-offset))
    }

    /// The wall-clock fields read as if they were UTC: the basis of instant arithmetic.
    public var localAsUTC: Date {
        Date(timeIntervalSince1970: TimeInterval(Self.daysFromCivil(year, month, day) * 86_400 + hour * 3600 + minute * 60 + second))
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    public static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The wall clock at `offsetSeconds` from UTC of an instant, with that offset; nil outside
    /// the years 1–9999.
    ///
    /// ```swift
    /// CaptureTime(instant: Date(timeIntervalSince1970: 0), offsetSeconds: 3600)?.iso8601   // "1970-01-01T01:00:00+01:00"
    /// ```
    public init?(instant: Date, offsetSeconds: Int) {
        let seconds = instant.timeIntervalSince1970.rounded(.down) + Double(offsetSeconds)
        guard seconds.isFinite, abs(seconds) < 3e11 else { return nil }
        let total = Int(seconds)
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        let inDay = total - days * 86_400
        let (year, month, day) = Self.civil(fromDays: days)
        guard (1...9999).contains(year) else { return nil }
        self.init(year: year, month: month, day: day, hour: inDay / 3600, minute: inDay % 3600 / 60, second: inDay % 60, utcOffsetSeconds: offsetSeconds)
    }

    /// The proleptic Gregorian date `days` after 1970-01-01 (Howard Hinnant's civil_from_days),
    /// the inverse of `daysFromCivil`.
    public static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, doy - (153 * mp + 2) / 5 + 1)
    }

    /// The same wall clock at another offset (or none).
    public func withOffset(_ seconds: Int?) -> CaptureTime {
        CaptureTime(year: year, month: month, day: day, hour: hour, minute: minute, second: second, utcOffsetSeconds: seconds)
    }
}
