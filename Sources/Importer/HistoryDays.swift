import Foundation
import Gazetteer
import TravelLog

/// What the location histories of a log say of its days: where one **stayed** (a visit
/// segment, or points spanning at least ``Rules/minimumStay`` at one place) and where one only
/// **passed through** (by car or train, without a stay), each on every local date it covers in
/// the zone of its position, never in UTC. Flights are neither.
///
/// ```swift
/// let built = try HistoryDays(finder: finder).build(from: log)
/// try log.write { try log.replaceHistoryDays(built.days); try log.setHistoryDuplicates(built.duplicates) }
/// ```
///
/// The points of every history are merged by time, and a point within 2 s and 5 m of a kept
/// point of another history is a repeat of it (two overlapping exports count once). A point is
/// in flight inside a `FLYING` activity, or when it is reached from the point before at over
/// ``Rules/flightKmh``. The rest are resolved and cut into runs of one place (the city, else
/// the region, else the country) with no gap over ``Rules/maximumGap``: a run in which the
/// points stay within ``Rules/dwellMetres`` of one another for ``Rules/minimumStay`` is a stay
/// on every local date from its first point's to its last's; any other is a passage through
/// its countries and regions on the dates of its points (a motorway past a town, or across an
/// empty region for hours, makes no place visited). A run only at an airport is a passage there:
/// an airside layover is transit, as a photo's is. The rows are ``PlaceDay``s with
/// ``PlaceDay/historyPoints``: `visit` for stays, `transit` for passages.
///
/// Reads the log one week of points at a time: memory is set by a week's points and the cells met.
/// Not thread-safe; use one per build.
public struct HistoryDays {
    public struct Rules: Sendable, Equatable {
        /// How long points must stay at one place to make a stay (`--min-stay`).
        public var minimumStay: Int64 = 30 * 60_000
        /// How near to each other points must stay for that long: a hotel, a street, a beach,
        /// with the scatter of a phone's fixes indoors; not a motorway.
        public var dwellMetres = 1_000.0
        /// Faster than this between two points is flying.
        public var flightKmh = 250.0
        /// A run of points at one place ends at a silence longer than this: a phone that said
        /// nothing for a day says nothing of where its owner slept.
        public var maximumGap: Int64 = 24 * 3_600_000

        public init(minimumStay: Int64 = 30 * 60_000) { self.minimumStay = minimumStay }
    }

    public let finder: PlaceFinder
    public let rules: Rules

    public init(finder: PlaceFinder, rules: Rules = .init()) { (self.finder, self.rules) = (finder, rules) }

    /// The days of every history in `log`, and per history how many of its points another
    /// (stored before it) already had. The days of histories restored without their points
    /// (``TravelRecord`` restores) are kept where the points give none.
    public func build(from log: TravelLog) throws -> (days: [PlaceDay], duplicates: [Int64: Int]) {
        try build(points: log, log: log)
    }

    /// ``build(from:)`` of the points and segments of `source` (a dry run's files read beside
    /// the log's), `log` for the days of restored histories.
    func build(points source: some HistorySource, log: TravelLog?) throws -> (days: [PlaceDay], duplicates: [Int64: Int]) {
        let segments = try source.historySegments()
        var builder = Builder(finder: finder, rules: rules, flights: segments.filter { $0.segment.kind == .flight }.map { ($0.segment.start, $0.segment.end) })
        if let span = try source.historySpan() {
            try source.forEachWeek(from: span.first, through: span.last) { window in
                try builder.resolve(window.map(\.point))
                for (id, p) in window { try builder.add(p, history: id) }
            }
        }
        builder.closeRun()
        for (_, s) in segments where s.kind == .visit { try builder.addVisit(s) }
        var days = builder.rows()
        // A history restored from a travel record has its days but not its points (size -1
        // until its file is read again): its days stand on the dates no points speak for.
        if let log, try log.storedHistories().contains(where: { $0.size < 0 }) {
            let dates = Set(days.compactMap(\.date))
            days += try log.historyDays().filter { !dates.contains($0.date ?? "") }
        }
        return (days, builder.duplicates)
    }
}

extension HistoryDays {
    /// A place as the build keeps it: the links its rows carry and the zone of its clocks,
    /// interned once for all the points there.
    struct Place {
        /// The resolved place without its district (a history's rows name no neighbourhood).
        var lineage: PlaceLineage<PlaceLink>
        /// Its time zone, as an index of ``Builder/zones`` (-1: none known, UTC).
        var zone: Int32
        /// The place a stay is at (the city, else the region, else the country), as an index of
        /// ``Builder/stays``.
        var stay: Int32
    }

    /// The running state of one build.
    struct Builder {
        let finder: PlaceFinder
        let rules: Rules
        private let flights: [(start: Int64, end: Int64)]
        private var flightIndex = 0
        var duplicates: [Int64: Int] = [:]
        private var repeats = HistoryFile.Repeats()
        private var previous: TimedPosition?
        private var previousInFlight = false
        /// Every place the resolver found, the stay key of each (``Place/stay``), and the place
        /// of each cell of ``cellUnits`` met (-1: none there, the sea).
        private(set) var places: [Place] = []
        /// The places of the rows (their links), numbered.
        private var rowIndex: [PlaceLineage<PlaceLink>: (row: Int32, places: PlaceDay.Places)] = [:]
        /// The places found by the resolver, by their lineage.
        private var foundIndex: [PlaceLineage<PlaceLink>: Int32] = [:]
        private var stays: [PlaceLink: Int32] = [:]
        private var cells: [Int64: Int32] = [:]
        private var zones: [TimeZone] = []
        private var zoneIndex: [String: Int32] = [:]
        private var offsetCache: (zone: Int32, slot: Int, offset: Int)?
        private var run: Run?
        private var table: [Key: PlaceDay] = [:]

        /// Points in one cell of this many 1e-7 degrees (0.001°: 111 m of latitude) share the
        /// place of the first of them resolved: a phone's points at one place cost one
        /// resolution, and an answer is off by at most the cell's size, well inside what a
        /// phone's fix is worth near a border.
        static let cellUnits: Int64 = 10_000

        init(finder: PlaceFinder, rules: Rules, flights: [(start: Int64, end: Int64)]) {
            (self.finder, self.rules) = (finder, rules)
            self.flights = flights.sorted { $0.start < $1.start }
        }

        /// One stretch of points at one place.
        struct Run {
            var stay: Int32
            var place: Int32
            var last: Int64
            var onlyAirport: Bool
            /// Where the points last settled, and whether they stayed within ``Rules/dwellMetres``
            /// of such a point for ``Rules/minimumStay``: a stay, not a drive across the place.
            var anchor: TimedPosition
            var dwelled = false
            /// Per local day (days since 1970): its points, all of them and by place.
            var days: [Int: (all: Tally, byPlace: [Int32: Tally])] = [:]
        }

        /// Points of one day: their count, the sums of their coordinates (E7) and their first and
        /// last local time (seconds since 1970 on the wall clock).
        struct Tally {
            var points = 0
            var latitudeSum = 0.0
            var longitudeSum = 0.0
            var first: Int
            var last: Int

            init(at local: Int) { (first, last) = (local, local) }

            mutating func add(_ p: TimedPosition, at local: Int) {
                points += 1
                latitudeSum += Double(p.latitudeE7)
                longitudeSum += Double(p.longitudeE7)
                first = min(first, local)
                last = max(last, local)
            }
        }

        struct Key: Hashable {
            var day: Int
            var status: VisitPhoto.Status
            /// The row's places, as an index of ``rowIndex``.
            var row: Int32
        }

        mutating func add(_ p: TimedPosition, history: Int64) throws {
            if repeats.isRepeat(p, of: history) {
                duplicates[history, default: 0] += 1
                return
            }
            defer { previous = p }
            if inFlight(p) { return closeRun() }
            let index = try locate(p)
            guard index >= 0 else { return closeRun() }
            let place = places[Int(index)]
            if let r = run, r.stay != place.stay || p.instant - r.last > rules.maximumGap { closeRun() }
            let local = localSeconds(p.instant, place.zone)
            let day = local.dividedRoundingDown(by: 86_400)
            if run == nil { run = Run(stay: place.stay, place: index, last: p.instant, onlyAirport: true, anchor: p) }
            run!.last = p.instant
            if HistoryFile.metres(run!.anchor, p) > rules.dwellMetres {
                run!.anchor = p
            } else if p.instant - run!.anchor.instant >= rules.minimumStay {
                run!.dwelled = true
            }
            if place.lineage.airport == nil { run!.onlyAirport = false }
            run!.days[day, default: (Tally(at: local), [:])].all.add(p, at: local)
            run!.days[day]!.byPlace[index, default: Tally(at: local)].add(p, at: local)
        }

        /// A visit segment: a stay at its position on every local date it covers.
        mutating func addVisit(_ s: HistorySegment) throws {
            guard let lat = s.latitude, let lon = s.longitude, let p = TimedPosition(instant: s.start, latitude: lat, longitude: lon) else { return }
            let index = try locate(p)
            guard index >= 0 else { return }
            let zone = places[Int(index)].zone
            let (start, end) = (localSeconds(s.start, zone), localSeconds(s.end, zone))
            let (first, last) = (start.dividedRoundingDown(by: 86_400), end.dividedRoundingDown(by: 86_400))
            for day in first...max(first, last) {
                var tally = Tally(at: day == first ? start : day * 86_400)
                tally.add(p, at: tally.first)
                tally.last = day == last ? end : day * 86_400 + 86_399
                add(tally, on: day, .visit, at: index)
            }
        }

        /// Ends the current run: its stay or its passages go into the table.
        mutating func closeRun() {
            guard let r = run else { return }
            run = nil
            if r.dwelled && !r.onlyAirport {
                let days = r.days.keys
                for day in days.min()!...days.max()! {
                    // A night without a point between two days of the stay is a day of it too.
                    add(r.days[day]?.all ?? Tally(at: day * 86_400), on: day, .visit, at: r.place)
                }
            } else {
                for (day, tallies) in r.days {
                    for (place, tally) in tallies.byPlace { add(tally, on: day, .transit, at: place) }
                }
            }
        }

        /// Adds a tally to the row of a day: a stay's row names its city, a passage's only the
        /// country, the region, the subregion and an airport (a motorway past a town visits no
        /// town; the county it crosses is what `atlas subregions` shows passed through).
        private mutating func add(_ tally: Tally, on day: Int, _ status: VisitPhoto.Status, at index: Int32) {
            var lineage = places[Int(index)].lineage
            if status == .visit { lineage.airport = nil } else { lineage.city = nil }
            let known = rowIndex[lineage] ?? (Int32(rowIndex.count), PlaceDay.Places(lineage))
            rowIndex[lineage] = known
            let key = Key(day: day, status: status, row: known.row)
            var row = table[key] ?? PlaceDay(date: CalendarDay(number: day).text, status: status)
            row.places = known.places
            row.merge(tally)
            table[key] = row
        }

        func rows() -> [PlaceDay] { PlaceDay.sorted(Array(table.values)) }

        /// Whether `p` is a point of a flight: inside a `FLYING` activity, or reached too fast.
        private mutating func inFlight(_ p: TimedPosition) -> Bool {
            while flightIndex < flights.count, flights[flightIndex].end < p.instant { flightIndex += 1 }
            if flightIndex < flights.count, flights[flightIndex].start <= p.instant { return true }
            guard let previous else { return false }
            // Two fixes of one instant (two devices, two exports) share the verdict of the first.
            guard p.instant > previous.instant else { return previousInFlight }
            let km = HistoryFile.metres(previous, p) / 1000
            // Jitter of a few hundred metres between fixes seconds apart is no flight.
            previousInFlight = km > 3 && km / (Double(p.instant - previous.instant) / 3_600_000) > rules.flightKmh
            return previousInFlight
        }

        static func cell(_ p: TimedPosition) -> Int64 {
            Int64(p.latitudeE7).dividedRoundingDown(by: cellUnits) << 32 | (Int64(p.longitudeE7).dividedRoundingDown(by: cellUnits) & 0xFFFF_FFFF)
        }

        /// Resolves the cells of `points` not met before, on every core: what ``add(_:history:)``
        /// then finds known. The places are interned here, in the points' order, so the result is
        /// the same whatever the threads did.
        mutating func resolve(_ points: [TimedPosition]) throws {
            var seen = Set<Int64>()
            let fresh = points.filter { p in
                let cell = Self.cell(p)
                return cells[cell] == nil && seen.insert(cell).inserted
            }
            guard fresh.count > 64 else { return }
            _ = try finder.resolver()  // loaded once, before the threads
            let finder = self.finder
            var found = [Found?](repeating: nil, count: fresh.count)
            let lanes = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
            found.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let out = buffer
                DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                    for i in stride(from: lane, to: fresh.count, by: lanes) {
                        out[i] = Found(try? finder.locate(latitude: fresh[i].latitude, longitude: fresh[i].longitude))
                    }
                }
            }
            for (p, f) in zip(fresh, found) { cells[Self.cell(p)] = intern(f) }
        }

        /// What the resolver found at a point, in the terms of a ``Place`` (its lineage tells one
        /// place from another): made on the resolving threads.
        struct Found: Sendable {
            var lineage: PlaceLineage<PlaceLink>
            var timeZone: String

            /// Nil for nothing found, or no country (the high seas).
            init?(_ found: (place: PlaceSnapshot, timeZone: String)?) {
                guard let found, found.place.country != nil else { return nil }
                let p = found.place
                lineage = p.places.map { kind, link in kind == .district ? nil : PlaceLink(link) }
                timeZone = found.timeZone
            }
        }

        /// The index in ``places`` of the place of `p`'s cell, resolved once per cell; -1 for none.
        private mutating func locate(_ p: TimedPosition) throws -> Int32 {
            let cell = Self.cell(p)
            if let known = cells[cell] { return known }
            let index = intern(Found(try finder.locate(latitude: p.latitude, longitude: p.longitude)))
            cells[cell] = index
            return index
        }

        /// The index in ``places`` of what the resolver found; -1 for nothing.
        private mutating func intern(_ found: Found?) -> Int32 {
            guard let found else { return -1 }
            if let known = foundIndex[found.lineage] { return known }
            if zoneIndex[found.timeZone] == nil {
                zoneIndex[found.timeZone] = TimeZone(identifier: found.timeZone).map { zones.append($0); return Int32(zones.count - 1) } ?? -1
            }
            let l = found.lineage
            let stayAt = l.city ?? l.region ?? l.country!
            let stay = stays[stayAt] ?? Int32(stays.count)
            stays[stayAt] = stay
            places.append(Place(lineage: l, zone: zoneIndex[found.timeZone] ?? -1, stay: stay))
            let index = Int32(places.count - 1)
            foundIndex[found.lineage] = index
            return index
        }

        /// The wall clock at `p` (seconds since 1970), in the zone of its place (UTC at sea).
        mutating func localSeconds(at p: TimedPosition) throws -> Int {
            let index = try locate(p)
            return localSeconds(p.instant, index >= 0 ? places[Int(index)].zone : -1)
        }

        /// The wall clock in zone `zone` (an index of ``zones``; UTC for -1) at an instant, in
        /// seconds since 1970.
        private mutating func localSeconds(_ instant: Int64, _ zone: Int32) -> Int {
            let seconds = Int(instant.dividedRoundingDown(by: 1000))
            guard zone >= 0 else { return seconds }
            // Clocks change on a quarter hour of UTC in every zone (Nepal's +05:45 included):
            // one look-up per quarter hour of points.
            let slot = seconds.dividedRoundingDown(by: 900)
            if let c = offsetCache, c.zone == zone, c.slot == slot { return seconds + c.offset }
            let offset = zones[Int(zone)].secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(slot * 900)))
            offsetCache = (zone, slot, offset)
            return seconds + offset
        }
    }
}

extension PlaceDay {
    /// Adds a tally's points: sums in the units of ``PlaceDay/units(_:)`` (E7), like a photo's.
    /// A day of a stay without points of its own counts one, so the row says it is a history's.
    mutating func merge(_ t: HistoryDays.Builder.Tally) {
        historyPoints += max(1, t.points)
        positioned += t.points
        latitudeSum += t.latitudeSum
        longitudeSum += t.longitudeSum
        let (first, last) = (LocalTime(VisitPhoto.text(t.first)), LocalTime(VisitPhoto.text(t.last)))
        firstTime = min(firstTime ?? first, first)
        lastTime = max(lastTime ?? last, last)
    }
}

extension BinaryInteger {
    /// The quotient rounded towards minus infinity: the day of an instant before 1970 too.
    func dividedRoundingDown(by d: Self) -> Self {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}
