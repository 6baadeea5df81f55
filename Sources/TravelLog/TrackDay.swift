/// One day of the log's track: the positioned photos whose time falls on that day, in time
/// order, reduced to their first and last point and the great-circle distance between
/// consecutive photos. The distance along the whole track is the days' distances plus the hops
/// from each day's last photo to the next day's first, exactly as if every photo were read.
///
/// ```swift
/// let km = TrackDay.distanceKm(try log.trackDays())
/// ```
///
/// The time line is UTC where the offset is known and the camera's clock otherwise
/// (``VisitPhoto/trackTime``); a day is the first ten characters of that time. Photos without a
/// time are on no day. A value type; `Sendable`.
public struct TrackDay: Sendable, Equatable {
    /// A point of the track, with what orders it: its time, then its path.
    public struct Point: Sendable, Equatable {
        public var time: String
        public var path: String
        public var latitude: Double
        public var longitude: Double

        /// The point of a positioned photo with a time (``VisitPhoto/trackTime``).
        public init?(_ p: VisitPhoto) {
            guard let lat = p.latitude, let lon = p.longitude, let time = p.trackTime else { return nil }
            (self.time, path, latitude, longitude) = (time, p.path, lat, lon)
        }

        init(time: String, path: String, latitude: Double, longitude: Double) {
            (self.time, self.path, self.latitude, self.longitude) = (time, path, latitude, longitude)
        }

        /// The day it is on: the first ten characters of its time. Where the first eleven bytes
        /// are printable ASCII, each of the ten is a character: the day is cut from the bytes,
        /// a small string (a refresh asks this of every photo of its days).
        var day: String {
            var time = time
            let cut = time.withUTF8 { b -> String? in
                guard b.count >= 10, !b.prefix(11).contains(where: { $0 < 0x20 || $0 > 0x7E }) else { return nil }
                return String(decoding: UnsafeBufferPointer(rebasing: b[..<10]), as: UTF8.self)
            }
            return cut ?? String(time.prefix(10))
        }

        /// `points` by time, then path, as the strings compare.
        static func inTrackOrder(_ points: [Point]) -> [Point] {
            let keys = points.map { PrefixKey($0.time) }
            return points.indices.sorted { a, b in
                if let x = keys[a], let y = keys[b], x != y { return x < y }
                return (points[a].time, points[a].path) < (points[b].time, points[b].path)
            }.map { points[$0] }
        }
    }

    /// The first sixteen bytes of an ASCII time as two big-endian integers, zeros after its
    /// end: where two keys differ they order the times as the strings do (bytes are scalars,
    /// a shorter string comes first, and a day's times share their first ten bytes, so most
    /// pairs differ within sixteen). Equal keys say nothing: the strings decide.
    struct PrefixKey: Comparable {
        let high: UInt64, low: UInt64

        init?(_ time: String) {
            var time = time
            guard let key = time.withUTF8({ b -> (UInt64, UInt64)? in
                guard !b.contains(where: { $0 >= 0x80 }) else { return nil }
                var (high, low): (UInt64, UInt64) = (0, 0)
                for i in 0..<16 {
                    let byte = UInt64(i < b.count ? b[i] : 0)
                    if i < 8 { high = high << 8 | byte } else { low = low << 8 | byte }
                }
                return (high, low)
            }) else { return nil }
            (high, low) = key
        }

        static func < (a: PrefixKey, b: PrefixKey) -> Bool { (a.high, a.low) < (b.high, b.low) }
    }

    /// `YYYY-MM-DD` of ``VisitPhoto/trackTime``.
    public var day: String
    public var photos: Int
    public var first: Point
    public var last: Point
    public var km: Double

    /// The track days of `photos` (every photo of those days, in any order), by day.
    public static func aggregate(_ photos: [VisitPhoto]) -> [TrackDay] {
        aggregate(points: photos.compactMap(Point.init))
    }

    /// The track days of `points` (every point of those days, in any order), by day.
    static func aggregate(points unordered: [Point]) -> [TrackDay] {
        let points = Point.inTrackOrder(unordered)
        var days: [TrackDay] = []
        for point in points {
            let day = point.day
            if var current = days.last, current.day == day {
                current.km += GreatCircle.km(current.last, point)
                current.last = point
                current.photos += 1
                days[days.count - 1] = current
            } else {
                days.append(TrackDay(day: day, photos: 1, first: point, last: point, km: 0))
            }
        }
        return days
    }

    /// `stored` (nil for a day without photos) with `points`, new points of the same day, when
    /// they all come after its last point: the day as ``aggregate(_:)`` gives it for all its
    /// photos, to the last bit, since the kilometres are summed in the same order. Nil when a
    /// new point comes earlier: the day must then be computed from its photos.
    public static func extending(_ stored: TrackDay?, with points: [Point]) -> TrackDay? {
        let sorted = Point.inTrackOrder(points)
        guard let first = sorted.first else { return stored }
        var day = stored ?? TrackDay(day: first.day, photos: 1, first: first, last: first, km: 0)
        if let stored {
            guard (stored.last.time, stored.last.path) < (first.time, first.path) else { return nil }
            day.km += GreatCircle.km(day.last, first)
            (day.last, day.photos) = (first, day.photos + 1)
        }
        for point in sorted.dropFirst() {
            day.km += GreatCircle.km(day.last, point)
            (day.last, day.photos) = (point, day.photos + 1)
        }
        return day
    }

    /// The distance along `days` (sorted by day): within each day and from each to the next.
    public static func distanceKm(_ days: [TrackDay]) -> Double {
        var km = 0.0
        for (i, day) in days.enumerated() {
            km += day.km
            if i > 0 { km += GreatCircle.km(days[i - 1].last, day.first) }
        }
        return km
    }
}

extension VisitPhoto {
    /// Where the photo sits on the track's time line: its UTC time when the offset is known,
    /// else the camera's clock.
    public var trackTime: String? { utcText ?? takenLocal }
}
