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
        let digits = text.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
            .split(whereSeparator: { ":- T".contains($0) })
        let f = digits.prefix(6).compactMap { Int($0) }
        guard f.count == 6 else { return nil }
        guard (1...9999).contains(f[0]), (1...12).contains(f[1]), (1...31).contains(f[2]),
              (0...23).contains(f[3]), (0...59).contains(f[4]), (0...60).contains(f[5]) else { return nil }
        self.init(year: f[0], month: f[1], day: f[2], hour: f[3], minute: f[4], second: f[5],
                  utcOffsetSeconds: offset.flatMap(CaptureTime.parseOffset))
    }

    /// "+09:00", "-0530", "Z" into seconds east of UTC.
    public static func parseOffset(_ text: String) -> Int? {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines.union(.controlCharacters))
        if t == "Z" { return 0 }
        guard let sign = t.first, sign == "+" || sign == "-" else { return nil }
        let body = t.dropFirst().filter { $0 != ":" }
        guard body.count == 4, let hhmm = Int(body), hhmm / 100 <= 14, hhmm % 100 < 60 else { return nil }
        let seconds = (hhmm / 100) * 3600 + (hhmm % 100) * 60
        return sign == "-" ? -seconds : seconds
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
        return localAsUTC.map { $0.addingTimeInterval(TimeInterval(-offset)) }
    }

    /// The wall-clock fields read as if they were UTC: the basis of instant arithmetic.
    var localAsUTC: Date? {
        var c = DateComponents()
        (c.year, c.month, c.day, c.hour, c.minute, c.second) = (year, month, day, hour, minute, second)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        guard let date = calendar.date(from: c), calendar.component(.day, from: date) == day else { return nil }
        return date
    }
}
