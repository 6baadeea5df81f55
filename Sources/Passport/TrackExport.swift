import TravelLog

/// The track of a trip or a year: every positioned photo whose local date lies in it, day by
/// day in time order, and the cities visited on those days, for `atlas export --track` to
/// write as GPX 1.1 or GeoJSON (``Format``; each shape is told where it is written).
///
/// ```swift
/// let trip = passport.trips().first!
/// let track = TrackExport(trip: trip, passport: passport, precision: .city)
/// let written = try track.write(.gpx, from: log) { bytes in try handle.write(contentsOf: bytes) }
/// print(written.points, written.days)
/// ```
///
/// Within a day the points follow the photos' UTC time where the offset is known, else the
/// camera's clock, ties by path (``VisitPhoto/trackTime``); a day is a local date. The photos
/// are read from the log a day at a time: a year's track is never held in memory. The same log
/// gives the same bytes. A value type; `Sendable`.
public struct TrackExport: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case gpx
        case geojson
    }

    /// How precisely positions are written. There is no `none`: a track without positions is
    /// empty.
    public enum Precision: String, Sendable, CaseIterable {
        /// As recorded: 7 decimals, with the elevation.
        case exact
        /// Rounded to 0.1° as the travel record's `--coordinates city` is; no elevation.
        case city

        var coordinates: TravelRecord.Coordinates { self == .exact ? .exact : .city }
    }

    /// Where and when one positioned photo was taken.
    public struct Point: Sendable, Equatable {
        public var latitude: Double
        public var longitude: Double
        /// Metres; nil when unknown.
        public var elevation: Double?
        /// `YYYY-MM-DDTHH:MM:SSZ`, nil when the photo's UTC offset is unknown.
        public var utcTime: String?
    }

    /// A city visited in the track's range: where its photos were on average, and on how many
    /// of its days.
    public struct City: Sendable, Equatable {
        public var place: PlaceLink
        public var country: PlaceLink?
        public var days: Int
        public var latitude: Double
        public var longitude: Double
    }

    /// What a write put out.
    public struct Written: Sendable, Equatable {
        public var points = 0
        /// Local dates with at least one point.
        public var days = 0

        public init(points: Int = 0, days: Int = 0) { (self.points, self.days) = (points, days) }
    }

    /// The trip's title, or the year.
    public var name: String
    /// The first and last local date, `YYYY-MM-DD`.
    public var first: String
    public var last: String
    public var precision: Precision
    /// By identifier.
    public var cities: [City]

    public init(name: String, first: String, last: String, precision: Precision = .exact, cities: [City]) {
        (self.name, self.first, self.last, self.precision, self.cities) = (name, first, last, precision, cities)
    }

    /// The track of `trip`, its cities from `passport`'s aggregates.
    public init(trip: Trip, passport: Passport, precision: Precision = .exact) {
        self.init(name: trip.title, first: trip.start, last: trip.end, precision: precision,
                  cities: Self.cities(passport.days, from: trip.start, through: trip.end))
    }

    /// The track of the year `year`.
    public init(year: Int, passport: Passport, precision: Precision = .exact) {
        let (first, last) = (Self.date(year, 1, 1), Self.date(year, 12, 31))
        self.init(name: String(year), first: first, last: last, precision: precision, cities: Self.cities(passport.days, from: first, through: last))
    }

    /// `YYYY-MM-DD`, the year in four digits at least, as the log writes dates.
    static func date(_ year: Int, _ month: Int, _ day: Int) -> String {
        func padded(_ n: Int, _ width: Int) -> String { String(repeating: "0", count: max(0, width - String(n).count)) + String(n) }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    /// The cities with a visit (``VisitPhoto/Status/visit``) between `first` and `last`, with
    /// the mean position of their positioned photos there; a city without one (only places
    /// set by hand) has no point to stand at and is left out.
    public static func cities(_ rows: [PlaceDay], from first: String, through last: String) -> [City] {
        var sums: [PlaceLink: (country: PlaceLink?, dates: Set<String>, positioned: Int, lat: Double, lon: Double)] = [:]
        for row in rows where row.status == .visit {
            guard let city = row.city, let date = row.date, first <= date, date <= last else { continue }
            // Added in place: a sum copied out and stored back copied its set of dates each time.
            func add(_ s: inout (country: PlaceLink?, dates: Set<String>, positioned: Int, lat: Double, lon: Double)) {
                s.dates.insert(date)
                (s.positioned, s.lat, s.lon) = (s.positioned + row.positioned, s.lat + row.latitudeSum, s.lon + row.longitudeSum)
            }
            add(&sums[city, default: (row.country, [], 0, 0, 0)])
        }
        return sums.compactMap { city, s in
            guard s.positioned > 0 else { return nil }
            return City(place: city, country: s.country, days: s.dates.count, latitude: PlaceDay.mean(s.lat, of: s.positioned), longitude: PlaceDay.mean(s.lon, of: s.positioned))
        }.sorted { ($0.place.id, $0.place.name) < ($1.place.id, $1.place.name) }
    }

    /// The points of one day's `photos`: those with a position on the globe, in time order
    /// (UTC where known, else the camera's clock), ties by path.
    public static func points(_ photos: [VisitPhoto]) -> [Point] {
        photos.compactMap { p -> (key: (String, String), point: Point)? in
            guard let lat = p.latitude, let lon = p.longitude, lat.isFinite, lon.isFinite, abs(lat) <= 90, abs(lon) <= 180 else { return nil }
            let point = Point(latitude: lat, longitude: lon, elevation: p.altitude.flatMap { $0.isFinite ? $0 : nil }, utcTime: p.utcText)
            return ((p.trackTime ?? "", p.path), point)
        }.sorted { $0.key < $1.key }.map(\.point)
    }

    /// Writes the track in `format`, its photos read from `log`.
    @discardableResult
    public func write(_ format: Format, from log: TravelLog, _ emit: ([UInt8]) throws -> Void) throws -> Written {
        try write(format, days: { body in try log.forEachDay(from: first, through: last, body) }, emit)
    }

    /// Writes the track in `format`, its photos given by `days` (each local date of the range
    /// with its photos, in date order, as ``TravelLog/forEachDay(from:through:_:)`` gives them).
    @discardableResult
    public func write(_ format: Format, days: (_ body: (String, [VisitPhoto]) throws -> Void) throws -> Void,
                      _ emit: ([UInt8]) throws -> Void) throws -> Written {
        var written = Written()
        // `days` calls the body before it returns: `emit` never outlives this call.
        try withoutActuallyEscaping(emit) { emit in
            try emit(format == .gpx ? gpxHead : geoJSONHead)
            try days { date, photos in
                let points = Self.points(photos)
                guard !points.isEmpty else { return }
                try emit(format == .gpx ? gpxSegment(points) : geoJSONDay(date, points, first: written.days == 0))
                (written.points, written.days) = (written.points + points.count, written.days + 1)
            }
            try emit(format == .gpx ? gpxTail : geoJSONTail(after: written.days))
        }
        return written
    }
}
