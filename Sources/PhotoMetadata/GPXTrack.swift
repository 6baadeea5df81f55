import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A GPS track from a GPX file (`trk/trkseg/trkpt` with `lat`, `lon`, `ele`, `time`), and the
/// position on it at an instant: how a photo without GPS gets the position of the watch or
/// phone that recorded the walk.
///
/// ```swift
/// let track = try GPXTrack.read(Data(contentsOf: url), path: url.path)
/// track.position(at: photoInstant)   // interpolated between the two points around it
/// ```
///
/// Points without a time are left out; the rest are sorted by time. Between two points at
/// most ``maximumGap`` apart the position is interpolated linearly; otherwise (a gap, or
/// before the first point or after the last) it is the nearer point when that is at most
/// ``nearestWithin`` away in time, and none beyond: a track paused for an hour says nothing of
/// where its owner was meanwhile. A file over ``maximumBytes``, with a DTD, or that is not
/// well-formed XML is an error. A value type; `Sendable`.
public struct GPXTrack: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public var time: Date
        public var latitude: Double
        public var longitude: Double
        public var elevation: Double?

        public init(time: Date, latitude: Double, longitude: Double, elevation: Double? = nil) {
            (self.time, self.latitude, self.longitude, self.elevation) = (time, latitude, longitude, elevation)
        }
    }

    /// By time.
    public let points: [Point]

    /// The longest time between two points across which a position is interpolated.
    public static let maximumGap: TimeInterval = 300
    /// How far in time the nearer point still stands for the position, where no interpolation is.
    public static let nearestWithin: TimeInterval = 120
    /// The largest GPX read: a day of one point a second is about 10 MB.
    public static let maximumBytes = 64 << 20

    public init(points: [Point]) { self.points = points.sorted { $0.time < $1.time } }

    public static func read(_ data: Data, path: String) throws(MetadataError) -> GPXTrack {
        let collector = Collector()
        try BoundedXML.parse(data, path: path, what: "GPX", maximumBytes: maximumBytes, into: collector)
        return GPXTrack(points: collector.points)
    }

    /// Where the track was at `instant`: interpolated between the points around it when they
    /// are at most `maximumGap` apart, else the nearer point within `nearestWithin`, else nil.
    public func position(at instant: Date, maximumGap: TimeInterval = maximumGap, nearestWithin: TimeInterval = nearestWithin) -> Point? {
        // The first point at or after the instant.
        var low = 0, high = points.count
        while low < high {
            let mid = (low + high) / 2
            if points[mid].time < instant { low = mid + 1 } else { high = mid }
        }
        let after = low < points.count ? points[low] : nil
        let before = low > 0 ? points[low - 1] : nil
        if let after, after.time == instant { return after }
        guard let before, let after, after.time.timeIntervalSince(before.time) <= maximumGap else {
            // No interpolation: the nearer neighbour, if close enough in time.
            let nearest = [before, after].compactMap { $0 }.min { abs($0.time.timeIntervalSince(instant)) < abs($1.time.timeIntervalSince(instant)) }
            guard let nearest, abs(nearest.time.timeIntervalSince(instant)) <= nearestWithin else { return nil }
            return Point(time: instant, latitude: nearest.latitude, longitude: nearest.longitude, elevation: nearest.elevation)
        }
        let span = after.time.timeIntervalSince(before.time)
        let f = instant.timeIntervalSince(before.time) / span
        func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * f }
        // Across the antimeridian, the short way round.
        var lon2 = after.longitude
        if lon2 - before.longitude > 180 { lon2 -= 360 } else if before.longitude - lon2 > 180 { lon2 += 360 }
        var lon = mix(before.longitude, lon2)
        if lon > 180 { lon -= 360 } else if lon < -180 { lon += 360 }
        let elevation = before.elevation.flatMap { a in after.elevation.map { mix(a, $0) } }
        return Point(time: instant, latitude: mix(before.latitude, after.latitude), longitude: lon, elevation: elevation)
    }

    /// `trkpt` elements with their `ele` and `time` children.
    private final class Collector: NSObject, CompletableXMLDelegate {
        var points: [Point] = []
        private var depth = 0
        private var sawRoot = false
        var isComplete: Bool { sawRoot && depth == 0 }
        private var current: (lat: Double, lon: Double, ele: Double?, time: Date?)?
        private var text = ""
        private let iso = ISO8601DateFormatter()
        private let isoFraction: ISO8601DateFormatter = {
            let f = ISO8601DateFormatter()
            f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            return f
        }()

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            (depth, sawRoot) = (depth + 1, true)
            text = ""
            guard name == "trkpt" else { return }
            if let lat = attributes["lat"].flatMap(Double.init), let lon = attributes["lon"].flatMap(Double.init),
               abs(lat) <= 90, abs(lon) <= 180 {
                current = (lat, lon, nil, nil)
            } else {
                current = nil
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if text.utf8.count < 256 { text += string }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            depth -= 1
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            switch name {
            case "ele": current?.ele = Double(value).flatMap { $0.isFinite ? $0 : nil }
            case "time": current?.time = iso.date(from: value) ?? isoFraction.date(from: value)
            case "trkpt":
                if let p = current, let time = p.time { points.append(Point(time: time, latitude: p.lat, longitude: p.lon, elevation: p.ele)) }
                current = nil
            default: break
            }
            text = ""
        }
    }
}
