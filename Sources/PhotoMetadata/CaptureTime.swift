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
        // Byte-level on purpose: this runs for every photo, and Foundation's string trimming
        // and calendars cost more than reading the file.
        var fields: [Int] = []
        var current = -1
        for byte in text.utf8 {
            if byte >= 0x30 && byte <= 0x39 {
                current = (current < 0 ? 0 : current * 10) + Int(byte - 0x30)
                if current > 99_999 { return nil }
            } else {
                if current >= 0 { fields.append(current); current = -1 }
                if fields.count == 6 { break }
                guard byte == 0x3A || byte == 0x2D || byte == 0x20 || byte == 0x54 || byte == 0 else { return nil }  // : - space T NUL
            }
        }
        if current >= 0 { fields.append(current) }
        guard fields.count >= 6 else { return nil }
        let f = fields
        guard (1...9999).contains(f[0]), (1...12).contains(f[1]), (1...Self.daysIn(month: f[1], year: f[0])).contains(f[2]),
              (0...23).contains(f[3]), (0...59).contains(f[4]), (0...60).contains(f[5]) else { return nil }
        self.init(year: f[0], month: f[1], day: f[2], hour: f[3], minute: f[4], second: f[5],
                  utcOffsetSeconds: offset.flatMap(CaptureTime.parseOffset))
    }

    /// "+09:00", "-0530", "Z" into seconds east of UTC.
    public static func parseOffset(_ text: String) -> Int? {
        let bytes = Array(text.utf8).filter { $0 != 0x20 && $0 != 0 }
        if bytes == [0x5A] { return 0 }  // "Z"
        guard let sign = bytes.first, sign == 0x2B || sign == 0x2D else { return nil }
        let digits = bytes.dropFirst().filter { $0 != 0x3A }
        guard digits.count == 4, digits.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        let d = digits.map { Int($0 - 0x30) }
        let (hours, minutes) = (d[0] * 10 + d[1], d[2] * 10 + d[3])
        guard hours <= 14, minutes < 60 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return sign == 0x2D ? -seconds : seconds
    }

    static func daysIn(month: Int, year: Int) -> Int {
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
    static func daysFromCivil(_ year: Int, _ month: Int, _ day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }
}
