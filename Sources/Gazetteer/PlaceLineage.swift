/// The places of one chain, one link per ``PlaceKind``: the continent, country, region, subregion, city,
/// district and airport of a resolved coordinate, of a photo, of a day's row or of a hand-set
/// place, whatever a link is to its holder (the resolver's table row, the log's id and name).
///
/// ```swift
/// var lineage = PlaceLineage<String>()
/// lineage.country = "France"
/// lineage[.city] = "Lyon"
/// lineage.forEach { kind, name in print(kind, name) }   // country France, city Lyon
/// ```
///
/// The one type that lists the levels: a holder keeps a lineage and reads or writes it by kind,
/// so a new kind is a case of ``PlaceKind`` and a link here, not a field in every holder. Stored
/// in place (no allocation: a resolution makes one per photo). A value type; `Sendable` when its
/// links are.
public struct PlaceLineage<Link> {
    public var continent: Link?
    public var country: Link?
    public var region: Link?
    public var subregion: Link?
    public var city: Link?
    public var district: Link?
    public var airport: Link?

    /// The links named, none at the other levels: `PlaceLineage(country: france, city: lyon)`.
    @inlinable
    public init(continent: Link? = nil, country: Link? = nil, region: Link? = nil, subregion: Link? = nil, city: Link? = nil, district: Link? = nil,
                airport: Link? = nil) {
        (self.continent, self.country, self.region, self.subregion) = (continent, country, region, subregion)
        (self.city, self.district, self.airport) = (city, district, airport)
    }

    /// A link for each kind, from the continent down, as `link` gives it.
    @inlinable
    public init(_ link: (PlaceKind) throws -> Link?) rethrows {
        for kind in PlaceKind.levels { self[kind] = try link(kind) }
    }

    /// The link of `kind`.
    @inlinable
    public subscript(kind: PlaceKind) -> Link? {
        get {
            switch kind {
            case .continent: continent
            case .country: country
            case .region: region
            case .subregion: subregion
            case .city: city
            case .district: district
            case .airport: airport
            }
        }
        set {
            switch kind {
            case .continent: continent = newValue
            case .country: country = newValue
            case .region: region = newValue
            case .subregion: subregion = newValue
            case .city: city = newValue
            case .district: district = newValue
            case .airport: airport = newValue
            }
        }
    }

    /// Calls `body` with each link there is, from the continent down.
    @inlinable
    public func forEach(_ body: (PlaceKind, Link) throws -> Void) rethrows {
        for kind in PlaceKind.levels { if let link = self[kind] { try body(kind, link) } }
    }

    /// The same lineage with each link transformed (a nil result leaves the level empty).
    @inlinable
    public func map<T>(_ transform: (PlaceKind, Link) throws -> T?) rethrows -> PlaceLineage<T> {
        try PlaceLineage<T> { kind in try self[kind].flatMap { try transform(kind, $0) } }
    }

    /// The link of each kind, from the continent down, none included. Inlinable, as the rest:
    /// unspecialised, through the generic's witness tables, it cost 12,000 instructions a call,
    /// and a first import's fold asks it of every place-day row it adds to.
    @inlinable
    public var links: [Link?] { PlaceKind.levels.map { self[$0] } }

    /// Whether no level has a link.
    @inlinable
    public var isEmpty: Bool { PlaceKind.levels.allSatisfy { self[$0] == nil } }
}

extension PlaceLineage: Equatable where Link: Equatable {}
extension PlaceLineage: Hashable where Link: Hashable {}
extension PlaceLineage: Sendable where Link: Sendable {}
