/// A box of longitudes and latitudes, west to east: what a map is zoomed to. A box that crosses
/// the antimeridian goes on past 180 (Fiji to Samoa: 177...188.2); a shape's bounds never do (a
/// shape that crosses spans -180...180).
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

    /// The narrower of the box of `points` and the box that holds them across the antimeridian
    /// (the western ones taken 360° further east): a trip from Fiji to Samoa is 11° wide, not 349°.
    public init(enclosing points: [(Double, Double)]) {
        let plain = GeoBox(points: points)
        let longitudes = points.map(\.0).sorted()
        guard longitudes.count > 1 else { self = plain; return }
        // The widest gap between neighbouring longitudes, the one across ±180 included: the box
        // is the rest of the circle.
        var gap = (width: longitudes[0] + 360 - longitudes[longitudes.count - 1], after: longitudes.count - 1)
        for i in 0..<(longitudes.count - 1) where longitudes[i + 1] - longitudes[i] > gap.width {
            gap = (longitudes[i + 1] - longitudes[i], i)
        }
        guard gap.after != longitudes.count - 1 else { self = plain; return }
        self = GeoBox(west: longitudes[gap.after + 1], south: plain.south, east: longitudes[gap.after] + 360, north: plain.north)
    }

    /// Whether the box goes on past the antimeridian.
    public var crossesAntimeridian: Bool { west < -180 || east > 180 }

    /// The box moved `degrees` east.
    public func shifted(by degrees: Double) -> GeoBox {
        GeoBox(west: west + degrees, south: south, east: east + degrees, north: north)
    }

    public static let world = GeoBox(west: -180, south: -90, east: 180, north: 90)

    /// Grown by `fraction` of its size on every side, and to at least `minimum` degrees across,
    /// clamped to the world (a box across the antimeridian only to 360° of longitude): a
    /// one-city trip still shows the land around it.
    public func padded(by fraction: Double, minimum: Double = 0) -> GeoBox {
        let width = max(east - west, minimum), height = max(north - south, minimum / 2)
        let (cx, cy) = ((west + east) / 2, (south + north) / 2)
        let halfW = min(180, width * (0.5 + fraction)), halfH = height * (0.5 + fraction)
        let (south, north) = (max(-90, cy - halfH), min(90, cy + halfH))
        guard !crossesAntimeridian else { return GeoBox(west: cx - halfW, south: south, east: cx + halfW, north: north) }
        return GeoBox(west: max(-180, cx - halfW), south: south, east: min(180, cx + halfW), north: north)
    }

    public func contains(longitude: Double, latitude: Double) -> Bool {
        (west...east).contains(longitude) && (south...north).contains(latitude)
    }
}
