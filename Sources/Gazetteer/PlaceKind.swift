/// The levels of the place hierarchy, from largest to smallest; airports hang off a country
/// and region.
///
/// A `subregion` is the second level of a country's divisions, GeoNames' admin-2 unit inside
/// its region: a US county (`subregion:US.CA.037`, Los Angeles County), a French département
/// (`subregion:FR.84.69`, Rhône), an Italian or Spanish province. A `city` is the municipality, town or village a traveller names (Rome, Tokyo, Lyon); a
/// `district` is a neighbourhood, arrondissement, ward or borough inside one (Campitelli,
/// Shibuya, Lyon 05), and always belongs to its city.
public enum PlaceKind: String, Sendable, CaseIterable, Codable, Comparable {
    case continent, country, region, subregion, city, district, airport

    /// The order of the hierarchy: continent < country < region < subregion < city < district < airport.
    /// Also its place in ``allCases``: the index of its link in a lineage, read for every row
    /// of a passport.
    @inlinable
    public var rank: Int {
        switch self {
        case .continent: 0
        case .country: 1
        case .region: 2
        case .subregion: 3
        case .city: 4
        case .district: 5
        case .airport: 6
        }
    }

    public static func < (a: PlaceKind, b: PlaceKind) -> Bool { a.rank < b.rank }

    /// ``allCases``, made once: the synthesized property builds a new array at every call, and
    /// a lineage is walked kind by kind for every row a passport reads.
    public static let levels = allCases

    /// The kinds above a place of this kind that it is listed with, from the continent down: a
    /// country its continent; a region also its country; a subregion, city, district or airport
    /// also its region; a district also its city. The one statement of the rule: visits take these
    /// parents, and listings write them.
    public var parentKinds: [PlaceKind] {
        switch self {
        case .continent: []
        case .country: [.continent]
        case .region: [.continent, .country]
        case .subregion, .city, .airport: [.continent, .country, .region]
        case .district: [.continent, .country, .region, .city]
        }
    }

    /// The name of the code a place of this kind carries, as the JSON answers call it: ISO
    /// alpha-3 for a country (`iso3`), ISO 3166-2 for a region (`iso`), ICAO for an airport
    /// (`icao`); nil for a kind without one.
    public var codeName: String? {
        switch self {
        case .country: "iso3"
        case .region: "iso"
        case .airport: "icao"
        default: nil
        }
    }

    /// Whether a place of this kind is found by nearness (a city, a district, an airport), so
    /// has a distance from the point; the others contain it.
    public var isFoundByNearness: Bool {
        switch self {
        case .city, .district, .airport: true
        default: false
        }
    }

    /// The kind a person names, singular or plural, in any case: `city`, `Cities`, `COUNTRIES`.
    ///
    /// ```swift
    /// PlaceKind(name: "cities")    // .city
    /// PlaceKind(name: "Airport")   // .airport
    /// PlaceKind(name: "towns")     // nil
    /// ```
    public init?(name: String) {
        let lowered = name.lowercased()
        guard let kind = Self.allCases.first(where: { $0.rawValue == lowered || $0.pluralName == lowered }) else { return nil }
        self = kind
    }

    /// The English plural: `continents`, `countries`, `regions`, `subregions`, `cities`, `districts`, `airports`.
    public var pluralName: String {
        switch self {
        case .country: "countries"
        case .city: "cities"
        default: rawValue + "s"
        }
    }
}
