import TravelLog
/// The passport page: the figures `atlas stats` prints and the export's `passport` object.
///
/// ```swift
/// let stats = passport.stats(scheme: un, year: 2024)
/// print("\(stats.countries) of \(stats.countriesInScheme) countries")
/// ```
///
/// A value type; `Sendable`.
public struct PassportStats: Sendable, Equatable {
    public var scheme: CountingScheme.Name
    /// Visited countries the scheme counts, and how many it has.
    public var countries = 0
    public var countriesInScheme = 0
    /// Every visited country-level entry, counted or not.
    public var countriesVisited = 0
    public var continents = 0
    public static let continentsInWorld = 7
    public var regions = 0
    /// Subregions visited: counties, départements, provinces (``PlaceKind/subregion``).
    public var subregions = 0
    public var cities = 0
    public var airports = 0
    /// The home region (or country) and its name.
    public var home: PlaceLink?
    public var homeCountry: String?
    /// Guessed from the photos (``HomeTimeline``), not saved.
    public var homeInferred = false
    /// Distinct local dates with a visit outside that date's home country.
    public var daysAbroad = 0
    /// The start of the first trip (not excluded), and how many trips there are.
    public var firstTrip: String?
    public var trips = 0
    /// The month (`YYYY-MM`) with the most days on trips, and those days.
    public var busiestMonth: (month: String, days: Int)?
    /// The year with most days visited, and those days.
    public var busiestYear: (year: Int, days: Int)?
    public var mostVisitedCountry: (id: String, name: String, days: Int)?
    /// The photo farthest from home (great circle), with its city or country.
    public var farthest: (km: Double, place: PlaceLink?)?
    /// Along every positioned photo in time order.
    public var distanceKm = 0.0
    /// The flights of the flight logs, and the great-circle distance between their airports.
    public var flights = 0
    public var flightKm = 0.0
    /// The year "new" counts in: the year in review, or the current year.
    public var year: Int
    /// The year the page covers (`atlas stats --year`), nil for the whole log.
    public var reviewYear: Int?
    public var newCountriesThisYear = 0
    public var newRegionsThisYear = 0
    public var newCitiesThisYear = 0

    public var share: Double { countriesInScheme == 0 ? 0 : Double(countries) / Double(countriesInScheme) }

    public static func == (a: PassportStats, b: PassportStats) -> Bool {
        a.scheme == b.scheme && a.countries == b.countries && a.countriesInScheme == b.countriesInScheme && a.continents == b.continents
            && a.regions == b.regions && a.subregions == b.subregions && a.cities == b.cities && a.airports == b.airports && a.home == b.home && a.daysAbroad == b.daysAbroad
            && a.firstTrip == b.firstTrip && a.busiestYear?.year == b.busiestYear?.year && a.busiestYear?.days == b.busiestYear?.days
            && a.mostVisitedCountry?.id == b.mostVisitedCountry?.id && a.mostVisitedCountry?.days == b.mostVisitedCountry?.days
            && a.farthest?.km == b.farthest?.km && a.distanceKm == b.distanceKm && a.year == b.year
            && a.newCountriesThisYear == b.newCountriesThisYear && a.newRegionsThisYear == b.newRegionsThisYear
            && a.newCitiesThisYear == b.newCitiesThisYear && a.countriesVisited == b.countriesVisited && a.homeInferred == b.homeInferred
            && a.trips == b.trips && a.busiestMonth?.month == b.busiestMonth?.month && a.busiestMonth?.days == b.busiestMonth?.days
            && a.reviewYear == b.reviewYear && a.flights == b.flights && a.flightKm == b.flightKm
    }
}
