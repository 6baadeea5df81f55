import Foundation

/// What a map shows: the places visited with their days, the cities and airports as points,
/// and the words around the picture. Built by the caller (the `atlas map` command builds it from
/// the passport); ``MapPicture`` draws it.
///
/// ```swift
/// var content = MapContent(title: "Where I have been", subtitle: "4 of 195 countries · 10 cities")
/// content.days = ["country:FR": 5, "country:IT": 3]
/// content.cities = [.init(id: "city:2996944", name: "Lyon", longitude: 4.85, latitude: 45.75, days: 3)]
/// ```
///
/// A value type; `Sendable`.
public struct MapContent: Sendable, Equatable {
    /// A point on the map: a city (sized by days) or an airport.
    public struct Spot: Sendable, Equatable {
        public var id: String
        public var name: String
        public var longitude: Double
        public var latitude: Double
        public var days: Int

        public init(id: String, name: String, longitude: Double, latitude: Double, days: Int) {
            (self.id, self.name, self.longitude, self.latitude, self.days) = (id, name, longitude, latitude, days)
        }
    }

    /// Countries only, or regions (or subregions) over the countries.
    public var level: MapShape.Kind = .country
    public var title: String
    /// The counts under the title ("4 of 195 countries · 10 cities").
    public var subtitle: String
    /// Days spent in each visited country, region or subregion, by identifier.
    public var days: [String: Int] = [:]
    public var cities: [Spot] = []
    public var airports: [Spot] = []
    /// The credit line of the data (``Gazetteer/attribution``).
    public var attribution = ""
    /// The area shown; nil for the whole world.
    public var box: GeoBox?

    public init(title: String, subtitle: String) { (self.title, self.subtitle) = (title, subtitle) }

    /// The area around `spots` and the boxes of the places filled (`extents`: a trip's regions,
    /// so a region is shown whole, not only its city), padded by a tenth on every side and at
    /// least ``minimumKm`` across east–west and 0.6 of it north–south, so a city break shows the
    /// countries and coast around it; across the antimeridian when that is narrower. An extent
    /// wider than 40° (Russia, a region across ±180) is left out: its cities frame it. Nil (the
    /// whole world) when there is nothing, or when it spreads over more than two thirds of the
    /// world's longitudes: a globetrotter's map is the familiar world, not a window on it.
    /// `whole` are shown whole however wide: the mainland of the country a map is of
    /// (``MapShape/mainland``).
    public static func box(around spots: [Spot], extents: [GeoBox] = [], whole: [GeoBox] = []) -> GeoBox? {
        var points = spots.map { ($0.longitude, $0.latitude) }
        for e in extents where e.east - e.west <= 40 { points += [(e.west, e.south), (e.east, e.north)] }
        for e in whole { points += [(e.west, e.south), (e.east, e.north)] }
        guard !points.isEmpty else { return nil }
        var box = GeoBox(enclosing: points).padded(by: 0.1)
        let across = box.crossesAntimeridian
        let (cx, cy) = ((box.west + box.east) / 2, (box.south + box.north) / 2)
        let kmPerDegree = 111.2
        let width = max(box.east - box.west, minimumKm / (kmPerDegree * max(0.2, cos(cy * .pi / 180))))
        let height = max(box.north - box.south, 0.6 * minimumKm / kmPerDegree)
        box = GeoBox(west: cx - width / 2, south: max(-90, cy - height / 2), east: cx + width / 2, north: min(90, cy + height / 2))
        if !across, box.west < -180 || box.east > 180 {
            box = GeoBox(west: max(-180, box.west), south: box.south, east: min(180, box.east), north: box.north)
        }
        return box.east - box.west > 240 ? nil : box
    }

    /// The least a zoomed map shows across: a city and the land and sea around it.
    public static let minimumKm = 800.0

    /// The boxes of the visited places (those in ``days``) that `shapes` (by identifier) hold.
    public func extents(in shapes: [String: MapShape]) -> [GeoBox] {
        days.keys.sorted().compactMap { shapes[$0]?.bounds }
    }
}
