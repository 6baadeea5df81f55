import TravelLog

/// Where the traveller lived on each date: the homes saved in the log (`atlas home set`), and
/// before the first of them, or when none is saved, the homes the photos suggest.
///
/// ```swift
/// let homes = HomeTimeline(saved: try log.homes(), days: passport.days)
/// homes.home(on: "2024-07-06")?.place.name   // "Lyon"
/// ```
///
/// **The inferred home** of a calendar year is the region photographed in the most distinct
/// months of that year (ties: more days, then the lower identifier), provided that is at least
/// ``minimumMonths`` months: home is where one is all year round, so a two-week holiday never
/// wins, however many photos it has. A year without such a region (a thin year, or a year of
/// travel only) keeps the home of the nearest year before it that has one, else after it; a log
/// where no year has one takes the region photographed in the most distinct months overall.
/// Only photos count, not marks (a mark says "been there", not "lived there").
///
/// **The point** trips are measured from is the coordinate saved with the home (a city's, or the
/// one given); for a region or a country, it is the mean position of the photos of the city
/// photographed on the most days inside it during that home's years.
///
/// A value type; `Sendable`.
public struct HomeTimeline: Sendable, Equatable {
    /// One home and the dates it holds for.
    public struct Period: Sendable, Equatable {
        /// The first date, nil from the start.
        public var since: String?
        /// The last date, nil for "to this day".
        public var until: String?
        public var place: PlaceLink
        public var country: PlaceLink?
        public var region: PlaceLink?
        /// The point distances are measured from, and the city whose photos gave it when the
        /// home was saved without one.
        public var latitude: Double?
        public var longitude: Double?
        public var pointCity: PlaceLink?
        /// Guessed from the photos, not saved.
        public var inferred: Bool

        func holds(_ date: String) -> Bool { (since.map { $0 <= date } ?? true) && (until.map { date <= $0 } ?? true) }
    }

    public static let minimumMonths = 3
    public let periods: [Period]

    /// The homes of a log: `saved` (from ``TravelLog/homes()``), inferred from `days` before the
    /// first saved date or throughout when nothing is saved.
    public init(saved: [Home], days: [PlaceDay]) {
        // Indices, not copies: a row is a dozen strings.
        let visits = days.indices.filter { days[$0].status == .visit && days[$0].date != nil }
        let saved = saved.sorted { ($0.since ?? "") < ($1.since ?? "") }
        var periods: [Period] = []
        if saved.first?.since != nil || saved.isEmpty {
            let cut = saved.first?.since
            for var p in Self.inferred(visits, of: days) {
                if let cut {
                    if let since = p.since, since >= cut { continue }
                    let dayBefore = (CalendarDay(cut)! - 1).text
                    p.until = p.until.map { min($0, dayBefore) } ?? dayBefore
                }
                periods.append(p)
            }
        }
        for (i, home) in saved.enumerated() {
            let next = i + 1 < saved.count ? saved[i + 1].since.flatMap(CalendarDay.init).map { ($0 - 1).text } : nil
            periods.append(Period(since: home.since, until: next, place: home.place, country: home.country ?? (home.place.id.hasPrefix("country:") ? home.place : nil),
                                  region: home.region ?? (home.place.id.hasPrefix("region:") ? home.place : nil),
                                  latitude: home.latitude, longitude: home.longitude, pointCity: nil, inferred: false))
        }
        // Checked once, not once a period: a log's rows come by date, and then each period's
        // rows are one range.
        let byDate = zip(visits, visits.dropFirst()).allSatisfy { days[$0.0].date! <= days[$0.1].date! }
        self.periods = periods.map { Self.locate($0, visits, of: days, byDate: byDate) }
    }

    /// One home for every date (`--home`), saved or not.
    public init(only home: Home, days: [PlaceDay]) {
        var home = home
        home.since = nil
        self.init(saved: [home], days: days)
    }

    /// The home on `date` (`YYYY-MM-DD`); for an undated photo, the latest home.
    public func home(on date: String?) -> Period? { index(on: date).map { periods[$0] } }

    /// Where ``home(on:)``'s period is in ``periods``: what a caller looking a home up for every
    /// row uses, reading the fields it needs in place rather than copying a period (a dozen
    /// references) a row.
    public func index(on date: String?) -> Int? {
        guard !periods.isEmpty else { return nil }
        guard let date else { return periods.count - 1 }
        return periods.lastIndex { $0.holds(date) } ?? 0
    }

    /// The inferred periods, one per run of years with the same home region.
    static func inferred(_ visits: [Int], of days: [PlaceDay]) -> [Period] {
        // A log has tens of thousands of rows, a few hundred place snapshots and some thousands
        // of (year, region) pairs: a snapshot's region is numbered by its identifier once, a
        // row's region is found by its snapshot object, and a pair is counted under two
        // integers, its links read from its first row only when it is compared or chosen. Rows
        // come by date, so a pair's distinct days are counted against its last one, and a date
        // is parsed once per run of rows.
        struct Tally { let year: Int, region: Int, row: Int; var months: UInt16 = 0, days = 0, lastDay = Int.min }
        var regionOf = IdentityTable()
        var regionIDs: [String: Int] = [:]
        // A year's tallies by region number, in an array: rows come by year, so the table is
        // swapped when the year changes, not a pair hashed per row.
        var slotsByYear: [Int: [Int]] = [:]
        var (slotYear, slots) = (Int.min, [Int]())
        var tallies: [Tally] = []
        var calendar = RunMemo { CalendarDay($0).map { ($0.number, $0.components) } }
        for i in visits {
            guard let date = days[i].date, let (day, (year, month, _)) = calendar(date) else { continue }
            let places = days[i].places
            let region: Int
            if let known = regionOf[places] {
                region = known
            } else {
                region = places.region.map { link in regionIDs[link.id] ?? { regionIDs[link.id] = regionIDs.count; return regionIDs.count - 1 }() } ?? -1
                regionOf[places] = region
            }
            guard region >= 0 else { continue }
            if year != slotYear {
                if slotYear != .min { slotsByYear[slotYear] = slots }
                (slotYear, slots) = (year, slotsByYear[year] ?? [])
            }
            if region >= slots.count { slots += repeatElement(-1, count: region + 1 - slots.count) }
            if slots[region] < 0 {
                slots[region] = tallies.count
                tallies.append(Tally(year: year, region: region, row: i))
            }
            let t = slots[region]
            tallies[t].months |= 1 << month
            if tallies[t].lastDay != day { (tallies[t].days, tallies[t].lastDay) = (tallies[t].days + 1, day) }
        }
        typealias Score = (months: Int, days: Int, row: Int)
        func link(_ s: Score) -> PlaceLink { days[s.row].region! }
        // The most months, then days, then the lower identifier.
        func best(_ scores: some Sequence<Score>) -> Score? {
            scores.max { a, b in (a.months, a.days) != (b.months, b.days) ? (a.months, a.days) < (b.months, b.days) : link(b).id < link(a).id }
        }
        let grouped = Dictionary(grouping: tallies, by: \.year)
        let years = grouped.keys.sorted()
        var chosen: [Int: Score] = [:]
        for year in years {
            if let top = best(grouped[year]!.lazy.map { ($0.months.nonzeroBitCount, $0.days, $0.row) }), top.months >= minimumMonths { chosen[year] = top }
        }
        if chosen.isEmpty {
            // No year has a home: the region of the most months over all years.
            var overall: [Int: Score] = [:]
            for t in tallies {
                let sum = overall[t.region].map { ($0.months + t.months.nonzeroBitCount, $0.days + t.days, $0.row) }
                overall[t.region] = sum ?? (t.months.nonzeroBitCount, t.days, t.row)
            }
            guard let top = best(overall.values) else { return [] }
            chosen[years[0]] = top
        }
        var periods: [Period] = []
        for year in years {
            let home = chosen[year] ?? chosen.keys.filter { $0 < year }.max().flatMap { chosen[$0] } ?? chosen[chosen.keys.min()!]!
            let place = link(home)
            if periods.last?.place.id == place.id { continue }
            if !periods.isEmpty { periods[periods.count - 1].until = String(format: "%04d-12-31", year - 1) }
            periods.append(Period(since: periods.isEmpty ? nil : String(format: "%04d-01-01", year), until: nil, place: place,
                                  country: days[home.row].country, region: place, latitude: nil, longitude: nil, pointCity: nil, inferred: true))
        }
        return periods
    }

    /// `period` with a point: the city photographed on the most days inside its place during
    /// its dates (else at any time), at the mean position of those photos.
    static func locate(_ period: Period, _ visits: [Int], of days: [PlaceDay], byDate: Bool) -> Period {
        guard period.latitude == nil || period.longitude == nil else { return period }
        var p = period
        let id = p.place.id
        func isInside(_ i: Int) -> Bool { days[i].country?.id == id || days[i].region?.id == id || days[i].city?.id == id }
        // Rows by date (as a passport has them): the period's rows are one range, found by
        // halving, not every row tested for every period; all rows only when none there will do.
        let during: [Int]
        if byDate {
            let lower = p.since.map { since in visits.partitioningIndex { days[$0].date! >= since } } ?? 0
            let upper = p.until.map { until in visits.partitioningIndex { days[$0].date! > until } } ?? visits.count
            during = lower < upper ? visits[lower..<upper].filter(isInside) : []
        } else {
            during = visits.filter { isInside($0) && p.holds(days[$0].date!) }
        }
        for rows in [during, nil] {
            let rows = rows ?? visits.filter(isInside)
            // Rows come by date, so a city's distinct days are counted against its last one; a
            // city is looked up once per run of its rows, not hashed four times a row.
            struct City { let link: PlaceLink; var days = 0, lastDate = "", positioned = 0, lat = 0.0, lon = 0.0 }
            var index: [PlaceLink: Int] = [:]
            var cities: [City] = []
            var last: Int?
            for i in rows where days[i].positioned > 0 {
                let key = days[i].city ?? days[i].region ?? days[i].country!
                let c: Int
                if let last, cities[last].link == key {
                    c = last
                } else if let known = index[key] {
                    c = known
                } else {
                    c = cities.count
                    index[key] = c
                    cities.append(City(link: key))
                }
                last = c
                if cities[c].lastDate != days[i].date! { (cities[c].days, cities[c].lastDate) = (cities[c].days + 1, days[i].date!) }
                cities[c].positioned += days[i].positioned
                cities[c].lat += days[i].latitudeSum
                cities[c].lon += days[i].longitudeSum
            }
            guard let top = cities.max(by: { a, b in (a.days, b.link.id) < (b.days, a.link.id) }) else { continue }
            (p.latitude, p.longitude, p.pointCity) = (PlaceDay.mean(top.lat, of: top.positioned), PlaceDay.mean(top.lon, of: top.positioned), top.link)
            return p
        }
        return p
    }
}
