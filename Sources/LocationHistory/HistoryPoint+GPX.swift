import Foundation
import PhotoMetadata

/// GPX track points in the history model, so a track and a location history are one kind of
/// data to whoever stores them.
///
/// ```swift
/// let points = try GPXTrack.read(data, path: path).points.map(HistoryPoint.init)
/// ```
extension HistoryPoint {
    public init(_ point: GPXTrack.Point) {
        // GPX times are read to the millisecond at most (ISO 8601 with a fraction).
        let instant = Int64((point.time.timeIntervalSince1970 * 1000).rounded())
        self.init(instant: instant, latitude: point.latitude, longitude: point.longitude, elevation: point.elevation)
    }

    /// The same point as a GPX track point (the accuracy and speed, which GPX 1.1 has no element for, are dropped).
    public var gpxPoint: GPXTrack.Point {
        GPXTrack.Point(time: date, latitude: latitude, longitude: longitude, elevation: elevation)
    }
}
