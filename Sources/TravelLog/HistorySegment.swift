/// A span of a location history that says more than its points: a stay at a place (Google's
/// `placeVisit`, the phones' `visit` segments), a flight (an activity of type `FLYING`), or the
/// place the file labels as its owner's home (`userLocationProfile.frequentPlaces`, `HOME`).
///
/// ```swift
/// let stay = HistorySegment(kind: .visit, start: t0, end: t1, latitude: 48.8566, longitude: 2.3522)
/// let flight = HistorySegment(kind: .flight, start: t1, end: t2)
/// ```
///
/// Instants in milliseconds since 1970 UTC; a visit and a home have a position, a flight need
/// not. A home has no time of its own: its instants are the file's last, when the label held.
/// A value type; `Sendable`.
public struct HistorySegment: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case visit, flight
        /// Evidence of a home, shown by `atlas home`, never a home by itself.
        case home
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
