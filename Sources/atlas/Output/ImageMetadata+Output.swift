import Foundation
import JSONWriter
import PhotoMetadata
import TravelLog

extension ImageMetadata {
    /// The `atlas inspect --json` object; `offsetSource` says where the offset of
    /// ``captureTime`` came from.
    func json(path: String, offsetSource: PhotoRecord.OffsetSource? = nil) -> JSONValue {
        .object([
            ("path", .string(path)),
            ("format", .string(format.rawValue)),
            ("latitude", .number(position?.latitude, digits: 7)),
            ("longitude", .number(position?.longitude, digits: 7)),
            ("altitude", .number(altitude, digits: 2)),
            ("position_source", .optional(positionSource?.rawValue)),
            ("taken_at", .optional(captureTime?.localISO8601)),
            ("offset", .optional(captureTime?.offsetText)),
            ("offset_source", .optional(offsetSource?.rawValue)),
            ("time_source", .optional(captureTimeSource?.rawValue)),
            ("gps_time_utc", .optional(gpsTimestamp.map(Timestamp.utc))),
            ("speed_kmh", .number(speedKmh, digits: 2)),
            ("make", .optional(make)),
            ("model", .optional(model)),
            ("width", pixelWidth.map(JSONValue.int) ?? .null),
            ("height", pixelHeight.map(JSONValue.int) ?? .null),
            ("gps_issue", .optional(gpsIssue?.description)),
            ("missing_gps_ref", position.map { .bool($0.missingReference) } ?? .null),
            ("error", .null),
        ])
    }

    /// One aligned line for people.
    func summaryLine(path: String, offsetSource: PhotoRecord.OffsetSource? = nil) -> String {
        let place = position.map { String(format: "%11.6f %11.6f", $0.latitude, $0.longitude) + (positionSource.map { " (\($0.rawValue))" } ?? "") }
            ?? "no position (\(gpsIssue?.description ?? "unknown"))"
        // Where an offset not written in the file came from: the GPS clock or the zone.
        let time = captureTime.map { $0.iso8601 + (offsetSource.map { $0 == .exif ? "" : " (\($0.rawValue))" } ?? "") } ?? "no capture time"
        let camera = cameraName ?? ""
        return [path, format.rawValue, place, time, camera].filter { !$0.isEmpty }.joined(separator: "  ")
    }
}

/// Fixed ISO 8601 renderings, independent of locale.
enum Timestamp {
    /// "2026-02-19T22:22:36Z", with fractional seconds only when present.
    static func utc(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
        let tenths = Int((Double(c.nanosecond!) / 1e8).rounded())
        if tenths > 0 && tenths < 10 { text += ".\(tenths)" }
        return text + "Z"
    }
}
