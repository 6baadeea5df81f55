import TravelLog
import Foundation

extension Passport {
    /// The passport figures under `scheme`, for the whole log or, with `year`, for that year
    /// only (the year in review: what was visited in it, what was new in it, its days abroad,
    /// trips, distance, busiest month and farthest point). Home is `homes`, else the log's
    /// (``HomeTimeline``). Without `year`, "new" is of `currentYear`, or of the year of the latest
    /// visit when nil, so a figure depends only on the log. `trips`, when given, are this
    /// passport's under `homes` and `rules` (a caller asking for many years finds them once).
    public func stats(scheme: CountingScheme, homes: HomeTimeline? = nil, rules: TripRules = .init(), year: Int? = nil,
                      currentYear: Int? = nil, trips: [Trip]? = nil) -> PassportStats {
        let homes = homes ?? homeTimeline()
        return stats(scheme: scheme, homes: homes, year: year, currentYear: currentYear,
                     outlines: trips.map(TripOutline.of) ?? TripOutline.of(detectTrips(homes: homes, rules: rules)),
                     scope: year.map { restricted(toYear: $0) } ?? self)
    }

    /// What the page needs of a trip not excluded: when it starts, its years, its days with
    /// something away or passing.
    struct TripOutline {
        var start: String
        var years: ClosedRange<Int>
        var days: [String]

        static func of(_ trips: [Trip]) -> [TripOutline] {
            trips.filter { !$0.excluded }.map { t in
                TripOutline(start: t.start, years: (Int(t.start.prefix(4)) ?? 0)...(Int(t.end.prefix(4)) ?? 0),
                            days: t.days.filter { !$0.places.isEmpty || $0.photos > 0 || !$0.flights.isEmpty }.map(\.date))
            }
        }

        /// The trips' dates are enough: their places need not be gathered.
        static func of(_ detection: TripDetection) -> [TripOutline] {
            detection.spans.filter { !$0.excluded }.map { span in
                TripOutline(start: span.start.text, years: span.years,
                            days: (span.start...span.end).filter(detection.active.contains).map(\.text))
            }
        }
    }

    /// The visits of `level` in `scope` with their days: with `year`, the scope is that year's
    /// part of this passport, and its visits are this passport's with a day in it, counted by
    /// those days (what the scope's own ``Visits`` would find from its rows, each year's again:
    /// most of an export's year in review).
    private func visited(_ level: Level, in year: Int?, scope: Passport) -> [(visit: Visit, days: ArraySlice<String>)] {
        guard let year else { return scope.visits(level).map { ($0, $0.days[...]) } }
        let (start, end) = (String(format: "%04d-", year), String(format: "%04d-", year + 1))
        return visits(level).compactMap { v in
            // A visit's days are sorted: the year's are the range from its start to the next's.
            guard let first = v.days.first, let last = v.days.last, first < end, last >= start else { return nil }
            let days = v.days[v.days.partitioningIndex { $0 >= start }..<v.days.partitioningIndex { $0 >= end }]
            return days.isEmpty ? nil : (v, days)
        }
    }

    /// The figures of `scope`: this passport, or the part of it in `year`.
    private func stats(scheme: CountingScheme, homes: HomeTimeline, year: Int?, currentYear: Int?, outlines: [TripOutline],
                       scope: Passport) -> PassportStats {
        let latestDay = visits(.country).compactMap(\.lastDate).max()
        var s = PassportStats(scheme: scheme.name, year: year ?? currentYear ?? latestDay.flatMap { Int($0.prefix(4)) } ?? 0)
        s.reviewYear = year
        let countries = visited(.country, in: year, scope: scope)
        s.countriesVisited = countries.count
        s.countries = countries.filter { scheme.countries.contains($0.visit.id) }.count
        s.countriesInScheme = scheme.countries.count
        (s.continents, s.regions, s.cities, s.airports) = (visited(.continent, in: year, scope: scope).count, visited(.region, in: year, scope: scope).count,
                                                          visited(.city, in: year, scope: scope).count, visited(.airport, in: year, scope: scope).count)
        s.subregions = visited(.subregion, in: year, scope: scope).count

        // The home shown is the one at the end of what the page covers.
        let shownDate = year.map { String(format: "%04d-12-31", $0) } ?? latestDay
        if let home = homes.home(on: shownDate) {
            (s.home, s.homeCountry, s.homeInferred) = (home.place, home.country?.id, home.inferred)
        }

        func homeCountry(_ date: String) -> String? { homes.index(on: date).flatMap { homes.periods[$0].country?.id } }
        // Each row's home looked up once per run of rows that share its date.
        var abroad: Set<String> = []
        var rowHome = RunMemo { homeCountry($0) }
        // By index: a row copied whole retains and releases its strings and snapshot (``Visits``).
        let rows = scope.days
        var lastAbroad: String?
        for r in rows.indices where rows[r].status == .visit {
            // Rows come by date: a date abroad is inserted once per run, not hashed per row.
            if let date = rows[r].date, date != lastAbroad, let c = rows[r].country?.id, c != rowHome(date) {
                abroad.insert(date)
                lastAbroad = date
            }
        }
        for m in scope.marks {
            if let date = m.date, let c = m.country?.id, c != homeCountry(date) { abroad.insert(date) }
        }
        s.daysAbroad = abroad.count

        let outlines = year.map { y in outlines.filter { $0.years.contains(y) } } ?? outlines
        s.trips = outlines.count
        s.firstTrip = outlines.first?.start
        var awayByMonth: [String: Set<String>] = [:]
        let yearPrefix = year.map { String(format: "%04d-", $0) }
        for trip in outlines {
            for day in trip.days where yearPrefix.map(day.hasPrefix) ?? true {
                awayByMonth[String(day.prefix(7)), default: []].insert(day)
            }
        }
        if let busiest = awayByMonth.max(by: { ($0.value.count, $1.key) < ($1.value.count, $0.key) }) {
            s.busiestMonth = (busiest.key, busiest.value.count)
        }

        // Each date once, then counted by its year: a decade of days, not a set per year.
        var dates = Set<String>()
        for c in countries { dates.formUnion(c.days) }
        var daysByYear: [String: Int] = [:]
        for d in dates { daysByYear[String(d.prefix(4)), default: 0] += 1 }
        if let busiest = daysByYear.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }) {
            s.busiestYear = (Int(busiest.key) ?? 0, busiest.value)
        }
        if let most = countries.max(by: { ($0.days.count, $1.visit.id) < ($1.days.count, $0.visit.id) }), !most.days.isEmpty {
            s.mostVisitedCountry = (most.visit.id, most.visit.name, most.days.count)
        }

        // Farthest: from the point of each day's home to the mean position of each place and
        // day visited (the aggregates keep sums, not every photo).
        var dateHome = RunMemo { homes.index(on: $0) }
        for r in rows.indices where rows[r].status == .visit {
            guard let mean = rows[r].meanPosition, let home = rows[r].date.map({ dateHome($0) }) ?? homes.index(on: nil),
                  let lat = homes.periods[home].latitude,
                  let lon = homes.periods[home].longitude else { continue }
            let km = GreatCircle.km(lat, lon, mean.latitude, mean.longitude)
            if km > (s.farthest?.km ?? -1) { s.farthest = (km, rows[r].city ?? rows[r].region ?? rows[r].country) }
        }

        // Distance: along every positioned photo, flights included, in time order.
        s.distanceKm = TrackDay.distanceKm(scope.tracks)
        s.flights = scope.flights.count
        s.flightKm = scope.flights.reduce(0) { $0 + $1.km }

        let yearText = String(format: "%04d", s.year)
        func new(_ level: Level) -> Int { visits(level).filter { $0.firstDate?.hasPrefix(yearText) == true }.count }
        (s.newCountriesThisYear, s.newRegionsThisYear, s.newCitiesThisYear) = (new(.country), new(.region), new(.city))
        return s
    }
}

extension Passport {
    /// The year in review of every year with a visit, oldest first; `trips` are this passport's
    /// under `homes`, found once for all the years.
    public func years(scheme: CountingScheme, homes: HomeTimeline, trips: [Trip]) -> [PassportStats] {
        // Each row read once, not once a year.
        var years = RunMemo { Int($0.prefix(4)) }
        func year(_ date: String?) -> Int? { date.flatMap { years($0) } }
        var days: [Int: [PlaceDay]] = [:]
        for d in self.days { if let y = year(d.date) { days[y, default: []].append(d) } }
        let tracks = Dictionary(grouping: tracks, by: { year($0.day) ?? 0 })
        let marks = Dictionary(grouping: marks.filter { year($0.date) != nil }, by: { year($0.date)! })
        let flights = Dictionary(grouping: flights, by: { year($0.date) ?? 0 })
        let outlines = TripOutline.of(trips)
        return Set(days.keys).union(marks.keys).union(flights.keys.filter { $0 > 0 }).sorted().map { y in
            let scope = Passport(days: days[y] ?? [], tracks: tracks[y] ?? [], marks: marks[y] ?? [], homes: self.homes, tripEdits: tripEdits,
                                 flights: flights[y] ?? [])
            return stats(scheme: scheme, homes: homes, year: y, currentYear: nil, outlines: outlines, scope: scope)
        }
    }
}
