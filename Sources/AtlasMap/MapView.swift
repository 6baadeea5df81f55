/// What a picture shows of the Equal Earth world: all of it, or a window around a box of
/// longitudes and latitudes, `width` units (pixels) wide. Shapes are drawn with ``frame``, a
/// world big enough that the window is `width` wide, and the picture's `viewBox` is the window.
///
/// ```swift
/// let view = MapView(showing: GeoBox(west: 5, south: 43, east: 12, north: 48), width: 800)
/// view.viewBox                                 // "12345.6 2345.6 800.0 571.4"
/// view.shows(shape.bounds)                     // false for shapes out of the window
/// ```
///
/// A value type; `Sendable`.
public struct MapView: Sendable, Equatable {
    /// The world at the picture's scale.
    public let frame: MapFrame
    /// The window in ``frame`` units: its top-left corner and size.
    public let x: Double, y: Double, width: Double, height: Double
    /// True when the whole world shows.
    public let isWorld: Bool
    /// The longitudes shapes are drawn moved by: 0, and ±360 when the window goes on past the
    /// antimeridian, so that Samoa shows east of Fiji.
    public let shifts: [Double]

    /// The whole world, `width` wide.
    public init(worldWidth width: Double) {
        frame = MapFrame(width: width)
        (x, y, self.width, height, isWorld, shifts) = (0, 0, width, frame.height, true, [0])
    }

    /// A window holding `box`, `width` wide and between `minAspect` and `maxAspect` times as
    /// high: widened around its centre when the box is taller, heightened around its centre
    /// when it is flatter (a trip along a parallel is not a thin strip).
    public init(showing box: GeoBox, width: Double, maxAspect: Double = 0.8, minAspect: Double = 0) {
        let unit = MapFrame(width: 1)
        var (x0, y0, x1, y1) = Self.projectedBounds(box, unit)
        if (y1 - y0) > (x1 - x0) * maxAspect {
            let half = (y1 - y0) / maxAspect / 2, mid = (x0 + x1) / 2
            (x0, x1) = (mid - half, mid + half)
        } else if (y1 - y0) < (x1 - x0) * minAspect {
            let half = (x1 - x0) * minAspect / 2, mid = (y0 + y1) / 2
            (y0, y1) = (mid - half, mid + half)
        }
        let scale = width / max(x1 - x0, 1e-9)
        frame = MapFrame(width: scale)
        (x, y, self.width, height, isWorld) = (x0 * scale, y0 * scale, width, (y1 - y0) * scale, false)
        shifts = [0] + (box.east > 180 ? [360] : []) + (box.west < -180 ? [-360] : [])
    }

    /// The SVG `viewBox` of the window.
    public var viewBox: String {
        [x, y, width, height].map(MapFrame.number).joined(separator: " ")
    }

    /// Whether any of `box`, moved `shift` degrees east, falls in the window.
    public func shows(_ box: GeoBox, shift: Double = 0) -> Bool {
        if isWorld { return shift == 0 }
        let box = box.shifted(by: shift)
        let (x0, y0, x1, y1) = Self.projectedBounds(box, frame)
        return x0 <= x + width && x <= x1 && y0 <= y + height && y <= y1
    }

    /// The picture coordinates of a longitude and latitude, as ``MapFrame/point(longitude:latitude:)``,
    /// taken 360° round when that puts it in the window (Samoa east of Fiji).
    public func point(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        let shift = shifts.first { shows(GeoBox(west: longitude, south: latitude, east: longitude, north: latitude), shift: $0) } ?? 0
        return frame.point(longitude: longitude + shift, latitude: latitude)
    }

    /// The projected box of a box of degrees. A meridian is widest where it is nearest the
    /// equator, so the extremes of x lie at the corners or on the parallel nearest 0°.
    static func projectedBounds(_ box: GeoBox, _ frame: MapFrame) -> (Double, Double, Double, Double) {
        let nearestEquator = min(max(0, box.south), box.north)
        var xs: [Double] = [], ys: [Double] = []
        for lon in [box.west, box.east] {
            for lat in [box.south, box.north, nearestEquator] {
                let p = frame.point(longitude: lon, latitude: lat)
                xs.append(p.x); ys.append(p.y)
            }
        }
        return (xs.min()!, ys.min()!, xs.max()!, ys.max()!)
    }
}
