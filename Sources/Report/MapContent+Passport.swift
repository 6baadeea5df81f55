import AtlasMap
import Gazetteer
import Passport
import TravelLog

extension MapContent {
    /// The places of `passport` (restrict it first for a year): countries, or regions, or the
    /// subregions of `subregionCountries` (ISO alpha-2 codes), filled by days; cities and
    /// airports at the gazetteer's positions of them, never a photo's, so the map is no finer
    /// than a city. At subregion level the counts say how many of each country's subregions
    /// were visited ("2 of 3,143 counties").
    ///
    /// ```swift
    /// let content = try MapContent(passport, level: .country, stats: passport.stats(scheme: scheme), gazetteer: gazetteer)
    /// ```
    public init(_ passport: Passport, level: MapShape.Kind, stats: PassportStats, title: String, subregionCountries: [String] = [],
                gazetteer: Gazetteer) throws {
        let shown = Set(subregionCountries.map { "country:" + $0 })
        let subregions = level == .subregion ? passport.visits(.subregion).filter { shown.contains($0.country?.id ?? "") } : []
        self.init(title: title, subtitle: Self.counts(stats, level: level, subregions: try Self.subregionCounts(subregions, of: subregionCountries, gazetteer)))
        self.level = level
        // A visit without a date (an undated mark or photo) has 0 days, and is filled all the same.
        for v in passport.visits(.country) + (level == .region ? passport.visits(.region) : []) + subregions { days[v.id] = v.days.count }
        cities = try Self.spots(passport.visits(.city).map { (PlaceLink(id: $0.id, name: $0.name), $0.days.count) }, gazetteer)
        airports = try Self.spots(passport.visits(.airport).map { (PlaceLink(id: $0.id, name: $0.name), $0.days.count) }, gazetteer)
        attribution = gazetteer.attribution
    }

    /// One trip: its countries (or regions) filled by the days of the trip, its cities and
    /// airports, zoomed to them.
    public init(_ trip: Trip, level: MapShape.Kind, gazetteer: Gazetteer) throws {
        self.init(title: trip.title, subtitle: Self.counts(trip))
        self.level = level
        for p in trip.countries + (level == .region ? trip.regions : []) { days[p.place.id] = p.days }
        cities = try Self.spots(trip.cities.map { ($0.place, $0.days) }, gazetteer)
        airports = try Self.spots(trip.airports.map { ($0.place, $0.days) }, gazetteer)
        attribution = gazetteer.attribution
        box = Self.box(around: cities + airports)
    }

    static func counts(_ s: PassportStats, level: MapShape.Kind, subregions: [String] = []) -> String {
        var parts = ["\(s.countries) of \(s.countriesInScheme) countries"]
        if level == .region { parts.append(counted(s.regions, "region")) }
        parts += subregions
        parts.append(counted(s.cities, "city", "cities"))
        return parts.joined(separator: " · ")
    }

    /// For each of `countries`, how many of its subregions `visits` holds, in the country's word
    /// ("2 of 3,143 counties"), the country named when there are several.
    static func subregionCounts(_ visits: [Visit], of countries: [String], _ gazetteer: Gazetteer) throws -> [String] {
        let ids = countries.compactMap { PlaceID("country:" + $0) }
        let totals = try gazetteer.childCounts(of: ids, kind: .subregion)
        return try ids.map { id in
            let visited = visits.filter { $0.country?.id == id.description }.count
            let word = try gazetteer.subregionsWord(country: id.code)
            let text = "\(grouped(visited)) of \(grouped(totals[id] ?? 0)) \(word)"
            guard ids.count > 1 else { return text }
            let name = try gazetteer.place(id)?.name ?? id.code
            return text + " (\(name))"
        }
    }

    static func counts(_ trip: Trip) -> String {
        [counted(trip.dayCount, "day"), counted(trip.countries.count, "country", "countries"),
         counted(trip.cities.count, "city", "cities")].joined(separator: " · ")
    }

    /// Places with days, at their gazetteer coordinates; a place the gazetteer no longer has
    /// (an old log) is left off the map.
    static func spots(_ places: [(PlaceLink, Int)], _ gazetteer: Gazetteer) throws -> [Spot] {
        try places.compactMap { link, days in
            guard let id = PlaceID(link.id), let c = try gazetteer.place(id)?.coordinate else { return nil }
            return Spot(id: link.id, name: link.name, longitude: c.longitude, latitude: c.latitude, days: days)
        }
    }
}
