import Gazetteer

/// The links a resolution puts into a chain, made once from the place tables: countries with
/// their continents and regions as ready links, cities, districts and airports as tables to
/// point into.
///
/// ```swift
/// let links = ChainLinks(tables: tables)
/// links.countries[i].country.name   // "France"
/// PlaceChain.Link(table: links.cities, row: city, distanceKm: km)
/// ```
///
/// Immutable; safe to share between threads.
struct ChainLinks: Sendable {
    let countries: [(country: PlaceChain.Link, continent: PlaceChain.Link?)]
    let regions: [PlaceChain.Link]
    let cities: LinkTable
    let districts: LinkTable
    let airports: LinkTable

    init(tables t: PlaceTables) {
        let continentCodes = t.continents.keys.sorted()
        let continentRow = Dictionary(uniqueKeysWithValues: continentCodes.enumerated().map { ($1, Int32($0)) })
        let continents = LinkTable(.places(ids: continentCodes.map { PlaceID(.continent, $0) }, names: continentCodes.map { t.continents[$0]! },
                                           codes: continentCodes.map { _ in nil }))
        let countries = LinkTable(.places(ids: t.countries.map { PlaceID(.country, $0.iso2) }, names: t.countries.map(\.name), codes: t.countries.map(\.iso3)))
        var links: [(country: PlaceChain.Link, continent: PlaceChain.Link?)] = []
        for (i, country) in t.countries.enumerated() {
            let continent = continentRow[country.continent].map { PlaceChain.Link(table: continents, row: $0) }
            links.append((PlaceChain.Link(table: countries, row: Int32(i)), continent))
        }
        self.countries = links
        let regions = LinkTable(.places(ids: t.regions.map { PlaceID(.region, $0.id) }, names: t.regions.map(\.name), codes: t.regions.map(\.isoCode)))
        self.regions = t.regions.indices.map { .init(table: regions, row: Int32($0)) }
        cities = LinkTable(.cities(t.cities, kind: .city))
        districts = LinkTable(.cities(t.cities, kind: .district))
        airports = LinkTable(.places(ids: t.airports.map { PlaceID(.airport, $0.iata) }, names: t.airports.map(\.name), codes: t.airports.map(\.icao)))
    }
}
