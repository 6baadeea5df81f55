import Foundation

/// One timed position of a location history: a Takeout record, a raw signal, an OwnTracks
/// fix, a point of a GeoJSON collection, a GPX track point, a timed point of an activity's path.
///
/// ```swift
/// HistoryPoint(instant: 1_556_704_800_123, latitude: 48.8566, longitude: 2.3522, accuracy: 12)
/// point.date   // 2019-05-01 10:00:00.123 UTC
/// ```
///
/// The instant is in milliseconds since 1970 UTC, the precision every format has at most, as an
/// integer: millions of them compare and subtract without rounding. `accuracy` is the radius
/// in metres the source claims, `speed` in metres per second, `elevation` in metres above sea
/// level; each is nil when the source says nothing. A value type; `Sendable`.
public struct HistoryPoint: Sendable, Equatable {
    public var instant: Int64
    public var latitude: Double
    public var longitude: Double
    public var accuracy: Double?
    public var speed: Double?
    public var elevation: Double?

    public init(instant: Int64, latitude: Double, longitude: Double, accuracy: Double? = nil, speed: Double? = nil, elevation: Double? = nil) {
        (self.instant, self.latitude, self.longitude) = (instant, latitude, longitude)
        (self.accuracy, self.speed, self.elevation) = (accuracy, speed, elevation)
    }

    public var date: Date { Date(timeIntervalSince1970: Double(instant) / 1000) }
    public var position: HistoryPosition { HistoryPosition(latitude: latitude, longitude: longitude) }
}
