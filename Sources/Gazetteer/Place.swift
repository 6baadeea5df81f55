/// A named place of the gazetteer with its lineage: everything a record needs to stay readable
/// if a later gazetteer renames or drops the place.
///
/// ```swift
/// let kyoto = try gazetteer.place(PlaceID("city:1857910")!)!
/// kyoto.name                     // "Kyoto"
/// kyoto.lineage.map(\.name)      // ["Asia", "Japan", "Kyoto"]
/// ```
public struct Place: Sendable, Hashable {
    /// One ancestor: its identifier and display name.
    public struct Ancestor: Sendable, Hashable {
        public let id: PlaceID
        public let name: String

        public init(id: PlaceID, name: String) {
            self.id = id
            self.name = name
        }
    }

    /// Codes people and other systems use for the place.
    public struct Codes: Sendable, Hashable {
        /// ISO 3166-1 alpha-2 and alpha-3 (countries).
        public var iso2: String?
        public var iso3: String?
        /// ISO 3166-2 (regions), when the region has one.
        public var iso3166_2: String?
        /// Airports.
        public var iata: String?
        public var icao: String?
        public var geonameID: Int?

        public init() {}
    }

    public let id: PlaceID
    public var kind: PlaceKind { id.kind }
    /// The display name (with its diacritics).
    public let name: String
    /// Lowercased, diacritics removed: what search matches.
    public let foldedName: String
    /// Continent > country > region (> city for airports), largest first, without the place itself.
    public let lineage: [Ancestor]
    public let coordinate: GeoCoordinate?
    /// Population for places; for airports a size-based importance.
    public let population: Int
    public let codes: Codes
    /// IANA time zone (cities).
    public let timeZone: String?
    /// Airports: "large", "medium" or "small". Regions: the boundary quality.
    public let detail: String?
    /// A region's name in its own language or the source's transliteration, when the display
    /// name is the English one (`Bayern` for Bavaria, `Beijing Shi` for Beijing).
    public let nativeName: String?

    public init(id: PlaceID, name: String, foldedName: String, lineage: [Ancestor], coordinate: GeoCoordinate?,
                population: Int, codes: Codes, timeZone: String? = nil, detail: String? = nil, nativeName: String? = nil) {
        self.id = id
        self.name = name
        self.foldedName = foldedName
        self.lineage = lineage
        self.coordinate = coordinate
        self.population = population
        self.codes = codes
        self.timeZone = timeZone
        self.detail = detail
        self.nativeName = nativeName
    }

    /// The ancestor of `kind`, if the lineage has one.
    public func ancestor(_ kind: PlaceKind) -> Ancestor? { lineage.first { $0.id.kind == kind } }
}
