/// One row of the log's visit aggregates: the photos of one local date with one place snapshot
/// and one status, counted. Every passport answer reads these rows, never every photo.
///
/// ```swift
/// for day in try log.placeDays() where day.status == .visit {
///     print(day.date ?? "undated", day.city?.name ?? "-", day.photos)
/// }
/// ```
///
/// Unplaced photos have no row: they visit nothing. A value type; `Sendable`.
public struct PlaceDay: Sendable, Equatable {
    /// The local date `YYYY-MM-DD`, nil for photos without a capture time.
    public var date: String?
    /// `visit`, `transit` or `flight` (``VisitRules``).
    public var status: VisitPhoto.Status
    public var continent: PlaceLink?
    public var country: PlaceLink?
    public var region: PlaceLink?
    public var city: PlaceLink?
    public var district: PlaceLink?
    public var airport: PlaceLink?
    public var photos = 0
    /// Of ``photos``, how many have a hand-set place.
    public var handSet = 0
    /// Of ``photos``, how many have a position, and the sums of their coordinates: the mean
    /// position of the row, and the centre of any set of rows.
    public var positioned = 0
    public var latitudeSum = 0.0
    public var longitudeSum = 0.0
    /// The earliest and latest local capture time of the row's photos.
    public var firstTime: String?
    public var lastTime: String?

    public init(date: String?, status: VisitPhoto.Status) { (self.date, self.status) = (date, status) }

    /// The mean position of the row's positioned photos.
    public var meanPosition: (latitude: Double, longitude: Double)? {
        positioned == 0 ? nil : (latitudeSum / Double(positioned), longitudeSum / Double(positioned))
    }

    /// The rows of classified photos (``VisitRules/classify(_:)``), in a fixed order: by date,
    /// status, then the snapshot's identifiers and names.
    public static func aggregate(_ photos: [VisitPhoto]) -> [PlaceDay] {
        var rows: [Key: PlaceDay] = [:]
        for p in photos where p.status != .unplaced {
            var row = PlaceDay(date: p.localDate.flatMap { $0.isEmpty ? nil : $0 }, status: p.status)
            (row.continent, row.country, row.region, row.city, row.district, row.airport) = (p.continent, p.country, p.region, p.city, p.district, p.airport)
            let key = Key(row)
            row = rows[key] ?? row
            row.photos += 1
            if p.isHandSet { row.handSet += 1 }
            if let lat = p.latitude, let lon = p.longitude {
                row.positioned += 1
                row.latitudeSum += lat
                row.longitudeSum += lon
            }
            if let t = p.takenLocal {
                if row.firstTime.map({ t < $0 }) ?? true { row.firstTime = t }
                if row.lastTime.map({ t > $0 }) ?? true { row.lastTime = t }
            }
            rows[key] = row
        }
        return rows.sorted { $0.key < $1.key }.map(\.value)
    }

    /// What makes two photos the same row, and orders rows.
    struct Key: Hashable, Comparable {
        let fields: [String]
        init(_ d: PlaceDay) {
            fields = [d.date ?? "", d.status.rawValue] + [d.continent, d.country, d.region, d.city, d.district, d.airport].flatMap {
                [$0?.id ?? "", $0?.name ?? ""]
            }
        }
        static func < (a: Key, b: Key) -> Bool { a.fields.lexicographicallyPrecedes(b.fields) }
    }

    /// Rows in the order ``aggregate(_:)`` gives them, whatever order they came in.
    public static func sorted(_ rows: [PlaceDay]) -> [PlaceDay] {
        rows.map { (Key($0), $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }
}
