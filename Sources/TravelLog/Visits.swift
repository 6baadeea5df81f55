import Gazetteer

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
    /// The levels visits are counted at: the kinds of the place hierarchy.
    public typealias Level = PlaceKind

    private var byLevel: [Level: [Visit]] = [:]

    /// The visits of `days` (aggregate rows), `marks` and `flights` (their airports only: a
    /// flight's countries are passed through, not visited).
    public init(days: [PlaceDay], marks: [Mark], flights: [Flight] = []) {
        var tally = Tally()
        tally.add(rows: Self.byDate(days))
        for m in marks {
            let parents = PlaceDay.Places(PlaceLineage(continent: m.continent, country: m.country, region: m.region, city: m.city))
            parents.lineage.forEach { kind, link in tally.touch(kind, link, m.date, marks: 1, parents: parents) }
            // A mark's snapshot stops at the city: a place below it is the marked place itself.
            if let kind = PlaceID(m.placeID)?.kind, kind > .city {
                tally.touch(kind, PlaceLink(id: m.placeID, name: m.placeName), m.date, marks: 1, parents: parents)
            }
        }
        for f in flights {
            for a in [f.from, f.to] {
                tally.touch(.airport, a.place, f.date, flights: 1, parents: PlaceDay.Places(PlaceLineage(continent: a.continent, country: a.country, region: a.region)))
            }
        }
        for level in Level.allCases where !tally.entries[level.rank].isEmpty {
            byLevel[level] = tally.entries[level.rank].map(\.visit).sorted { $0.id < $1.id }
        }
    }

    /// The visits being counted: by level (``Level/allCases``' order), in order of first touch,
    /// with an index by identifier. A struct's stored arrays, not variables captured by nested
    /// functions: those were checked for exclusive access at run time at every row and level
    /// (a sixth of the visits' instructions).
    private struct Tally {
        var entries = [[Entry]](repeating: [], count: Level.allCases.count)
        var index = [[String: Int]](repeating: [:], count: Level.allCases.count)
        // Rows share their place snapshots (``PlaceDay/Places``): a snapshot's entries are
        // looked up by identifier once, then by their place in `slots`.
        var snapshots = IdentityTable()
        var slots: [Int] = []

        mutating func entry(_ level: Level, _ link: PlaceLink) -> Int {
            if let i = index[level.rank][link.id] { return i }
            entries[level.rank].append(Entry(visit: Visit(kind: level.rawValue, id: link.id, name: link.name)))
            index[level.rank][link.id] = entries[level.rank].count - 1
            return entries[level.rank].count - 1
        }

        /// Rows by date, read field by field, by index: a row copied whole (by `for d in
        /// days`, or `zip`) retains and releases its three strings and its snapshot; on the
        /// million-photo spread log's 49,196 rows that was 39 M instructions, 11% of `atlas
        /// countries`.
        mutating func add(rows: [PlaceDay]) {
            // Rows come by date: a date is read as a number once per run of rows that share it,
            // and a visit's days are then compared as numbers, not as text.
            var date: String?
            var day: Int?
            for r in rows.indices {
                let places = rows[r].places
                let base = snapshots[places] ?? slots(of: places)
                let (photos, history, status) = (rows[r].photos, rows[r].isHistory, rows[r].status)
                if rows[r].date != date { (date, day) = (rows[r].date, rows[r].date.flatMap(CalendarDay.init).map(\.number)) }
                let grounded = status != .flight && slots[base + PlaceKind.country.rank] != Self.none
                for kind in PlaceKind.levels {
                    var i = slots[base + kind.rank]
                    guard i != Self.none, Visits.counts(kind, status: status, grounded: grounded) else { continue }
                    if i == Self.unknown {
                        i = entry(kind, places.link(kind)!)
                        slots[base + kind.rank] = i
                    }
                    entries[kind.rank][i].count(kind, day: date, number: day, photos: photos, history: history, parents: places)
                }
            }
        }

        /// A snapshot's slot: its place has no entry yet (made when a row first counts there,
        /// so a place only flown over is no visit), or it has no place at that level.
        private static let unknown = -1, none = -2

        /// Where the slots of a snapshot's places start in `slots`: which levels it has a place
        /// at is read once per snapshot (a link read from a snapshot copies all its links).
        private mutating func slots(of places: PlaceDay.Places) -> Int {
            let base = slots.count
            for kind in Level.allCases { slots.append(places.link(kind) == nil ? Self.none : Self.unknown) }
            snapshots[places] = base
            return base
        }

        mutating func touch(_ level: Level, _ link: PlaceLink?, _ day: String?, marks: Int = 0, flights: Int = 0, parents: PlaceDay.Places) {
            guard let link else { return }
            entries[level.rank][entry(level, link)].count(level, day: day, marks: marks, flights: flights, parents: parents)
        }
    }

    /// A visit being counted.
    private struct Entry {
        var visit: Visit
        /// The last date a history counted, as rows come by date.
        var lastHistoryDay: String? = nil
        /// Whether the visit has each parent its level takes: the rows after need not look.
        var parented = false
        /// The day number of the visit's last day while every day came with one (a valid date),
        /// in order or not: a later day is then appended without comparing texts.
        var lastNumber: Int? = nil
        var numbered = true

        /// Counts a day (and photos, marks, flights) here; the parents the visit lacks are taken
        /// from `parents` (a city's continent, country and region; a district's city too).
        /// `number` is `day`'s day number, when known.
        mutating func count(_ level: Level, day: String?, number: Int? = nil, photos: Int = 0, marks: Int = 0, flights: Int = 0,
                            history: Bool = false, parents: PlaceDay.Places) {
            if !parented {
                let kinds = level.parentKinds
                var lineage = visit.parents.lineage
                for kind in kinds where lineage[kind] == nil { lineage[kind] = parents.link(kind) }
                visit.parents = PlaceDay.Places(lineage)
                parented = kinds.allSatisfy { lineage[$0] != nil }
            }
            if let day {
                if numbered, let number, number > lastNumber ?? .min {
                    visit.days.append(day)
                    lastNumber = number
                } else if !numbered || number == nil || number != lastNumber {
                    // Out of order or not a date: the texts decide, from here on.
                    numbered = numbered && number != nil
                    visit.add(day: day)
                }
            }
            visit.photos += photos
            visit.marks += marks
            visit.flights += flights
            if history, let day, day != lastHistoryDay { (visit.historyDays, lastHistoryDay) = (visit.historyDays + 1, day) }
        }
    }

    /// `days` by date, as visits count them: as they are when they come so, else sorted.
    private static func byDate(_ days: [PlaceDay]) -> [PlaceDay] {
        let sorted = days.indices.dropFirst().allSatisfy { (days[$0 - 1].date ?? "") <= (days[$0].date ?? "") }
        return sorted ? days : PlaceDay.sorted(days)
    }

    /// Whether a row counts at `kind`: an airport on any day on the ground in a country
    /// (`grounded`: not in flight, with a country), the rest on visit days.
    @inline(__always)
    static func counts(_ kind: Level, status: VisitPhoto.Status, grounded: Bool) -> Bool {
        kind == .airport ? grounded : status == .visit
    }

    /// What `Visits(days: days, marks: marks).places` gives, each place by the name it was first
    /// counted under, without counting days, photos and parents: what an import's summary asks
    /// of the log before and after it (0.1 s on a 100,000-photo log, as visits).
    public static func places(days: [PlaceDay], marks: [Mark]) -> VisitedPlaces {
        let levels: [Level] = [.country, .region, .city, .airport]
        var names = [[String: String]](repeating: [:], count: Level.allCases.count)
        func touch(_ kind: Level, _ link: PlaceLink?) {
            guard let link, names[kind.rank][link.id] == nil else { return }
            names[kind.rank][link.id] = link.name
        }
        // In the order visits count them: a place named two ways keeps its first name.
        let rows = byDate(days)
        // Rows share their place snapshots: each is read once as visited and once as grounded.
        var done = IdentityTable()
        for r in rows.indices {
            let places = rows[r].places, status = rows[r].status
            let grounded = status != .flight && places.link(.country) != nil
            let need = (status == .visit ? 1 : 0) | (grounded ? 2 : 0)
            let had = done[places] ?? 0
            guard need & ~had != 0 else { continue }
            done[places] = had | need
            for kind in levels where counts(kind, status: status, grounded: grounded) { touch(kind, places.link(kind)) }
        }
        for m in marks {
            let parents = PlaceLineage(continent: m.continent, country: m.country, region: m.region, city: m.city)
            for kind in levels { touch(kind, parents[kind]) }
            if let kind = PlaceID(m.placeID)?.kind, kind > .city { touch(kind, PlaceLink(id: m.placeID, name: m.placeName)) }
        }
        var out = VisitedPlaces()
        (out.countries, out.regions, out.cities, out.airports) = (names[Level.country.rank], names[Level.region.rank],
                                                                   names[Level.city.rank], names[Level.airport.rank])
        return out
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
