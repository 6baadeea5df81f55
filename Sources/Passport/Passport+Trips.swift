import Dispatch
import Heap
import TravelLog

extension Passport {
    /// The trips of the log by `rules` with the log's edits applied, oldest first; excluded
    /// trips are there, flagged. No home, no trips: nothing can be away. With `year`, only the
    /// trips with days in that year (found among all, so edits and identifiers stay the same).
    public func trips(homes: HomeTimeline? = nil, rules: TripRules = .init(), year: Int? = nil) -> [Trip] {
        let detection = detectTrips(homes: homes ?? homeTimeline(), rules: rules)
        // Identifiers in order: a second trip starting the same day is `-2`, counted among all.
        var seen: [String: Int] = [:]
        var chosen: [(span: Span, id: String)] = []
        for span in detection.spans {
            let start = span.start.text
            seen[start, default: 0] += 1
            if let year, !span.years.contains(year) { continue }
            chosen.append((span, seen[start]! > 1 ? "\(start)-\(seen[start]!)" : start))
        }
        // Each trip's places gathered on whichever core is free: a decade of trips is hundreds,
        // and each reads only the passport and the detection.
        let picked = chosen
        var trips = [Trip?](repeating: nil, count: picked.count)
        trips.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let buffer = buffer
            DispatchQueue.concurrentPerform(iterations: picked.count) { i in
                LoadingHeap.growThisThread()
                var trip = build(picked[i].span, detection)
                trip.id = picked[i].id
                buffer[i] = trip
            }
        }
        return trips.map { $0! }
    }

    /// What detecting the trips leaves: their dates with the edits applied, the dates with
    /// something away or passing, and the rows and marks of each date.
    struct TripDetection {
        var spans: [Span]
        var active: Set<CalendarDay>
        var rows: [String: [Int]]
        /// Per row: a visit away from the home of its date.
        var away: [Bool]
        var marks: [String: [Mark]]
        var flights: [String: [Flight]]
        var judge: AwayJudge
    }

    /// The trips' dates, before their places are gathered (``trips(homes:rules:year:)``).
    func detectTrips(homes: HomeTimeline, rules: TripRules) -> TripDetection {
        // Indices of each date's rows, not copies: a row is a dozen strings. Rows come by
        // date: a date is hashed once per run of its rows, and its home looked up once.
        var rows: [String: [Int]] = [:]
        let judge = AwayJudge(homes: homes, rules: rules)
        var away = [Bool](repeating: false, count: days.count)
        var period = RunMemo { homes.index(on: $0) }
        var run = days.startIndex
        while run < days.endIndex {
            let date = days[run].date
            var end = run + 1
            while end < days.endIndex, days[end].date == date { end += 1 }
            if let date {
                rows[date, default: []].append(contentsOf: run..<end)
                let home = period(date)
                for i in run..<end where days[i].status == .visit {
                    away[i] = judge.isAway(country: days[i].places.link(.country)?.id, mean: days[i].meanPosition, home: home)
                }
            }
            run = end
        }
        var dayMarks: [String: [Mark]] = [:]
        for m in marks { if let date = m.date { dayMarks[date, default: []].append(m) } }
        let dayFlights = Dictionary(grouping: flights, by: \.date)

        // Each date with something on it: away, at home, or only passing (flight, transit).
        enum Kind { case away, home, passing }
        var kinds: [(day: CalendarDay, kind: Kind)] = []
        for date in Set(rows.keys).union(dayMarks.keys).union(dayFlights.keys) {
            guard let day = CalendarDay(date) else { continue }
            let indices = rows[date] ?? []
            let kind: Kind
            if indices.contains(where: { away[$0] })
                || dayMarks[date, default: []].contains(where: { judge.isAway($0) }) { kind = .away }
            // A morning at home, then the airport or the plane: the day one leaves or comes back.
            else if indices.contains(where: { days[$0].status == .flight || days[$0].status == .transit }) || dayFlights[date] != nil { kind = .passing }
            else { kind = .home }
            kinds.append((day, kind))
        }
        kinds.sort { $0.day < $1.day }
        let active = Set(kinds.filter { $0.kind != .home }.map(\.day))

        var spans: [Span] = []
        var current: (span: Span, away: Bool)?
        func close() {
            if let c = current, c.away { spans.append(c.span) }
            current = nil
        }
        for (day, kind) in kinds {
            guard kind != .home, judge.hasHome(day.text) else { close(); continue }
            if let c = current, day.number - c.span.end.number - 1 <= rules.maximumGap {
                current = (Span(start: c.span.start, end: day), c.away || kind == .away)
            } else {
                close()
                current = (Span(start: day, end: day), kind == .away)
            }
        }
        close()
        for edit in tripEdits { spans = Span.apply(edit, to: spans, active: active) }
        return TripDetection(spans: spans, active: active, rows: rows, away: away, marks: dayMarks, flights: dayFlights, judge: judge)
    }

    /// The homes of the log: saved, else inferred from the photos (``HomeTimeline``).
    public func homeTimeline() -> HomeTimeline { HomeTimeline(saved: homes, days: days) }

    /// The rows `indices` of one date by their first time (none last), then by index. Times of
    /// the log's form are compared as their numbers (``LocalTime/clock``): a long trip sorts
    /// tens of thousands.
    static func inTimeOrder(_ indices: [Int], of days: [PlaceDay]) -> [Int] {
        guard indices.count > 1 else { return indices }
        var keyed: [(time: Int64, index: Int)] = []
        keyed.reserveCapacity(indices.count)
        for i in indices {
            guard let time = days[i].firstTime else { keyed.append((.max, i)); continue }
            guard time.clock >= 0 else {
                return indices.sorted { a, b in
                    switch (days[a].firstTime, days[b].firstTime) {
                    case let (x?, y?): x != y ? x < y : a < b
                    case (_?, nil): true
                    case (nil, _?): false
                    case (nil, nil): a < b
                    }
                }
            }
            keyed.append((time.clock, i))
        }
        return keyed.sorted { ($0.time, $0.index) < ($1.time, $1.index) }.map(\.index)
    }

    private func build(_ span: Span, _ detection: TripDetection) -> Trip {
        let (rows, away, marks, judge) = (detection.rows, detection.away, detection.marks, detection.judge)
        var trip = Trip(id: span.start.text, title: "", start: span.start.text, end: span.end.text)
        (trip.excluded, trip.titleIsEdited) = (span.excluded, span.title != nil)
        let homeCountry = judge.homes.home(on: trip.start)?.country?.id
        var countries = Tally(), regions = Tally(), cities = Tally(), transit = Tally(), airports = Tally()
        // A snapshot's links become tally entries once: a long trip has thousands of rows and a
        // few dozen snapshots, and hashing four links a row was a tenth of `atlas trips`.
        var entryOf = IdentityTable()
        var entries: [(country: Int?, region: Int?, city: Int?, airport: Int?, place: Int)] = []
        // A day's places are told apart by number (the link's entry here, with the last day it
        // was listed), not by comparing links: a day of the spread log compared 70 strings.
        var placeIndex: [PlaceLink: Int] = [:]
        var placeListed: [Int] = []
        var waypoints: [(time: LocalTime, latitude: Double, longitude: Double)] = []
        for day in span.start...span.end {
            let date = day.text
            var out = Trip.Day(date: date)
            // The log keeps a day's rows by place; a traveller reads a day in the order it went.
            let visited = Self.inTimeOrder(rows[date] ?? [], of: days)
            out.places.reserveCapacity(visited.count)
            out.countries.reserveCapacity(visited.count)
            for i in visited {
                if let mean = days[i].meanPosition, days[i].status != .unplaced, days[i].status != .visit || away[i] {
                    waypoints.append((days[i].firstTime ?? LocalTime(date), mean.latitude, mean.longitude))
                }
                switch days[i].status {
                case .visit where away[i]:
                    let id = days[i].places
                    let e = entryOf[id].map { entries[$0] } ?? {
                        let place = days[i].city ?? days[i].region ?? days[i].country!
                        let p = placeIndex[place] ?? placeListed.count
                        if p == placeListed.count {
                            placeIndex[place] = p
                            placeListed.append(.min)
                        }
                        let e = (countries.entry(days[i].country), regions.entry(days[i].region), cities.entry(days[i].city), airports.entry(days[i].airport), p)
                        entryOf[id] = entries.count
                        entries.append(e)
                        return e
                    }()
                    if placeListed[e.place] != day.number {
                        placeListed[e.place] = day.number
                        out.places.append(days[i].city ?? days[i].region ?? days[i].country!)
                    }
                    // The countries' tally has counted a country today exactly when it is listed today.
                    if !countries.counted(e.country, on: day), let c = days[i].country { out.countries.append(c) }
                    countries.add(e.country, day)
                    regions.add(e.region, day)
                    cities.add(e.city, day)
                    airports.add(e.airport, day)
                    out.photos += days[i].photos
                case .visit:
                    out.atHome = true
                case .transit:
                    if let a = days[i].airport, !out.transit.contains(a) { out.transit.append(a) }
                    if days[i].country?.id != homeCountry { transit.add(days[i].country, day) }
                    airports.add(days[i].airport, day)
                    out.photos += days[i].photos
                case .flight:
                    out.flightPhotos += days[i].photos
                    out.photos += days[i].photos
                case .unplaced:
                    break
                }
            }
            for m in marks[date] ?? [] where judge.isAway(m) {
                out.appendPlace(PlaceLink(id: m.placeID, name: m.placeName))
                if let c = m.country, !out.countries.contains(c) { out.countries.append(c) }
                countries.add(m.country, day)
                regions.add(m.region, day)
                cities.add(m.city, day)
                out.marks += 1
            }
            for f in detection.flights[date] ?? [] {
                out.flights.append(f.id)
                for a in [f.from, f.to] {
                    if a.country?.id != homeCountry { transit.add(a.country, day) }
                    airports.add(a.place, day)
                }
                trip.flights.append(f)
            }
            trip.photos += out.photos
            trip.flightPhotos += out.flightPhotos
            trip.marks += out.marks
            trip.days.append(out)
        }
        trip.countries = countries.places
        trip.regions = regions.places
        trip.cities = cities.places
        trip.airports = airports.places
        trip.transit = transit.places.filter { t in !trip.countries.contains { $0.place.id == t.place.id } }
        trip.distanceKm = distance(span, waypoints, judge.homes)
        trip.title = span.title ?? Self.title(trip, homeCountry: homeCountry, namesakes: namesakes)
        return trip
    }

    /// From the home of the first day to each place of the trip in time order (the mean
    /// position of its photos that day: a city, a layover, a photo in flight) and back to the
    /// home of the last. Place to place, by local date and time: the days are the trip's own,
    /// whatever the UTC date (a morning in Fiji is the evening before in UTC), and wandering
    /// within a city is no travel.
    private func distance(_ span: Span, _ waypoints: [(time: LocalTime, latitude: Double, longitude: Double)], _ homes: HomeTimeline) -> Double {
        // A day's rows come by first time: most often the points are in order already.
        // By index: pairs of tuples holding a time's text retained and released each point.
        let inOrder = waypoints.indices.dropFirst().allSatisfy { waypoints[$0 - 1].time <= waypoints[$0].time }
        let points = inOrder ? waypoints : waypoints.sorted { $0.time < $1.time }
        guard let head = points.first, let tail = points.last else { return 0 }
        var km = 0.0
        for i in points.indices.dropFirst() {
            km += GreatCircle.km(points[i - 1].latitude, points[i - 1].longitude, points[i].latitude, points[i].longitude)
        }
        if let h = homes.home(on: span.start.text), let lat = h.latitude, let lon = h.longitude { km += GreatCircle.km(lat, lon, head.latitude, head.longitude) }
        if let h = homes.home(on: span.end.text), let lat = h.latitude, let lon = h.longitude { km += GreatCircle.km(tail.latitude, tail.longitude, lat, lon) }
        return km
    }
}

/// The dates a trip covers, and the user's word on it.
struct Span: Equatable {
    var start: CalendarDay
    var end: CalendarDay
    var title: String?
    var excluded = false

    func holds(_ day: CalendarDay) -> Bool { start <= day && day <= end }

    /// The calendar years it has days in.
    var years: ClosedRange<Int> { start.components.year...end.components.year }

    /// `spans` after `edit`; an edit that fits no trip (its trip gone with the photos) does nothing.
    static func apply(_ edit: TripEdit, to spans: [Span], active: Set<CalendarDay>) -> [Span] {
        guard let day = CalendarDay(edit.date) else { return spans }
        var spans = spans
        switch edit.kind {
        case .rename:
            if let i = spans.firstIndex(where: { $0.holds(day) }) { spans[i].title = edit.title }
        case .exclude:
            if let i = spans.firstIndex(where: { $0.holds(day) }) { spans[i].excluded = true }
        case .split:
            guard let i = spans.firstIndex(where: { $0.start < day && day <= $0.end }) else { break }
            let s = spans[i]
            guard let firstEnd = (s.start..<day).last(where: { active.contains($0) }),
                  let secondStart = (day...s.end).first(where: { active.contains($0) }) else { break }
            var second = s
            (second.start, second.title) = (secondStart, nil)
            spans[i].end = firstEnd
            spans.insert(second, at: i + 1)
        case .merge:
            guard let until = edit.until.flatMap(CalendarDay.init) else { break }
            let meeting = spans.indices.filter { spans[$0].end >= day && spans[$0].start <= until }
            guard meeting.count > 1, let first = meeting.first, let last = meeting.last else { break }
            spans[first].end = spans[last].end
            spans.removeSubrange(first + 1...last)
        }
        return spans
    }
}

/// Whether a visit is away from the home of its day (``TripRules``).
struct AwayJudge {
    let homes: HomeTimeline
    let rules: TripRules

    func hasHome(_ date: String) -> Bool { homes.index(on: date) != nil }

    /// Read in place: a trip detection asks for every row.
    func isAway(_ row: PlaceDay) -> Bool { isAway(row, home: homes.index(on: row.date)) }

    /// ``isAway(_:)`` with the row's home already found (``HomeTimeline/index(on:)``).
    func isAway(_ row: PlaceDay, home i: Int?) -> Bool { isAway(country: row.places.link(.country)?.id, mean: row.meanPosition, home: i) }

    /// ``isAway(_:home:)`` of a row in `country` whose photos' mean position is `mean`: a row
    /// given whole to the call was copied, and a trip detection asks for every row.
    func isAway(country: String?, mean: (latitude: Double, longitude: Double)?, home i: Int?) -> Bool {
        guard let i, let country else { return false }
        if let homeCountry = homes.periods[i].country?.id, country != homeCountry { return true }
        guard let mean, let lat = homes.periods[i].latitude, let lon = homes.periods[i].longitude else { return false }
        return GreatCircle.km(lat, lon, mean.latitude, mean.longitude) > rules.awayKm
    }

    /// A mark has no position: it is away in another country, or in another region than home's.
    func isAway(_ mark: Mark) -> Bool {
        guard let home = homes.home(on: mark.date), let country = mark.country?.id else { return false }
        if let homeCountry = home.country?.id, country != homeCountry { return true }
        if let homeRegion = home.region?.id, let region = mark.region?.id { return region != homeRegion }
        return false
    }
}

/// Days per place, sorted for the trip: most days first. Dates come in order, so a new day is
/// one unlike the last. A place is an entry, found by its link once (``entry(_:)``) and then
/// counted by number.
private struct Tally {
    private var index: [PlaceLink: Int] = [:]
    private var counts: [(place: PlaceLink, first: Int, last: Int, days: Int)] = []

    /// The entry of `link`, made (with no days yet) the first time.
    mutating func entry(_ link: PlaceLink?) -> Int? {
        guard let link else { return nil }
        if let known = index[link] { return known }
        index[link] = counts.count
        counts.append((link, 0, .min, 0))
        return counts.count - 1
    }

    /// Whether `entry` has counted `day` (the last day counted: dates come in order).
    func counted(_ entry: Int?, on day: CalendarDay) -> Bool { entry.map { counts[$0].last == day.number } ?? false }

    mutating func add(_ entry: Int?, _ day: CalendarDay) {
        guard let entry, counts[entry].last != day.number else { return }
        if counts[entry].days == 0 { counts[entry].first = day.number }
        (counts[entry].days, counts[entry].last) = (counts[entry].days + 1, day.number)
    }

    mutating func add(_ link: PlaceLink?, _ day: CalendarDay) { add(entry(link), day) }

    var places: [Trip.Place] {
        counts.filter { $0.days > 0 }.map { Trip.Place(place: $0.place, days: $0.days, first: CalendarDay(number: $0.first).text) }
            .sorted { ($1.days, $0.first, $0.place.id) < ($0.days, $1.first, $1.place.id) }
    }
}

extension Trip.Day {
    /// `place` added to ``places`` unless there already: each place once, in the order met
    /// (deduplicated as it comes, not by building the list again: a long trip has thousands of days).
    mutating func appendPlace(_ place: PlaceLink) {
        if !places.contains(place) { places.append(place) }
    }
}
