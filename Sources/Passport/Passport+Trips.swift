import TravelLog

extension Passport {
    /// The trips of the log by `rules` with the log's edits applied, oldest first; excluded
    /// trips are there, flagged. No home, no trips: nothing can be away. With `year`, only the
    /// trips with days in that year (found among all, so edits and identifiers stay the same).
    public func trips(homes: HomeTimeline? = nil, rules: TripRules = .init(), year: Int? = nil) -> [Trip] {
        let detection = detectTrips(homes: homes ?? homeTimeline(), rules: rules)
        var seen: [String: Int] = [:]
        return detection.spans.compactMap { span in
            let start = span.start.text
            seen[start, default: 0] += 1
            if let year, !span.years.contains(year) { return nil }
            var trip = build(span, detection)
            if let n = seen[start], n > 1 { trip.id += "-\(n)" }
            return trip
        }
    }

    /// What detecting the trips leaves: their dates with the edits applied, the dates with
    /// something away or passing, and the rows and marks of each date.
    struct TripDetection {
        var spans: [Span]
        var active: Set<CalendarDay>
        var rows: [String: [Int]]
        var marks: [String: [Mark]]
        var flights: [String: [Flight]]
        var judge: AwayJudge
    }

    /// The trips' dates, before their places are gathered (``trips(homes:rules:year:)``).
    func detectTrips(homes: HomeTimeline, rules: TripRules) -> TripDetection {
        // Indices of each date's rows, not copies: a row is a dozen strings.
        var rows: [String: [Int]] = [:]
        for i in days.indices { if let date = days[i].date { rows[date, default: []].append(i) } }
        var dayMarks: [String: [Mark]] = [:]
        for m in marks { if let date = m.date { dayMarks[date, default: []].append(m) } }
        let dayFlights = Dictionary(grouping: flights, by: \.date)
        let judge = AwayJudge(homes: homes, rules: rules)

        // Each date with something on it: away, at home, or only passing (flight, transit).
        enum Kind { case away, home, passing }
        var kinds: [(day: CalendarDay, kind: Kind)] = []
        for date in Set(rows.keys).union(dayMarks.keys).union(dayFlights.keys) {
            guard let day = CalendarDay(date) else { continue }
            let indices = rows[date] ?? []
            let kind: Kind
            if indices.contains(where: { days[$0].status == .visit && judge.isAway(days[$0]) })
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
        return TripDetection(spans: spans, active: active, rows: rows, marks: dayMarks, flights: dayFlights, judge: judge)
    }

    /// The homes of the log: saved, else inferred from the photos (``HomeTimeline``).
    public func homeTimeline() -> HomeTimeline { HomeTimeline(saved: homes, days: days) }

    private func build(_ span: Span, _ detection: TripDetection) -> Trip {
        let (rows, marks, judge) = (detection.rows, detection.marks, detection.judge)
        var trip = Trip(id: span.start.text, title: "", start: span.start.text, end: span.end.text)
        (trip.excluded, trip.titleIsEdited) = (span.excluded, span.title != nil)
        let homeCountry = judge.homes.home(on: trip.start)?.country?.id
        var countries = Tally(), regions = Tally(), cities = Tally(), transit = Tally(), airports = Tally()
        var waypoints: [(time: String, latitude: Double, longitude: Double)] = []
        for day in span.start...span.end {
            let date = day.text
            var out = Trip.Day(date: date)
            // The log keeps a day's rows by place; a traveller reads a day in the order it went.
            let visited = (rows[date] ?? []).sorted { (days[$0].firstTime ?? "~", $0) < (days[$1].firstTime ?? "~", $1) }
            for i in visited {
                let row = days[i]
                if let mean = row.meanPosition, row.status != .unplaced, row.status != .visit || judge.isAway(row) {
                    waypoints.append((row.firstTime ?? date, mean.latitude, mean.longitude))
                }
                switch row.status {
                case .visit where judge.isAway(row):
                    out.places.append(row.city ?? row.region ?? row.country!)
                    if let c = row.country, !out.countries.contains(c) { out.countries.append(c) }
                    countries.add(row.country, date)
                    regions.add(row.region, date)
                    cities.add(row.city, date)
                    airports.add(row.airport, date)
                    out.photos += row.photos
                case .visit:
                    out.atHome = true
                case .transit:
                    if let a = row.airport, !out.transit.contains(a) { out.transit.append(a) }
                    if row.country?.id != homeCountry { transit.add(row.country, date) }
                    airports.add(row.airport, date)
                    out.photos += row.photos
                case .flight:
                    out.flightPhotos += row.photos
                    out.photos += row.photos
                case .unplaced:
                    break
                }
            }
            for m in marks[date] ?? [] where judge.isAway(m) {
                out.places.append(PlaceLink(id: m.placeID, name: m.placeName))
                if let c = m.country, !out.countries.contains(c) { out.countries.append(c) }
                countries.add(m.country, date)
                regions.add(m.region, date)
                cities.add(m.city, date)
                out.marks += 1
            }
            for f in detection.flights[date] ?? [] {
                out.flights.append(f.id)
                for a in [f.from, f.to] {
                    if a.country?.id != homeCountry { transit.add(a.country, date) }
                    airports.add(a.place, date)
                }
                trip.flights.append(f)
            }
            out.places = out.places.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
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
    private func distance(_ span: Span, _ waypoints: [(time: String, latitude: Double, longitude: Double)], _ homes: HomeTimeline) -> Double {
        let points = waypoints.sorted { $0.time < $1.time }
        guard let head = points.first, let tail = points.last else { return 0 }
        var km = zip(points, points.dropFirst()).reduce(0) { $0 + GreatCircle.km($1.0.latitude, $1.0.longitude, $1.1.latitude, $1.1.longitude) }
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

    // Read in place: a trip detection asks for every row.
    func isAway(_ row: PlaceDay) -> Bool {
        guard let i = homes.index(on: row.date), let country = row.country?.id else { return false }
        if let homeCountry = homes.periods[i].country?.id, country != homeCountry { return true }
        guard let mean = row.meanPosition, let lat = homes.periods[i].latitude, let lon = homes.periods[i].longitude else { return false }
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
/// one unlike the last.
private struct Tally {
    private var dates: [PlaceLink: (first: String, last: String, days: Int)] = [:]

    mutating func add(_ link: PlaceLink?, _ date: String) {
        guard let link else { return }
        // One hash of the link: a trip's every row adds four.
        guard let i = dates.index(forKey: link) else { return dates[link] = (date, date, 1) }
        if dates.values[i].last != date { (dates.values[i].days, dates.values[i].last) = (dates.values[i].days + 1, date) }
    }

    var places: [Trip.Place] {
        dates.map { Trip.Place(place: $0.key, days: $0.value.days, first: $0.value.first) }
            .sorted { ($1.days, $0.first, $0.place.id) < ($0.days, $1.first, $1.place.id) }
    }
}
