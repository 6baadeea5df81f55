import Foundation

/// The Equal Earth world drawn into a picture `width` units wide (y downwards, as SVG has it),
/// and the outlines of shapes given in degrees as SVG path data, whole across the antimeridian.
///
/// ```swift
/// let frame = MapFrame(width: 1000)
/// let d = frame.path([[(177.0, -17.5), (179.9, -17.5), (-179.9, -16.5), (177.0, -16.5)]])   // Fiji's ring, one piece
/// ```
///
/// A ring whose longitudes jump by more than 180° between two points crosses the
/// antimeridian: it is unwrapped into continuous longitudes and drawn twice, once on each side
/// (shifted by 360°), and the picture clips both to the map's outline (``outline``), so
/// Fiji, Chukotka and the Aleutians draw whole without a band across the world.
///
/// A value type; `Sendable`.
public struct MapFrame: Sendable, Equatable {
    public let width: Double
    public var height: Double { width * EqualEarth.halfHeight / EqualEarth.halfWidth }

    public init(width: Double) { self.width = width }

    /// The picture coordinates of a longitude and latitude.
    public func point(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        let p = EqualEarth.project(longitude: longitude, latitude: latitude)
        let scale = width / (2 * EqualEarth.halfWidth)
        return ((p.x + EqualEarth.halfWidth) * scale, (EqualEarth.halfHeight - p.y) * scale)
    }

    /// SVG path data of polygon rings in degrees (`(longitude, latitude)`), with one decimal:
    /// a tenth of a unit is finer than a pixel at any useful width. Fill with the nonzero rule:
    /// holes turn the other way (as ``MapShape`` rings do), so they stay open.
    public func path(_ rings: [[(Double, Double)]]) -> String {
        var data = PathData()
        append(rings, to: &data)
        return data.string
    }

    /// Path data of `rings` keeping only points at least `spacing` units (in x or y) from the
    /// last one kept: a small picture's outline at a fraction of the bytes.
    public func path(_ rings: [[(Double, Double)]], spacing: Double) -> String {
        var data = PathData()
        append(rings, spacing: spacing, to: &data)
        return data.string
    }

    /// Appends the path data of `rings`, moved `shift` degrees east, thinned to `spacing`.
    public func append(_ rings: [[(Double, Double)]], shift offset: Double = 0, spacing: Double = 0, to data: inout PathData) {
        for ring in rings where ring.count >= 3 {
            let unwrapped = Self.unwrapped(ring)
            var (least, most) = (unwrapped[0].0, unwrapped[0].0)
            for (lon, _) in unwrapped { least = min(least, lon); most = max(most, lon) }
            var shifts = [0.0]
            if most > 180 { shifts.append(-360) }
            if least < -180 { shifts.append(360) }
            for shift in shifts {
                var kept: [(x: Double, y: Double)] = []
                for (lon, lat) in unwrapped {
                    // Beyond ±180 only while unwrapped: the clip to the outline cuts it there.
                    let p = point(longitude: lon + shift + offset, latitude: lat)
                    if spacing > 0, let last = kept.last, abs(p.x - last.x) < spacing && abs(p.y - last.y) < spacing { continue }
                    kept.append(p)
                }
                guard kept.count >= 3 else { continue }
                for (i, p) in kept.enumerated() { if i == 0 { data.move(p.x, p.y) } else { data.line(p.x, p.y) } }
                data.close()
            }
        }
    }

    /// The map's edge, the meridians ±180° from pole to pole: what shapes are clipped to.
    public var outline: String {
        let east = stride(from: -90.0, through: 90.0, by: 2.5).map { point(longitude: 180, latitude: $0) }
        let west = stride(from: 90.0, through: -90.0, by: -2.5).map { point(longitude: -180, latitude: $0) }
        return (east + west).enumerated().map { ($0.offset == 0 ? "M" : "L") + Self.number($0.element.x) + " " + Self.number($0.element.y) }
            .joined() + "Z"
    }

    /// Longitudes made continuous: each point within 180° of the one before.
    static func unwrapped(_ ring: [(Double, Double)]) -> [(Double, Double)] {
        var out: [(Double, Double)] = []
        out.reserveCapacity(ring.count)
        for (lon, lat) in ring {
            guard let last = out.last?.0 else { out.append((lon, lat)); continue }
            var l = lon
            while l - last > 180 { l -= 360 }
            while last - l > 180 { l += 360 }
            out.append((l, lat))
        }
        return out
    }

    /// One decimal, no exponent, no "-0.0": the same bytes for the same shape.
    public static func number(_ value: Double) -> String {
        var data = PathData()
        data.number(value)
        return data.string
    }
}
