/// The levels of the place hierarchy, from largest to smallest; airports hang off a country
/// and region.
///
/// A `city` is the municipality, town or village a traveller names (Rome, Tokyo, Lyon); a
/// `district` is a neighbourhood, arrondissement, ward or borough inside one (Campitelli,
/// Shibuya, Lyon 05), and always belongs to its city.
public enum PlaceKind: String, Sendable, CaseIterable, Codable, Comparable {
    case continent, country, region, city, district, airport

    /// The order of the hierarchy: continent < country < region < city < district < airport.
    /// Also its place in ``allCases``: the index of its link in a lineage, read for every row
    /// of a passport.
    public var rank: Int {
        switch self {
        case .continent: 0
        case .country: 1
        case .region: 2
        case .city: 3
        case .district: 4
        case .airport: 5
        }
    }

    public static func < (a: PlaceKind, b: PlaceKind) -> Bool { a.rank < b.rank }

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

    /// The English plural: `continents`, `countries`, `regions`, `cities`, `districts`, `airports`.
    public var pluralName: String {
        switch self {
        case .country: "countries"
        case .city: "cities"
        default: rawValue + "s"
        }
    }
}
