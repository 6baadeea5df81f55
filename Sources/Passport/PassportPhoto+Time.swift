import Foundation

extension PassportPhoto {
    /// The capture time in UTC, `YYYY-MM-DDTHH:MM:SSZ`, when the offset is known.
    public var utcText: String? {
        guard let local = takenLocal, let offset = utcOffsetSeconds else { return nil }
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(secondsFromGMT: 0)
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        guard let date = f.date(from: local) else { return nil }
        return f.string(from: date.addingTimeInterval(TimeInterval(-offset))) + "Z"
    }
}
