import Gazetteer
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
@dynamicMemberLookup
public struct PlaceDay: Sendable, Equatable {
    /// The local date `YYYY-MM-DD`, nil for photos without a capture time.
    public var date: String?
    /// `visit`, `transit` or `flight` (``VisitRules``).
    public var status: VisitPhoto.Status
    /// The row's place snapshot, level by level (``continent`` … ``airport``).
    public var places: Places
    public var photos = 0
    /// Of ``photos``, how many have a hand-set place.
    public var handSet = 0
    /// Of ``photos``, how many have a position, and the sums of their coordinates: the mean
    /// position of the row, and the centre of any set of rows. Summed in whole units of 1e-7
    /// degrees (``units(_:)``), the precision of the travel record: a sum is exact in any
    /// order, and a log restored from its record sums to the same, so every figure derived
    /// from positions (homes, trip maps, distances from home) is the same after a restore.
    public var positioned = 0
    public var latitudeSum = 0.0
    public var longitudeSum = 0.0
    /// The earliest and latest local capture time of the row's photos.
    public var firstTime: LocalTime?
    public var lastTime: LocalTime?
    /// For a row a location history gives (``TravelLog/historyDays()``), how many of its
    /// points and visits fell there that day; 0 for a row of photos. Such a row has no photos:
    /// `visit` is a stay, `transit` a place passed through.
    public var historyPoints = 0

    /// Whether the row comes from a location history rather than from photos.
    public var isHistory: Bool { historyPoints > 0 }

    public init(date: String?, status: VisitPhoto.Status) { (self.date, self.status, self.places) = (date, status, .none) }

    /// Every field at once, for a reader that has them all (``AggregateSnapshot``).
    init(date: String?, status: VisitPhoto.Status, places: Places, photos: Int, handSet: Int, positioned: Int,
         latitudeSum: Double, longitudeSum: Double, firstTime: LocalTime?, lastTime: LocalTime?, historyPoints: Int) {
        (self.date, self.status, self.places, self.photos, self.handSet, self.positioned) = (date, status, places, photos, handSet, positioned)
        (self.latitudeSum, self.longitudeSum, self.firstTime, self.lastTime, self.historyPoints) = (latitudeSum, longitudeSum, firstTime, lastTime, historyPoints)
    }

    /// The mean position of the row's positioned photos.
    public var meanPosition: (latitude: Double, longitude: Double)? {
        positioned == 0 ? nil : (Self.mean(latitudeSum, of: positioned), Self.mean(longitudeSum, of: positioned))
    }

    /// A coordinate in the whole units of 1e-7 degrees that ``latitudeSum`` and
    /// ``longitudeSum`` add up: the digits the travel record prints (``RecordPrecision``).
    public static func units(_ degrees: Double) -> Double { RecordPrecision.units(degrees, scale: 1e7) }

    /// The mean, in degrees, of `count` coordinates that add up to `sum` units.
    public static func mean(_ sum: Double, of count: Int) -> Double { sum / Double(count) / 1e7 }

    /// The rows of classified photos (``VisitRules/classify(_:)``), in a fixed order: by date,
    /// status, then the snapshot's identifiers and names.
    public static func aggregate(_ photos: [VisitPhoto]) -> [PlaceDay] {
        var rows: [PlaceDay] = []
        var index: [Key: Int] = [:]
        var previous: (photo: VisitPhoto, row: Int)?
        for p in photos where p.status != .unplaced {
            let row: Int
            // Photos come by time: most share the row of the one before (hashing a snapshot's
            // twelve strings is most of the work otherwise).
            if let previous, previous.photo.sharesRow(with: p) {
                row = previous.row
            } else {
                var new = PlaceDay(date: p.localDate.flatMap { $0.isEmpty ? nil : $0 }, status: p.status)
                new.places = Places(p)
                let key = Key(new)
                if let known = index[key] {
                    row = known
                } else {
                    row = rows.count
                    index[key] = row
                    rows.append(new)
                }
            }
            previous = (p, row)
            rows[row].add(p)
        }
        return sorted(rows)
    }

    /// What makes two rows of one date one row in ``adding(_:to:)``.
    private struct Ground: Hashable { let flight: Bool, links: [PlaceLink?] }

    /// The rows of one date and country (``aggregate(_:)``'s, of their photos) with `photos`,
    /// new photos of that date and country, added: the rows of all of them, without reading
    /// the old photos back, `stored` first (in their order, changed where photos were added to
    /// them or their status moved), then rows of their own. A row's grounded photos share their
    /// country's status, and a country is in transit when every grounded row of it is at an
    /// airport with no hand-set photo: the statuses are decided again from the rows, as
    /// ``VisitRules/classify(_:)`` decides them from the photos. `photos` must have no
    /// hand-set place.
    public static func adding(_ photos: some Sequence<VisitPhoto>, to stored: [PlaceDay]) -> [PlaceDay] {
        func ground(_ d: PlaceDay) -> Ground { Ground(flight: d.status == .flight, links: Key(d).links) }
        var rows = stored
        var index = Dictionary(rows.indices.map { (ground(rows[$0]), $0) }, uniquingKeysWith: { a, _ in a })
        var last: Int?
        for p in photos where p.country != nil {
            // A photo is most often of the row of the one before: compared, not hashed.
            if let last, (rows[last].status == .flight) == p.isInFlight, rows[last].date == p.localDate.flatMap({ $0.isEmpty ? nil : $0 }),
               rows[last].places.lineage == p.places {
                rows[last].add(p)
                continue
            }
            var new = PlaceDay(date: p.localDate.flatMap { $0.isEmpty ? nil : $0 }, status: p.isInFlight ? .flight : .visit)
            new.places = Places(p)
            let key = ground(new)
            let row = index[key] ?? rows.count
            if row == rows.count {
                index[key] = row
                rows.append(new)
            }
            rows[row].add(p)
            last = row
        }
        var allAtAirports: [String: Bool] = [:]
        for d in rows where d.status != .flight && d.date != nil {
            guard let country = d.country?.id else { continue }
            allAtAirports[country] = allAtAirports[country, default: true] && d.airport != nil && d.handSet == 0
        }
        for i in rows.indices where rows[i].status != .flight {
            let transit = rows[i].date != nil && rows[i].country.map { allAtAirports[$0.id] == true } == true
            rows[i].status = transit ? .transit : .visit
        }
        return rows
    }

    private mutating func add(_ p: VisitPhoto) {
        photos += 1
        if p.isHandSet { handSet += 1 }
        if let lat = p.latitude, let lon = p.longitude {
            positioned += 1
            latitudeSum += Self.units(lat)
            longitudeSum += Self.units(lon)
        }
        if let text = p.takenLocal {
            let t = LocalTime(text)
            if firstTime.map({ t < $0 }) ?? true { firstTime = t }
            if lastTime.map({ t > $0 }) ?? true { lastTime = t }
        }
    }

    /// What makes two photos the same row, and orders rows: date, status, then each level's
    /// identifier and name from the continent down ('' for none).
    struct Key: Hashable, Comparable {
        let date: String
        let status: String
        let links: [PlaceLink?]

        init(_ d: PlaceDay) {
            (date, status) = (d.date ?? "", d.status.rawValue)
            links = d.places.links
        }

        static func < (a: Key, b: Key) -> Bool {
            if a.date != b.date { return a.date < b.date }
            if a.status != b.status { return a.status < b.status }
            for (x, y) in zip(a.links, b.links) where x != y { return PlaceDay.precedes(x, y) }
            return false
        }
    }

    /// Whether `a` comes before `b` in ``aggregate(_:)``'s order (``Key``'s), read from the
    /// rows' fields without making keys or copying rows: passport reads sort tens of thousands.
    @inline(__always)
    static func precedes(_ a: borrowing PlaceDay, _ b: borrowing PlaceDay) -> Bool {
        if a.date != b.date { return (a.date ?? "") < (b.date ?? "") }
        if a.status != b.status { return a.status.rawValue < b.status.rawValue }
        if a.places === b.places { return false }
        for kind in PlaceKind.levels {
            let (x, y) = (a.places.lineage[kind], b.places.lineage[kind])
            if x != y { return precedes(x, y) }
        }
        return false
    }

    /// Two different links of one level in order: by identifier, then name, none ('') first.
    private static func precedes(_ x: PlaceLink?, _ y: PlaceLink?) -> Bool {
        let (xi, yi) = (x?.id ?? "", y?.id ?? "")
        return xi != yi ? xi < yi : (x?.name ?? "") < (y?.name ?? "")
    }

    /// Rows in the order ``aggregate(_:)`` gives them, whatever order they came in.
    public static func sorted(_ rows: [PlaceDay]) -> [PlaceDay] {
        // Indices move, not rows (a row is a dozen strings), and rows are compared in place.
        rows.withUnsafeBufferPointer { b in
            // The log keeps most rows in this order already: checking costs a comparison a row.
            if b.indices.dropFirst().allSatisfy({ !precedes(b[$0], b[$0 - 1]) }) { return rows }
            return b.indices.sorted { precedes(b[$0], b[$1]) }.map { b[$0] }
        }
    }

    /// Two lists of rows each in ``sorted(_:)``'s order, as one in that order (`a`'s row first
    /// of two equal ones).
    public static func merged(_ a: [PlaceDay], _ b: [PlaceDay]) -> [PlaceDay] {
        guard !a.isEmpty, !b.isEmpty else { return a.isEmpty ? b : a }
        var out: [PlaceDay] = []
        out.reserveCapacity(a.count + b.count)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                var (i, j) = (0, 0)
                while i < a.count, j < b.count {
                    if precedes(b[j], a[i]) { out.append(b[j]); j += 1 } else { out.append(a[i]); i += 1 }
                }
                out += a[i...]
                out += b[j...]
            }
        }
        return out
    }
}

extension VisitPhoto {
    /// Whether `other` counts in the same ``PlaceDay`` row.
    func sharesRow(with other: VisitPhoto) -> Bool {
        status == other.status && localDate == other.localDate && places == other.places
    }
}
