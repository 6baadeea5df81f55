import TravelLog
import Foundation

extension Passport {
    /// The passport figures under `scheme`. Home is `home` (a region or country id) or else the
    /// region with the most days (ties: the lower id). "This year" is `year`, or the year of the
    /// latest visit day when nil, so a figure depends only on the log.
    public func stats(scheme: CountingScheme, home: PlaceLink? = nil, year: Int? = nil) -> PassportStats {
        let countries = visits(.country)
        let latestDay = visits(.country).compactMap(\.lastDate).max()
        var s = PassportStats(scheme: scheme.name, year: year ?? latestDay.flatMap { Int($0.prefix(4)) } ?? 0)
        s.countriesVisited = countries.count
        s.countries = countries.filter { scheme.countries.contains($0.id) }.count
        s.countriesInScheme = scheme.countries.count
        (s.continents, s.regions, s.cities, s.airports) = (visits(.continent).count, visits(.region).count, visits(.city).count, visits(.airport).count)

        // Home: the region with the most days, unless given.
        let regions = visits(.region)
        let homeVisit = regions.max { ($0.days.count, $1.id) < ($1.days.count, $0.id) }
        s.home = home ?? homeVisit.map { .init(id: $0.id, name: $0.name) }
        if let h = s.home {
            s.homeCountry = h.id.hasPrefix("country:") ? h.id : (regions.first { $0.id == h.id }?.country?.id ?? days.first { $0.region?.id == h.id }?.country?.id)
        }

        var abroad: Set<String> = []
        for c in countries where c.id != s.homeCountry { abroad.formUnion(c.days) }
        s.daysAbroad = abroad.count
        s.firstTrip = abroad.min()

        var daysByYear: [String: Set<String>] = [:]
        for c in countries { for d in c.days { daysByYear[String(d.prefix(4)), default: []].insert(d) } }
        if let busiest = daysByYear.max(by: { ($0.value.count, $1.key) < ($1.value.count, $0.key) }) {
            s.busiestYear = (Int(busiest.key) ?? 0, busiest.value.count)
        }
        if let most = countries.max(by: { ($0.days.count, $1.id) < ($1.days.count, $0.id) }), !most.days.isEmpty {
            s.mostVisitedCountry = (most.id, most.name, most.days.count)
        }

        // Farthest: from the centre of the home photos to the mean position of each place and
        // day visited (the aggregates keep sums, not every photo).
        let visited = days.filter { $0.status == .visit }
        let home = visited.filter { $0.positioned > 0 && ($0.region?.id == s.home?.id || $0.country?.id == s.home?.id) }
        let count = home.reduce(0) { $0 + $1.positioned }
        if count > 0 {
            let lat = home.reduce(0) { $0 + $1.latitudeSum } / Double(count)
            let lon = home.reduce(0) { $0 + $1.longitudeSum } / Double(count)
            for d in visited {
                guard let mean = d.meanPosition else { continue }
                let km = GreatCircle.km(lat, lon, mean.latitude, mean.longitude)
                if km > (s.farthest?.km ?? -1) { s.farthest = (km, d.city ?? d.region ?? d.country) }
            }
        }

        // Distance: along every positioned photo, flights included, in time order.
        s.distanceKm = TrackDay.distanceKm(tracks)

        let yearText = String(format: "%04d", s.year)
        func new(_ level: Level) -> Int { visits(level).filter { $0.firstDate?.hasPrefix(yearText) == true }.count }
        (s.newCountriesThisYear, s.newRegionsThisYear, s.newCitiesThisYear) = (new(.country), new(.region), new(.city))
        return s
    }
}
