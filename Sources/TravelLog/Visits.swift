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
    }

    private var byLevel: [Level: [Visit]] = [:]

    /// The visits of `days` (aggregate rows), `marks` and `flights` (their airports only: a
    /// flight's countries are passed through, not visited).
    public init(days: [PlaceDay], marks: [Mark], flights: [Flight] = []) {
        var table: [Level: [String: Visit]] = [:]
        // Rows need not come by date (a log's history rows come after its photos').
        var historyDates: [Level: [String: Set<String>]] = [:]
        func touch(_ level: Level, _ link: PlaceLink?, _ day: String?, photos: Int, marks: Int, history: Bool = false, flights: Int = 0,
                   continent: PlaceLink?, country: PlaceLink?, region: PlaceLink?, city: PlaceLink? = nil) {
            guard let link else { return }
            // Changed in place: a copy out and back would copy its days at every touch.
            func update(_ v: inout Visit) {
                if level != .continent { v.continent = v.continent ?? continent }
                if level != .continent && level != .country { v.country = v.country ?? country }
                if level == .city || level == .district || level == .airport { v.region = v.region ?? region }
                if level == .district { v.city = v.city ?? city }
                v.add(day: day)
                v.photos += photos
                v.marks += marks
                v.flights += flights
            }
            if history, let day { historyDates[level, default: [:]][link.id, default: []].insert(day) }
            update(&table[level, default: [:]][link.id, default: Visit(kind: level.rawValue, id: link.id, name: link.name)])
        }
        for d in days {
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
        for (level, places) in historyDates {
            for (id, dates) in places { table[level]![id]!.historyDays = dates.count }
        }
        byLevel = table.mapValues { $0.values.sorted { $0.id < $1.id } }
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
