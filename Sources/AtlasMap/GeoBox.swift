/// A box of longitudes and latitudes, west to east without crossing the antimeridian (a shape
/// that crosses it spans -180...180): what a map is zoomed to.
///
/// ```swift
/// let alps = GeoBox(west: 5, south: 45, east: 11, north: 48)
/// alps.padded(by: 0.1).contains(longitude: 7.5, latitude: 46)   // true
/// ```
///
/// A value type; `Sendable`.
public struct GeoBox: Sendable, Equatable {
    public var west: Double, south: Double, east: Double, north: Double

    public init(west: Double, south: Double, east: Double, north: Double) {
        (self.west, self.south, self.east, self.north) = (west, south, east, north)
    }

    /// The box of `points` (`(longitude, latitude)`); an empty list gives the whole world.
    public init(points: [(Double, Double)]) {
        guard let first = points.first else { self = .world; return }
        var box = GeoBox(west: first.0, south: first.1, east: first.0, north: first.1)
        for (lon, lat) in points.dropFirst() {
            box.west = min(box.west, lon); box.east = max(box.east, lon)
            box.south = min(box.south, lat); box.north = max(box.north, lat)
        }
        self = box
    }

    public static let world = GeoBox(west: -180, south: -90, east: 180, north: 90)

    /// The smallest box holding both.
    public func union(_ other: GeoBox) -> GeoBox {
        GeoBox(west: min(west, other.west), south: min(south, other.south), east: max(east, other.east), north: max(north, other.north))
    }

    /// Grown by `fraction` of its size on every side, and to at least `minimum` degrees across,
    /// clamped to the world: a one-city trip still shows the land around it.
    public func padded(by fraction: Double, minimum: Double = 0) -> GeoBox {
        let width = max(east - west, minimum), height = max(north - south, minimum / 2)
        let (cx, cy) = ((west + east) / 2, (south + north) / 2)
        let (halfW, halfH) = (width * (0.5 + fraction), height * (0.5 + fraction))
        return GeoBox(west: max(-180, cx - halfW), south: max(-90, cy - halfH), east: min(180, cx + halfW), north: min(90, cy + halfH))
    }

    public func contains(longitude: Double, latitude: Double) -> Bool {
        (west...east).contains(longitude) && (south...north).contains(latitude)
    }

    public func intersects(_ other: GeoBox) -> Bool {
        west <= other.east && other.west <= east && south <= other.north && other.south <= north
    }
}
