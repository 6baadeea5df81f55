import Foundation

extension MapShape {
    /// The box of its largest ring by area on the ground: the contiguous United States, not
    /// Alaska, Hawaii and the Aleutians across the antimeridian; metropolitan France, not French
    /// Guiana. What a map of one country is framed on; nil for a shape of dots only.
    ///
    /// ```swift
    /// let us = try MapShape.load(.country, countries: ["US"], from: gazetteer)[0]
    /// us.mainland   // about west -124.7, south 24.5, east -67, north 49.4
    /// ```
    public var mainland: GeoBox? {
        rings.filter { $0.count >= 3 }.max { Self.area($0) < Self.area($1) }.map { GeoBox(enclosing: $0) }
    }

    /// The area of a ring in square degrees at the equator (longitudes shrunk by the cosine of
    /// the latitude, so Alaska is not larger than it is), positive for an exterior
    /// (counter-clockwise); a ring across the antimeridian taken with continuous longitudes.
    static func area(_ ring: [(Double, Double)]) -> Double {
        let points = MapFrame.unwrapped(ring).map { ($0.0 * cos($0.1 * .pi / 180), $0.1) }
        var twice = 0.0
        for (a, b) in zip(points, points.dropFirst() + points.prefix(1)) { twice += a.0 * b.1 - b.0 * a.1 }
        return twice / 2
    }
}
