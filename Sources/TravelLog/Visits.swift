/// The places visited, level by level, by ``VisitRules``: what the passport lists, the import
/// summary counts and the export writes, from the log's aggregates and marks.
///
/// ```swift
/// let visits = try log.visits()
/// visits[.country].map(\.name)   // ["France", "Italy", "Japan"]
/// ```
///
/// A value type; `Sendable`.
public struct Visits: Sendable, Equatable {
    public enum Level: String, Sendable, CaseIterable {
        case continent, country, region, city, district, airport

        /// Its place in ``allCases``.
        var index: Int {
            switch self {
            case .continent: 0
            case .country: 1
            case .region: 2
            case .city: 3
            case .district: 4
            case .airport: 5
            }
        }
    }

    private var byLevel: [Level: [Visit]] = [:]

    /// The visits of `days` (aggregate rows), `marks` and `flights` (their airports only: a
    /// flight's countries are passed through, not visited).
    public init(days: [PlaceDay], marks: [Mark], flights: [Flight] = []) {
        // By level (``Level/allCases``' order), then identifier; the last date a history
        // counted for each, as rows come by date.
        struct Entry { var visit: Visit; var lastHistoryDay: String? = nil }
        var table = [[String: Entry]](repeating: [:], count: Level.allCases.count)
        func touch(_ level: Level, _ link: PlaceLink?, _ day: String?, photos: Int, marks: Int, history: Bool = false, flights: Int = 0,
                   continent: PlaceLink?, country: PlaceLink?, region: PlaceLink?, city: PlaceLink? = nil) {
            guard let link else { return }
            // Changed in place: a copy out and back would copy its days at every touch.
            func update(_ e: inout Entry) {
                if level != .continent { e.visit.continent = e.visit.continent ?? continent }
                if level != .continent && level != .country { e.visit.country = e.visit.country ?? country }
                if level == .city || level == .district || level == .airport { e.visit.region = e.visit.region ?? region }
                if level == .district { e.visit.city = e.visit.city ?? city }
                e.visit.add(day: day)
                e.visit.photos += photos
                e.visit.marks += marks
                e.visit.flights += flights
                if history, let day, day != e.lastHistoryDay { (e.visit.historyDays, e.lastHistoryDay) = (e.visit.historyDays + 1, day) }
            }
            update(&table[level.index][link.id, default: Entry(visit: Visit(kind: level.rawValue, id: link.id, name: link.name))])
        }
        let byDate = zip(days, days.dropFirst()).allSatisfy { ($0.date ?? "") <= ($1.date ?? "") } ? days : PlaceDay.sorted(days)
        for d in byDate {
            let history = d.isHistory
            if d.status != .flight, d.country != nil {
                touch(.airport, d.airport, d.date, photos: d.photos, marks: 0, history: history, continent: d.continent, country: d.country, region: d.region)
            }
            guard d.status == .visit else { continue }
            touch(.continent, d.continent, d.date, photos: d.photos, marks: 0, history: history, continent: nil, country: nil, region: nil)
            touch(.country, d.country, d.date, photos: d.photos, marks: 0, history: history, continent: d.continent, country: nil, region: nil)
            touch(.region, d.region, d.date, photos: d.photos, marks: 0, history: history, continent: d.continent, country: d.country, region: nil)
            touch(.city, d.city, d.date, photos: d.photos, marks: 0, history: history, continent: d.continent, country: d.country, region: d.region)
            touch(.district, d.district, d.date, photos: d.photos, marks: 0, history: history, continent: d.continent, country: d.country,
                  region: d.region, city: d.city)
        }
        for m in marks {
            let (continent, country, region, city) = (PlaceLink(m.continent), PlaceLink(m.country), PlaceLink(m.region), PlaceLink(m.city))
            touch(.continent, continent, m.date, photos: 0, marks: 1, continent: nil, country: nil, region: nil)
            touch(.country, country, m.date, photos: 0, marks: 1, continent: continent, country: nil, region: nil)
            touch(.region, region, m.date, photos: 0, marks: 1, continent: continent, country: country, region: nil)
            touch(.city, city, m.date, photos: 0, marks: 1, continent: continent, country: country, region: region)
            // A mark's snapshot stops at the city: a district or an airport is the marked place itself.
            let marked = PlaceLink(id: m.placeID, name: m.placeName)
            if m.placeID.hasPrefix("district:") {
                touch(.district, marked, m.date, photos: 0, marks: 1, continent: continent, country: country, region: region, city: city)
            }
            if m.placeID.hasPrefix("airport:") {
                touch(.airport, marked, m.date, photos: 0, marks: 1, continent: continent, country: country, region: region)
            }
        }
        for f in flights {
            for a in [f.from, f.to] {
                touch(.airport, a.place, f.date, photos: 0, marks: 0, flights: 1, continent: a.continent, country: a.country, region: a.region)
            }
        }
        for level in Level.allCases where !table[level.index].isEmpty {
            byLevel[level] = table[level.index].values.map(\.visit).sorted { $0.id < $1.id }
        }
    }

    /// The visited places of one level, sorted by identifier.
    public subscript(level: Level) -> [Visit] { byLevel[level] ?? [] }

    /// The countries, regions, cities and airports visited, as identifier → name.
    public var places: VisitedPlaces {
        func names(_ level: Level) -> [String: String] { Dictionary(self[level].map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a }) }
        var out = VisitedPlaces()
        (out.countries, out.regions, out.cities, out.airports) = (names(.country), names(.region), names(.city), names(.airport))
        return out
    }
}
