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
                     scope: year.map { restricted(toYear: $0) } ?? self, visitYears: VisitYears(self, years: year.map { [$0] } ?? []),
                     firstYears: FirstYears(self))
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

    /// A visit with the days of it that a page counts: all of them, or those of one year.
    typealias Visited = (visit: Visit, days: ArraySlice<String>)

    /// The visits of `level` in `scope` with their days: with `year`, those of ``VisitYears``,
    /// this passport's visits with a day in that year, counted by those days (what the scope's
    /// own ``Visits`` would find from its rows, each year's again: most of an export's year in
    /// review).
    private func visited(_ level: Level, in year: Int?, scope: Passport, years: VisitYears) -> [Visited] {
        guard let year else { return scope.visits(level).map { ($0, $0.days[...]) } }
        return years.visited(level, in: year)
    }

    /// Every level's visits cut by year, made once for all the years of a passport: a visit's
    /// days are sorted, so a year's are one run of them, found in one pass over the days, and
    /// kept by year's place in an array (a dictionary by year hashed each of 38,000 runs).
    struct VisitYears {
        /// Level → year − ``first`` → the visits with days in that year.
        private var runs: [[[Visited]]] = []
        private var first = 0

        /// The runs of `years`.
        init(_ passport: Passport, years: Set<Int>) {
            guard let low = years.min(), let high = years.max() else { return }
            first = low
            runs = Array(repeating: Array(repeating: [], count: high - low + 1), count: Level.allCases.count)
            // Years by place, not hashed: a run of a visit's days each.
            var included = [Bool](repeating: false, count: high - low + 1)
            for y in years { included[y - low] = true }
            for level in Level.allCases {
                for v in passport.visits(level) {
                    let days = v.days
                    var start = days.startIndex
                    while start < days.endIndex {
                        let year = Passport.year(of: days[start])
                        var end = start + 1
                        while end < days.endIndex, Passport.year(of: days[end]) == year { end += 1 }
                        if let year, (low...high).contains(year), included[year - low] { runs[level.rank][year - low].append((v, days[start..<end])) }
                        start = end
                    }
                }
            }
        }

        func visited(_ level: Level, in year: Int) -> [Visited] {
            runs.isEmpty || !(0..<runs[level.rank].count).contains(year - first) ? [] : runs[level.rank][year - first]
        }
    }

    /// The year of `YYYY-MM-DD` (its four leading digits), else nil.
    static func year(of date: String) -> Int? {
        // In place: a date is a small string, read without an iterator (a year in review asks
        // for the year of every day of every visit).
        date.utf8.withContiguousStorageIfAvailable(year(ofBytes:)) ?? year(ofBytes: Array(date.utf8))
    }

    private static func year(ofBytes bytes: some RandomAccessCollection<UInt8>) -> Int? {
        guard bytes.count >= 4 else { return nil }
        var year = 0
        for b in bytes.prefix(4) {
            let digit = b &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            year = year * 10 + Int(digit)
        }
        return year
    }

    /// The figures of `scope`: this passport, or the part of it in `year`, whose visits
    /// `visitYears` gives and whose rows are `rows` (else its own), and of the trips `outlines`
    /// (left out when nil); `firstYears` counts this passport's countries, regions and cities
    /// by the year of their first day (what "new this year" reads).
    func stats(scheme: CountingScheme, homes: HomeTimeline, year: Int?, currentYear: Int?, outlines: [TripOutline]?,
               scope: Passport, rows: ArraySlice<PlaceDay>? = nil, visitYears: VisitYears, firstYears: FirstYears) -> PassportStats {
        let latestDay = visits(.country).compactMap(\.lastDate).max()
        var s = PassportStats(scheme: scheme.name, year: year ?? currentYear ?? latestDay.flatMap { Int($0.prefix(4)) } ?? 0)
        s.reviewYear = year
        func visited(_ level: Level) -> [Visited] { self.visited(level, in: year, scope: scope, years: visitYears) }
        let countries = visited(.country)
        s.countriesVisited = countries.count
        s.countries = countries.filter { scheme.countries.contains($0.visit.id) }.count
        s.countriesInScheme = scheme.countries.count
        (s.continents, s.regions, s.cities, s.airports) = (visited(.continent).count, visited(.region).count, visited(.city).count, visited(.airport).count)
        s.subregions = visited(.subregion).count

        // The home shown is the one at the end of what the page covers.
        let shownDate = year.map { String(format: "%04d-12-31", $0) } ?? latestDay
        if let home = homes.home(on: shownDate) {
            (s.home, s.homeCountry, s.homeInferred) = (home.place, home.country?.id, home.inferred)
        }

        func homeCountry(_ date: String) -> String? { homes.index(on: date).flatMap { homes.periods[$0].country?.id } }
        // Each row's home looked up once per run of rows that share its date.
        var abroad = DistinctDates()
        var rowHome = RunMemo { homeCountry($0) }
        // By index: a row copied whole retains and releases its strings and snapshot (``Visits``).
        let rows = rows ?? scope.days[...]
        var lastAbroad: String?
        for r in rows.indices where rows[r].status == .visit {
            // Rows come by date: a date abroad is counted once per run.
            if let date = rows[r].date, date != lastAbroad, let c = rows[r].country?.id, c != rowHome(date) {
                abroad.insert(date)
                lastAbroad = date
            }
        }
        for m in scope.marks {
            if let date = m.date, let c = m.country?.id, c != homeCountry(date) { abroad.insert(date) }
        }
        s.daysAbroad = abroad.count

        if let outlines { Self.count(outlines, year: year, into: &s) }

        // Each date once, then counted by its year: a decade of days, not a set per year.
        var dates = DistinctDates()
        for c in countries { for d in c.days { dates.insert(d) } }
        if let busiest = dates.counts(by: .year).max(by: { ($0.count, $1.key) < ($1.count, $0.key) }) {
            s.busiestYear = (Int(busiest.key) ?? 0, busiest.count)
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

        (s.newCountriesThisYear, s.newRegionsThisYear, s.newCitiesThisYear) = firstYears.new(in: s.year)
        return s
    }

    /// The figures of the trips `outlines` (those touching `year`, when given): how many, the
    /// first, and the busiest month away.
    private static func count(_ outlines: [TripOutline], year: Int?, into s: inout PassportStats) {
        let outlines = year.map { y in outlines.filter { $0.years.contains(y) } } ?? outlines
        s.trips = outlines.count
        s.firstTrip = outlines.first?.start
        var away = DistinctDates()
        let yearPrefix = year.map { String(format: "%04d-", $0) }
        for trip in outlines {
            for day in trip.days where yearPrefix.map(day.hasPrefix) ?? true { away.insert(day) }
        }
        if let busiest = away.counts(by: .month).max(by: { ($0.count, $1.key) < ($1.count, $0.key) }) {
            s.busiestMonth = (busiest.key, busiest.count)
        }
    }

    /// This passport's countries, regions and cities counted by the year of their first day.
    struct FirstYears {
        private static let levels: [Level] = [.country, .region, .city]
        /// Year → how many of each of ``levels`` were first visited in it.
        private var counts: [Int: [Int]] = [:]

        init(_ passport: Passport) {
            for (slot, level) in Self.levels.enumerated() {
                for v in passport.visits(level) {
                    if let y = v.firstDate.flatMap(Passport.year(of:)) { counts[y, default: [0, 0, 0]][slot] += 1 }
                }
            }
        }

        /// The countries, regions and cities first visited in `year`.
        func new(in year: Int) -> (Int, Int, Int) {
            let c = counts[year] ?? [0, 0, 0]
            return (c[0], c[1], c[2])
        }
    }
}

extension Passport {
    /// The year in review of every year with a visit, oldest first; `trips` are this
    /// passport's under `homes`.
    public func years(scheme: CountingScheme, homes: HomeTimeline, trips: [Trip]) -> [PassportStats] {
        let years = YearsInReview(self, scheme: scheme, homes: homes)
        years.count()
        years.count(trips: trips)
        return years.reviews()
    }

    /// ``count(_:year:into:)`` for every year of `reviews` at once: each trip's days read once,
    /// not once a year (a trip of fifteen years is thousands of days, read fifteen times).
    static func count(_ outlines: [TripOutline], years reviews: inout [PassportStats]) {
        var index: [Int: Int] = [:]
        for i in reviews.indices { if let y = reviews[i].reviewYear { index[y] = i } }
        let prefixes = reviews.map { String(format: "%04d-", $0.reviewYear ?? 0) }
        var away = [DistinctDates](repeating: DistinctDates(), count: reviews.count)
        for trip in outlines {
            for y in trip.years {
                guard let i = index[y] else { continue }
                reviews[i].trips += 1
                if reviews[i].firstTrip == nil { reviews[i].firstTrip = trip.start }
            }
            for day in trip.days {
                if let y = year(of: day), trip.years.contains(y), let i = index[y], day.hasPrefix(prefixes[i]) { away[i].insert(day) }
            }
        }
        for i in reviews.indices {
            if let busiest = away[i].counts(by: .month).max(by: { ($0.count, $1.key) < ($1.count, $0.key) }) {
                reviews[i].busiestMonth = (busiest.key, busiest.count)
            }
        }
    }
}
