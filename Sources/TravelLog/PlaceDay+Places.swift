import Gazetteer

extension PlaceDay {
    /// The place snapshot of a ``PlaceDay`` row: a link for each level, from the continent
    /// down, or none.
    ///
    /// ```swift
    /// var day = PlaceDay(date: "2024-05-01", status: .visit)
    /// day.places = PlaceDay.Places(country: PlaceLink(id: "country:FR", name: "France"))
    /// day.country?.name   // "France"
    /// ```
    ///
    /// One object for many rows: a log has thousands of rows and a few hundred places, and the
    /// passport copies, sorts and merges its rows, so a row holds one reference, not six links
    /// of two strings each (their copies were a third of `atlas countries`' instructions).
    /// Immutable; `Sendable`.
    public final class Places: Sendable, Equatable {
        public let continent: PlaceLink?
        public let country: PlaceLink?
        public let region: PlaceLink?
        public let city: PlaceLink?
        public let district: PlaceLink?
        public let airport: PlaceLink?

        public init(continent: PlaceLink? = nil, country: PlaceLink? = nil, region: PlaceLink? = nil, city: PlaceLink? = nil,
                    district: PlaceLink? = nil, airport: PlaceLink? = nil) {
            (self.continent, self.country, self.region, self.city, self.district, self.airport) = (continent, country, region, city, district, airport)
        }

        /// The snapshot of a photo.
        convenience init(_ p: VisitPhoto) {
            self.init(continent: p.continent, country: p.country, region: p.region, city: p.city, district: p.district, airport: p.airport)
        }

        /// Whether this is `p`'s snapshot.
        func holds(_ p: VisitPhoto) -> Bool {
            country == p.country && city == p.city && district == p.district && airport == p.airport && region == p.region
                && continent == p.continent
        }

        /// The link of `kind`.
        public func link(_ kind: PlaceKind) -> PlaceLink? {
            switch kind {
            case .continent: continent
            case .country: country
            case .region: region
            case .city: city
            case .district: district
            case .airport: airport
            }
        }

        /// No place at any level.
        public static let none = Places()

        /// The links from the continent down, none included.
        public var links: [PlaceLink?] { [continent, country, region, city, district, airport] }

        public static func == (a: Places, b: Places) -> Bool {
            a === b || (a.country == b.country && a.city == b.city && a.region == b.region && a.district == b.district
                        && a.airport == b.airport && a.continent == b.continent)
        }
    }

    // Each level read and written through the snapshot; a write makes a new one.
    public var continent: PlaceLink? { get { places.continent } set { places = places.replacing(0, with: newValue) } }
    public var country: PlaceLink? { get { places.country } set { places = places.replacing(1, with: newValue) } }
    public var region: PlaceLink? { get { places.region } set { places = places.replacing(2, with: newValue) } }
    public var city: PlaceLink? { get { places.city } set { places = places.replacing(3, with: newValue) } }
    public var district: PlaceLink? { get { places.district } set { places = places.replacing(4, with: newValue) } }
    public var airport: PlaceLink? { get { places.airport } set { places = places.replacing(5, with: newValue) } }
}

extension PlaceDay.Places {
    /// The same snapshot with the link at `level` (0 for the continent … 5 for the airport) replaced.
    func replacing(_ level: Int, with link: PlaceLink?) -> PlaceDay.Places {
        var l = links
        l[level] = link
        return .init(continent: l[0], country: l[1], region: l[2], city: l[3], district: l[4], airport: l[5])
    }
}
