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
        let sorted = days.indices.dropFirst().allSatisfy { (days[$0 - 1].date ?? "") <= (days[$0].date ?? "") }
        tally.add(rows: sorted ? days : PlaceDay.sorted(days))
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
        var snapshots: [ObjectIdentifier: Int] = [:]
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
            for r in rows.indices {
                let places = rows[r].places
                let base = snapshots[ObjectIdentifier(places)] ?? {
                    slots.append(contentsOf: repeatElement(-1, count: Level.allCases.count))
                    snapshots[ObjectIdentifier(places)] = slots.count - Level.allCases.count
                    return slots.count - Level.allCases.count
                }()
                let (date, photos, history, status) = (rows[r].date, rows[r].photos, rows[r].isHistory, rows[r].status)
                let grounded = status != .flight && places.link(.country) != nil
                for kind in PlaceKind.levels {
                    // An airport counts on any day on the ground in a country; the rest on visit days.
                    guard kind == .airport ? grounded : status == .visit, let link = places.link(kind) else { continue }
                    var i = slots[base + kind.rank]
                    if i < 0 {
                        i = entry(kind, link)
                        slots[base + kind.rank] = i
                    }
                    entries[kind.rank][i].count(kind, day: date, photos: photos, history: history, parents: places)
                }
            }
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

        /// Counts a day (and photos, marks, flights) here; the parents the visit lacks are taken
        /// from `parents` (a city's continent, country and region; a district's city too).
        mutating func count(_ level: Level, day: String?, photos: Int = 0, marks: Int = 0, flights: Int = 0, history: Bool = false,
                            parents: PlaceDay.Places) {
            if !parented {
                let kinds = level.parentKinds
                var lineage = visit.parents.lineage
                for kind in kinds where lineage[kind] == nil { lineage[kind] = parents.link(kind) }
                visit.parents = PlaceDay.Places(lineage)
                parented = kinds.allSatisfy { lineage[$0] != nil }
            }
            visit.add(day: day)
            visit.photos += photos
            visit.marks += marks
            visit.flights += flights
            if history, let day, day != lastHistoryDay { (visit.historyDays, lastHistoryDay) = (visit.historyDays + 1, day) }
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
