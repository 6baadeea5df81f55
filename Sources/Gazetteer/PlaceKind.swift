/// The levels of the place hierarchy, from largest to smallest; airports hang off a country
/// and region.
public enum PlaceKind: String, Sendable, CaseIterable, Codable, Comparable {
    case continent, country, region, city, airport

    /// The order of the hierarchy: continent < country < region < city < airport.
    public var rank: Int { Self.allCases.firstIndex(of: self)! }

    public static func < (a: PlaceKind, b: PlaceKind) -> Bool { a.rank < b.rank }
}
