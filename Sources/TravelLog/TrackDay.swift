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
    }

    /// `YYYY-MM-DD` of ``VisitPhoto/trackTime``.
    public var day: String
    public var photos: Int
    public var first: Point
    public var last: Point
    public var km: Double

    /// The track days of `photos` (every photo of those days, in any order), by day.
    public static func aggregate(_ photos: [VisitPhoto]) -> [TrackDay] {
        let points = photos.compactMap { p -> Point? in
            guard let lat = p.latitude, let lon = p.longitude, let time = p.trackTime else { return nil }
            return Point(time: time, path: p.path, latitude: lat, longitude: lon)
        }.sorted { ($0.time, $0.path) < ($1.time, $1.path) }
        var days: [TrackDay] = []
        for point in points {
            let day = String(point.time.prefix(10))
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
