import Gazetteer

/// The tables a resolution's links point into, made once from the place tables: continents,
/// countries (with each one's continent), regions, cities, districts and airports.
///
/// ```swift
/// let links = ChainLinks(tables: tables)
/// PlaceChain.Link(table: links.countries, row: Int32(i)).name   // "France"
/// PlaceChain.Link(table: links.cities, row: city, distanceKm: km)
/// ```
///
/// Immutable; safe to share between threads.
struct ChainLinks: Sendable {
    let continents: LinkTable
    let countries: LinkTable
    /// Each country's row in `continents`, by country index; nil for a continent not in the table.
    let continentOfCountry: [Int32?]
    let regions: LinkTable
    let cities: LinkTable
    let districts: LinkTable
    let airports: LinkTable

    init(tables t: PlaceTables) {
        let continentCodes = t.continents.keys.sorted()
        let continentRow = Dictionary(uniqueKeysWithValues: continentCodes.enumerated().map { ($1, Int32($0)) })
        continents = LinkTable(.places(ids: continentCodes.map { PlaceID(.continent, $0) }, names: continentCodes.map { t.continents[$0]! },
                                       codes: continentCodes.map { _ in nil }))
        countries = LinkTable(.places(ids: t.countries.map { PlaceID(.country, $0.iso2) }, names: t.countries.map(\.name), codes: t.countries.map(\.iso3)))
        continentOfCountry = t.countries.map { continentRow[$0.continent] }
        regions = LinkTable(.places(ids: t.regions.map { PlaceID(.region, $0.id) }, names: t.regions.map(\.name), codes: t.regions.map(\.isoCode)))
        cities = LinkTable(.cities(t.cities, kind: .city))
        districts = LinkTable(.cities(t.cities, kind: .district))
        airports = LinkTable(.places(ids: t.airports.map { PlaceID(.airport, $0.iata) }, names: t.airports.map(\.name), codes: t.airports.map(\.icao)))
    }
}
