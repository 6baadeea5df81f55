/// A position on the Earth in degrees (WGS 84), as a location history gives it: a visit's place,
/// an activity's ends, a waypoint without a time.
///
/// ```swift
/// let paris = HistoryPosition(latitude: 48.8566, longitude: 2.3522)
/// ```
///
/// Readers make one only within ±90° and ±180°. A value type; `Sendable`.
public struct HistoryPosition: Sendable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        (self.latitude, self.longitude) = (latitude, longitude)
    }

    /// Whether both are finite and within ±90° / ±180°.
    var isValid: Bool { abs(latitude) <= 90 && abs(longitude) <= 180 }
}
