/// One search-box query and its optional filters.
///
/// ```swift
/// let query = SearchQuery(text: "springfield", kind: .city, within: PlaceID("country:US"),
///                         near: GeoCoordinate(latitude: 39.8, longitude: -89.6), limit: 5)
/// let results = try gazetteer.search(query)
/// ```
///
/// A value type; `Sendable`.
public struct SearchQuery: Sendable, Hashable {
    /// Largest number of results one query returns.
    public static let maximumLimit = 500

    /// What was typed, in any case, with or without diacritics; any characters are safe.
    public var text: String
    /// Only places of this kind.
    public var kind: PlaceKind?
    /// Only places inside this continent, country or region (never the place itself).
    public var within: PlaceID?
    /// Nearer places first among comparable matches (see ``Gazetteer/search(_:)``).
    public var near: GeoCoordinate?
    /// At most this many results, clamped to 0...``maximumLimit``.
    public var limit: Int

    public init(text: String, kind: PlaceKind? = nil, within: PlaceID? = nil, near: GeoCoordinate? = nil, limit: Int = 20) {
        self.text = text
        self.kind = kind
        self.within = within
        self.near = near
        self.limit = max(0, min(limit, Self.maximumLimit))
    }
}
