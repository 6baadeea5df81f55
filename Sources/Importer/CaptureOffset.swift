import Foundation
import PhotoMetadata
import TravelLog

/// The UTC offset of a capture time and where it came from: the file's own offset tag, else
/// the GPS clock against the camera clock, else the time zone of the city the photo resolved to.
///
/// ```swift
/// CaptureOffset.derive(time: t, gpsTime: nil, timeZone: "Asia/Tokyo")   // (32400, .timezone)
/// ```
public enum CaptureOffset {
    /// GPS and camera clocks further apart than this are not an offset but a wrong clock.
    static let largestOffsetSeconds = 14 * 3600

    public static func derive(time: CaptureTime?, gpsTime: Date?, timeZone: @autoclosure () -> String?) -> (seconds: Int, source: PhotoRecord.OffsetSource)? {
        guard let time else { return nil }
        if let exif = time.utcOffsetSeconds { return (exif, .exif) }
        if let gpsTime {
            // Rounded to 15 minutes: the GPS fix and the shutter are seconds apart, and every
            // real offset is a multiple of 15 minutes (Nepal, Chatham).
            let difference = time.localAsUTC.timeIntervalSince(gpsTime)
            let rounded = Int((difference / 900).rounded()) * 900
            if abs(rounded) <= largestOffsetSeconds { return (rounded, .gps) }
        }
        if let identifier = timeZone(), let zone = TimeZone(identifier: identifier) {
            // The offset in force at that wall-clock time: guess with the local time read as
            // UTC, then correct once (enough away from the hour a clock changes).
            let guess = zone.secondsFromGMT(for: time.localAsUTC)
            return (zone.secondsFromGMT(for: time.localAsUTC.addingTimeInterval(TimeInterval(-guess))), .timezone)
        }
        return nil
    }

    /// The wall clock in `zone` of the instant `time` stands for (a time with its UTC offset),
    /// with that zone's offset then.
    static func wallClock(_ time: CaptureTime, in zone: TimeZone) -> CaptureTime? {
        guard let instant = time.instant else { return nil }
        return CaptureTime(instant: instant, offsetSeconds: zone.secondsFromGMT(for: instant))
    }
}
