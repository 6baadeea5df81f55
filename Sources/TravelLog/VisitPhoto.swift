import Gazetteer

/// One photo as the visit rules see it: when (local date and time, UTC offset), where (position,
/// altitude, speed) and the place snapshot (a hand-set place on top), with its verdict.
///
/// ```swift
/// try log.forEachDay { date, photos in
///     print(date ?? "undated", photos.filter { $0.status == .flight }.map(\.path))
/// }
/// ```
///
/// A value type; `Sendable`.
@dynamicMemberLookup
public struct VisitPhoto: Sendable, Equatable {
    /// Why a photo does or does not place its owner somewhere (``VisitRules``).
    public enum Status: String, Sendable, Equatable, CaseIterable {
        /// Counts: it has a country and was not taken in flight or in transit.
        case visit
        /// Above 9,000 m (higher than any summit) or faster than 250 km/h.
        case flight
        /// Every photo of that day in that country was taken at an airport.
        case transit
        /// No country (international waters, no position): no visit.
        case unplaced
    }

    public typealias Link = PlaceLink

    public var path: String
    /// `YYYY-MM-DDTHH:MM:SS`, the camera's wall clock.
    public var takenLocal: String?
    public var utcOffsetSeconds: Int?
    public var latitude: Double?
    public var longitude: Double?
    public var altitude: Double?
    public var speedKmh: Double?
    /// The place snapshot, from the continent down to the district (the neighbourhood of the
    /// city, when the snapshot has one) and the airport; read by name (`photo.city`).
    public var places = PlaceLineage<Link>()
    /// `land`, `territorial`, `international`.
    public var waters: String?
    public var gazetteerVersion: String?
    /// ``PhotoRecord/positionSource``.
    public var positionSource: String?
    /// The place was set by hand: the user's word, never flight or transit.
    public var isHandSet = false
    public var status: Status = .unplaced

    public init(path: String) { self.path = path }

    /// A level by name: `photo.country`.
    @inlinable
    public subscript(dynamicMember level: WritableKeyPath<PlaceLineage<Link>, Link?>) -> Link? {
        get { places[keyPath: level] }
        set { places[keyPath: level] = newValue }
    }

    /// The local date `YYYY-MM-DD`: what "a day" means everywhere in the passport.
    public var localDate: String? { takenLocal.map { String($0.prefix(10)) } }

    /// Above any summit, or faster than any car: never altitude alone below 9,000 m (La Paz, Lhasa).
    public var isInFlight: Bool {
        !isHandSet && ((altitude ?? 0) > VisitRules.flightAltitudeMeters || (speedKmh ?? 0) > VisitRules.flightSpeedKmh)
    }
}
