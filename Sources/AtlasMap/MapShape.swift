/// The outline of a country, region or subregion as a map draws it: rings in degrees, simplified
/// by the gazetteer build (neighbours share their borders exactly), and dots for the islands too
/// small to draw as outlines.
///
/// ```swift
/// let shapes = try MapShape.load(.country, from: gazetteer)
/// let japan = shapes.first { $0.id == "country:JP" }!   // japan.rings, japan.dots, japan.name
/// ```
///
/// A value type; `Sendable`.
public struct MapShape: Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        case country, region, subregion
    }

    /// The place identifier (`country:JP`, `region:JP.22`, `subregion:US.CA.037`).
    public let id: String
    public let kind: Kind
    /// The ISO 3166-1 alpha-2 code of the country it is, or lies in.
    public let country: String
    /// The display name, and for a region its country's (`Kyoto, Japan`), for a subregion its
    /// region's (`Los Angeles County, California`).
    public let name: String
    /// Every ring of every polygon as `(longitude, latitude)`: exteriors counter-clockwise, holes
    /// clockwise, so a nonzero fill leaves holes open.
    public let rings: [[(Double, Double)]]
    /// Islands smaller than the outlines' tolerance, one `(longitude, latitude)` each.
    public let dots: [(Double, Double)]
    /// The smallest box of longitudes and latitudes holding the rings and dots.
    public let bounds: GeoBox
    /// Where its name goes, `(longitude, latitude)`: the gazetteer's point of the place (GeoNames'
    /// centre of a country, inside it); nil when it has none.
    public var labelPoint: (Double, Double)?

    public init(id: String, kind: Kind, country: String, name: String, rings: [[(Double, Double)]], dots: [(Double, Double)]) {
        (self.id, self.kind, self.country, self.name, self.rings, self.dots) = (id, kind, country, name, rings, dots)
        bounds = GeoBox(points: rings.joined().map { $0 } + dots)
    }
}
