import Foundation
import JSONWriter
import PhotoMetadata

extension GPXTrack {
    /// The `atlas inspect --json` object of a track.
    func json(path: String) -> JSONValue {
        .object([
            ("path", .string(path)),
            ("format", .string("gpx")),
            ("points", .int(points.count)),
            ("first_time_utc", .optional(points.first.map { Timestamp.utc($0.time) })),
            ("last_time_utc", .optional(points.last.map { Timestamp.utc($0.time) })),
            ("error", .null),
        ])
    }

    /// One aligned line for people: "walk.gpx  gpx  61 points  2024-05-10T09:00:00Z – 2024-05-10T10:00:00Z".
    func summaryLine(path: String) -> String {
        let span = points.first.map { "\(Timestamp.utc($0.time)) – \(Timestamp.utc(points.last!.time))" } ?? "no timed points"
        return "\(path)  gpx  \(points.count) point\(points.count == 1 ? "" : "s")  \(span)"
    }
}
