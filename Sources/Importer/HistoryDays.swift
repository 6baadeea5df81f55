import Foundation
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
/// Reads the log one week of points at a time; memory is set by a week's points.
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
    /// (stored before it) already had.
    public func build(from log: TravelLog) throws -> (days: [PlaceDay], duplicates: [Int64: Int]) {
        var builder = Builder(finder: finder, rules: rules)
        let segments = try log.historySegments()
        builder.flights = segments.filter { $0.segment.kind == .flight }.map { ($0.segment.start, $0.segment.end) }
        if let span = try log.historySpan() {
            let week: Int64 = 7 * 86_400_000
            var from = span.first
            while from <= span.last {
                let to = from + week - 1
                var window: [(history: Int64, point: TimedPosition)] = []
                try log.forEachHistoryBlock(from: from, to: to) { id, points in
                    for p in points where p.instant >= from && p.instant <= to { window.append((id, p)) }
                }
                window.sort { ($0.point.instant, $0.history) < ($1.point.instant, $1.history) }
                for (id, p) in window { try builder.add(p, history: id) }
                from += week
            }
        }
        try builder.closeRun()
        for (_, s) in segments where s.kind == .visit { try builder.addVisit(s) }
        return (builder.rows(), builder.duplicates)
    }
}

extension HistoryDays {
    /// The running state of one build.
    struct Builder {
        let finder: PlaceFinder
        let rules: Rules
        var flights: [(start: Int64, end: Int64)] = [] { didSet { flights.sort { $0.start < $1.start } } }
        private var flightIndex = 0
        var duplicates: [Int64: Int] = [:]
        /// The last kept points (of the last 2 s), for repeats across histories.
        private var recent: [(history: Int64, point: TimedPosition)] = []
        private var previous: TimedPosition?
        private var located: (point: TimedPosition, place: PlaceSnapshot?, zone: TimeZone?)?
        private var zones: [String: TimeZone] = [:]
        private var offsetCache: (zone: ObjectIdentifier?, hour: Int64, offset: Int)?
        private var run: Run?
        private var table: [Key: PlaceDay] = [:]

        init(finder: PlaceFinder, rules: Rules) { (self.finder, self.rules) = (finder, rules) }

        /// One stretch of points at one place.
        struct Run {
            var key: String
            var place: PlaceSnapshot
            var first: Int64
            var last: Int64
            var onlyAirport: Bool
            /// Where the points last settled, and whether they stayed within ``Rules/dwellMetres``
            /// of such a point for ``Rules/minimumStay``: a stay, not a drive across the place.
            var anchor: TimedPosition
            var dwelled = false
            /// Per local date: its points, all of them and by the places a passage keeps.
            var dates: [String: (all: Tally, passages: [PassageKey: Tally])] = [:]
        }

        struct Tally {
            var points = 0
            var latitudeSum = 0.0
            var longitudeSum = 0.0
            var firstTime: String
            var lastTime: String
        }

        /// A place passed through: the levels a passage keeps.
        struct PassageKey: Hashable {
            var continent: PlaceLink?
            var country: PlaceLink?
            var region: PlaceLink?
            var airport: PlaceLink?
        }

        struct Key: Hashable {
            var date: String
            var status: VisitPhoto.Status
            var links: [PlaceLink?]
        }

        mutating func add(_ p: TimedPosition, history: Int64) throws {
            recent.removeAll { p.instant - $0.point.instant > HistoryFile.duplicateMilliseconds }
            if recent.contains(where: { $0.history != history && HistoryFile.metres($0.point, p) <= HistoryFile.duplicateMetres }) {
                duplicates[history, default: 0] += 1
                return
            }
            recent.append((history, p))
            defer { previous = p }
            if inFlight(p) { return try closeRun() }
            guard let (place, zone) = try locate(p), let country = place.country else { return try closeRun() }
            let key = (place.city ?? place.region ?? country).id.description
            if let r = run, r.key != key || p.instant - r.last > rules.maximumGap { try closeRun() }
            let date = localDate(p.instant, zone)
            if run == nil { run = Run(key: key, place: place, first: p.instant, last: p.instant, onlyAirport: true, anchor: p) }
            run!.last = p.instant
            if HistoryFile.metres(run!.anchor, p) > rules.dwellMetres {
                run!.anchor = p
            } else if p.instant - run!.anchor.instant >= rules.minimumStay {
                run!.dwelled = true
            }
            run!.onlyAirport = run!.onlyAirport && place.airport != nil
            let passage = PassageKey(continent: link(place.continent), country: link(country), region: link(place.region), airport: link(place.airport))
            let empty = Tally(firstTime: date.time, lastTime: date.time)
            run!.dates[date.day, default: (empty, [:])].all.add(p, time: date.time)
            run!.dates[date.day]!.passages[passage, default: empty].add(p, time: date.time)
        }

        /// A visit segment: a stay at its position on every local date it covers.
        mutating func addVisit(_ s: HistorySegment) throws {
            guard let lat = s.latitude, let lon = s.longitude, let p = TimedPosition(instant: s.start, latitude: lat, longitude: lon),
                  let (place, zone) = try locate(p), place.country != nil else { return }
            let (start, end) = (localDate(s.start, zone), localDate(s.end, zone))
            for day in Self.days(from: start.day, to: end.day) {
                let time = day == start.day ? start.time : day + "T00:00:00"
                let last = day == end.day ? end.time : day + "T23:59:59"
                var tally = Tally(firstTime: time, lastTime: last)
                tally.add(p, time: time)
                stay(place, on: day, tally)
            }
        }

        /// Ends the current run: its stay or its passages go into the table.
        mutating func closeRun() throws {
            guard let r = run else { return }
            run = nil
            if r.dwelled && !r.onlyAirport {
                let dated = r.dates.keys.sorted()
                for day in Self.days(from: dated.first!, to: dated.last!) {
                    // A night without a point between two days of the stay is a day of it too.
                    stay(r.place, on: day, r.dates[day]?.all ?? Tally(firstTime: day + "T00:00:00", lastTime: day + "T00:00:00"))
                }
            } else {
                for (day, tallies) in r.dates {
                    for (passage, tally) in tallies.passages {
                        let key = Key(date: day, status: .transit, links: [passage.continent, passage.country, passage.region, passage.airport])
                        var row = row(key)
                        row.merge(tally)
                        (row.continent, row.country, row.region, row.airport) = (passage.continent, passage.country, passage.region, passage.airport)
                        table[key] = row
                    }
                }
            }
        }

        private mutating func stay(_ place: PlaceSnapshot, on day: String, _ tally: Tally) {
            let links = [link(place.continent), link(place.country), link(place.region), link(place.city)]
            let key = Key(date: day, status: .visit, links: links)
            var r = row(key)
            (r.continent, r.country, r.region, r.city) = (links[0], links[1], links[2], links[3])
            r.merge(tally)
            table[key] = r
        }

        private func row(_ key: Key) -> PlaceDay {
            table[key] ?? PlaceDay(date: key.date, status: key.status)
        }

        func rows() -> [PlaceDay] { PlaceDay.sorted(Array(table.values)) }

        private func link(_ l: PlaceSnapshot.Link?) -> PlaceLink? { l.map { PlaceLink(id: $0.id.description, name: $0.name) } }

        /// Whether `p` is a point of a flight: inside a `FLYING` activity, or reached too fast.
        private mutating func inFlight(_ p: TimedPosition) -> Bool {
            while flightIndex < flights.count, flights[flightIndex].end < p.instant { flightIndex += 1 }
            if flightIndex < flights.count, flights[flightIndex].start <= p.instant { return true }
            guard let previous, p.instant > previous.instant else { return false }
            let km = HistoryFile.metres(previous, p) / 1000
            // Jitter of a few hundred metres between fixes seconds apart is no flight.
            return km > 3 && km / (Double(p.instant - previous.instant) / 3_600_000) > rules.flightKmh
        }

        /// The place and zone of `p`; a point within 50 m of the last one resolved shares its answer.
        private mutating func locate(_ p: TimedPosition) throws -> (PlaceSnapshot, TimeZone?)? {
            if let l = located, HistoryFile.metres(l.point, p) < 50 { return l.place.map { ($0, l.zone) } }
            let found = try finder.locate(latitude: p.latitude, longitude: p.longitude)
            var zone: TimeZone?
            if let id = found?.timeZone {
                if zones[id] == nil { zones[id] = TimeZone(identifier: id) }
                zone = zones[id]
            }
            located = (p, found?.place, zone)
            return found.map { ($0.place, zone) }
        }

        /// The local date and wall-clock time of an instant in `zone` (UTC without one).
        private mutating func localDate(_ instant: Int64, _ zone: TimeZone?) -> (day: String, time: String) {
            let seconds = Int(instant.dividedRoundingDown(by: 1000))
            let hour = Int64(seconds.dividedRoundingDown(by: 3600))
            let offset: Int
            if let zone {
                let id = ObjectIdentifier(zone as AnyObject)
                if let c = offsetCache, c.zone == id, c.hour == hour {
                    offset = c.offset
                } else {
                    offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
                    offsetCache = (id, hour, offset)
                }
            } else {
                offset = 0
            }
            let text = VisitPhoto.text(seconds + offset)
            return (String(text.prefix(10)), text)
        }

        /// Every `YYYY-MM-DD` from `first` to `last`, both included.
        static func days(from first: String, to last: String) -> [String] {
            guard let a = CalendarDay(first), let b = CalendarDay(last), a <= b else { return [first] }
            return (a...b).map(\.text)
        }
    }
}

extension HistoryDays.Builder.Tally {
    mutating func add(_ p: TimedPosition, time: String) {
        points += 1
        latitudeSum += Double(p.latitudeE7)
        longitudeSum += Double(p.longitudeE7)
        firstTime = min(firstTime, time)
        lastTime = max(lastTime, time)
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
        firstTime = min(firstTime ?? t.firstTime, t.firstTime)
        lastTime = max(lastTime ?? t.lastTime, t.lastTime)
    }
}

private extension BinaryInteger {
    func dividedRoundingDown(by d: Self) -> Self {
        let q = self / d
        return (self % d != 0 && (self < 0) != (d < 0)) ? q - 1 : q
    }
}
