import Foundation
import PhotoMetadata
import TravelLog

/// The UTC offset of a capture time and where it came from: the file's own offset tag, else
/// the GPS clock against the camera clock when the zone at the position had that offset on that
/// date, else the time zone the photo resolved to.
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
        let zone = timeZone().flatMap(TimeZone.init(identifier:))
        if let gps = gpsTime.flatMap({ gpsOffset(of: time, gpsTime: $0) }) { return checked(gpsOffset: gps, of: time, in: zone) }
        guard let zone else { return nil }
        return (zoneOffset(of: time, in: zone), .timezone)
    }

    /// The capture time of `metadata` as the travel log records it for a place in `timeZone`
    /// (nil: no place), with its offset when one is known, and where the offset came from (nil
    /// when there is none): what `atlas import` stores and `atlas inspect` shows.
    public static func logged(_ metadata: ImageMetadata, timeZone: String?) -> (time: CaptureTime, source: PhotoRecord.OffsetSource?)? {
        guard let time = metadata.captureTime else { return nil }
        if let shown = localTime(of: time, source: metadata.captureTimeSource, inZone: timeZone) { return (shown, .timezone) }
        guard let offset = derive(time: time, gpsTime: metadata.gpsTimestamp, timeZone: timeZone) else { return (time, nil) }
        return (time.withOffset(offset.seconds), offset.source)
    }

    /// A movie header's or Takeout's time is an instant in UTC, not the camera's clock: the
    /// day it was taken is the day at the place, in the place's zone. Nil for any other time,
    /// or without a place.
    static func localTime(of time: CaptureTime?, source: ImageMetadata.TimeSource?, inZone identifier: String?) -> CaptureTime? {
        guard source?.isUTCInstant == true, let time, let zone = identifier.flatMap(TimeZone.init(identifier:)) else { return nil }
        return wallClock(time, in: zone)
    }

    /// A GPS clock's offset, kept when the zone at the position had it on the photo's local
    /// date; otherwise the zone's own offset, as ``PhotoRecord/OffsetSource/timezoneOverGPS``.
    /// Cameras whose clock drifted or was set to another zone make GPS differences no zone has
    /// (−00:15 in Tokyo, +02:00 in Santa Monica), and a UTC time from one would misplace the
    /// photo among its neighbours. Without a zone there is nothing to check against.
    public static func checked(gpsOffset: Int, of time: CaptureTime, in zone: TimeZone?) -> (seconds: Int, source: PhotoRecord.OffsetSource) {
        guard let zone, !zone.offsets(onDateOf: time).contains(gpsOffset) else { return (gpsOffset, .gps) }
        return (zoneOffset(of: time, in: zone), .timezoneOverGPS)
    }

    /// Camera clock minus GPS clock, rounded to 15 minutes: the GPS fix and the shutter are
    /// seconds apart, and every real offset is a multiple of 15 minutes (Nepal, Chatham). Nil
    /// for clocks too far apart to be an offset.
    static func gpsOffset(of time: CaptureTime, gpsTime: Date) -> Int? {
        let difference = time.localAsUTC.timeIntervalSince(gpsTime)
        let rounded = Int((difference / 900).rounded()) * 900
        return abs(rounded) <= largestOffsetSeconds ? rounded : nil
    }

    /// The offset in force at a wall-clock time: guess with the local time read as UTC, then
    /// correct once (enough away from the hour a clock changes).
    static func zoneOffset(of time: CaptureTime, in zone: TimeZone) -> Int {
        let guess = zone.secondsFromGMT(for: time.localAsUTC)
        return zone.secondsFromGMT(for: time.localAsUTC.addingTimeInterval(TimeInterval(-guess)))
    }

    /// The wall clock in `zone` of the instant `time` stands for (a time with its UTC offset),
    /// with that zone's offset then.
    static func wallClock(_ time: CaptureTime, in zone: TimeZone) -> CaptureTime? {
        guard let instant = time.instant else { return nil }
        return CaptureTime(instant: instant, offsetSeconds: zone.secondsFromGMT(for: instant))
    }
}
