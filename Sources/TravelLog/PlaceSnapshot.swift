import Gazetteer

/// The place of a photo as the travel log stores it: the continent, country, region, city,
/// district and airport (identifier and name, with the code and distance the `photos` table has
/// columns for), what lies under the coordinate, how sure the answer was, and the gazetteer
/// version that gave it. A denormalised copy, so a row stays readable whatever later gazetteers
/// rename or drop; the log's own type, so the storage layer does not depend on the resolver
/// (the Importer makes one from a resolved chain).
///
/// ```swift
/// var place = PlaceSnapshot(coordinate: GeoCoordinate(latitude: 45.76, longitude: 4.83), waters: .land, gazetteerVersion: "2026.11.1")
/// place.country = .init(id: PlaceID("country:FR")!, name: "France", code: "FRA")
/// place.city = .init(id: PlaceID("city:2996944")!, name: "Lyon", distanceKm: 1.25)
/// record.place = place
/// ```
///
/// Its levels are a ``PlaceLineage`` (``places``), read and written by name through it
/// (`place.city`) or by kind (`place.places[.city]`). A value type; `Sendable`.
@dynamicMemberLookup
public struct PlaceSnapshot: Sendable, Equatable {
    /// One level of the snapshot. The table keeps a code for the country (ISO alpha-3), the region
    /// (ISO 3166-2) and the airport (ICAO), and a distance for the city, the district and the
    /// airport; a code or distance set on another level is not stored.
    public struct Link: Sendable, Equatable {
        public var id: PlaceID
        public var name: String
        public var code: String?
        /// Distance from the coordinate, km.
        public var distanceKm: Double?

        public init(id: PlaceID, name: String, code: String? = nil, distanceKm: Double? = nil) {
            self.id = id
            self.name = name
            self.code = code
            self.distanceKm = distanceKm
        }

        /// Whether the `photos` table keeps a code for a place of `kind` (``PlaceKind/codeName``).
        public static func keepsCode(_ kind: PlaceKind) -> Bool { kind.codeName != nil }

        /// Whether it keeps the distance from the photo: for the places found by nearness.
        public static func keepsDistance(_ kind: PlaceKind) -> Bool { kind.isFoundByNearness }
    }

    /// The photo's position (the row's latitude and longitude).
    public var coordinate: GeoCoordinate
    /// The continent, country, region, city (the municipality a traveller names, also when the
    /// point lies in one of its districts), district (its neighbourhood, ward or borough nearest
    /// to the point) and airport.
    public var places = PlaceLineage<Link>()
    public var waters: Waters
    /// Distance to the nearest region or country border, when it was under 5 km.
    public var borderKm: Double?
    /// The boundary quality of the region (or country) that decided the answer.
    public var boundaryQuality: String?
    /// The nearest city without the containment constraint lay in another region or country.
    public var nearestCityElsewhere: Bool
    /// The version of the gazetteer that gave the answer.
    public var gazetteerVersion: String

    public init(coordinate: GeoCoordinate, waters: Waters, gazetteerVersion: String) {
        self.coordinate = coordinate
        self.waters = waters
        self.gazetteerVersion = gazetteerVersion
        nearestCityElsewhere = false
    }

    /// A level by name: `place.country`.
    @inlinable
    public subscript(dynamicMember level: WritableKeyPath<PlaceLineage<Link>, Link?>) -> Link? {
        get { places[keyPath: level] }
        set { places[keyPath: level] = newValue }
    }
}
