/// A span of a location history that says more than its points: a stay at a place (Google's
/// `placeVisit`, the phones' `visit` segments) or a flight (an activity of type `FLYING`).
///
/// ```swift
/// let stay = HistorySegment(kind: .visit, start: t0, end: t1, latitude: 48.8566, longitude: 2.3522)
/// let flight = HistorySegment(kind: .flight, start: t1, end: t2)
/// ```
///
/// Instants in milliseconds since 1970 UTC; a visit has a position, a flight need not. A value
/// type; `Sendable`.
public struct HistorySegment: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case visit, flight
    }

    public var kind: Kind
    public var start: Int64
    public var end: Int64
    public var latitude: Double?
    public var longitude: Double?

    public init(kind: Kind, start: Int64, end: Int64, latitude: Double? = nil, longitude: Double? = nil) {
        (self.kind, self.start, self.end, self.latitude, self.longitude) = (kind, start, end, latitude, longitude)
    }
}
