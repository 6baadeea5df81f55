import Gazetteer
import TableCache

extension PlaceTables {
    /// The tables as ``TableCache`` keeps them; read back by ``init(unarchiving:)``.
    func archive(into archive: inout ArchiveWriter) {
        let continentCodes = continents.keys.sorted()
        archive.append(strings: continentCodes)
        archive.append(strings: continentCodes.map { continents[$0]! })
        archive.append(strings: countries.map(\.iso2))
        archive.append(optionalStrings: countries.map(\.iso3))
        archive.append(strings: countries.map(\.name))
        archive.append(strings: countries.map(\.continent))
        archive.append(optionalStrings: countries.map(\.timeZone))
        archive.append(strings: regions.map(\.id))
        archive.append(strings: regions.map(\.name))
        archive.append(optionalStrings: regions.map(\.isoCode))
        archive.append(regions.map(\.country))
        archive.append(optionalStrings: regions.map(\.timeZone))
        for column in [cities.geonameIDs, cities.region, cities.country, cities.owner, cities.nameStart] { archive.append(column) }
        archive.append(cities.latitudes)
        archive.append(cities.longitudes)
        archive.append(cities.nameBytes)
        archive.append(metropolises.map(\.city))
        archive.append(metropolises.map(\.reachKm))
        archive.append(strings: airports.map(\.iata))
        archive.append(optionalStrings: airports.map(\.icao))
        archive.append(strings: airports.map(\.name))
        archive.append(strings: airports.map(\.size.rawValue))
        archive.append(airports.map(\.latitude))
        archive.append(airports.map(\.longitude))
    }

    /// Tables as ``archive(into:)`` wrote them, checked as ``load(from:)`` checks the
    /// gazetteer's: every city's country, region, owner and name, every metropolis's city.
    init(unarchiving archive: inout ArchiveReader) throws {
        func damaged(_ what: String) -> ArchiveError { ArchiveError(offset: 0, reason: "place tables: \(what)") }
        let continentCodes = try archive.strings(), continentNames = try archive.strings()
        guard continentCodes.count == continentNames.count else { throw damaged("continents") }
        continents = Dictionary(zip(continentCodes, continentNames), uniquingKeysWith: { a, _ in a })
        let iso2 = try archive.strings(), iso3 = try archive.optionalStrings(), countryNames = try archive.strings()
        let continentOf = try archive.strings(), countryZones = try archive.optionalStrings()
        guard [iso3.count, countryNames.count, continentOf.count, countryZones.count].allSatisfy({ $0 == iso2.count }) else { throw damaged("countries") }
        countries = iso2.indices.map { Country(iso2: iso2[$0], iso3: iso3[$0], name: countryNames[$0], continent: continentOf[$0], timeZone: countryZones[$0]) }
        countryIndex = Dictionary(iso2.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let regionIDs = try archive.strings(), regionNames = try archive.strings(), isoCodes = try archive.optionalStrings()
        let regionCountries = try archive.array(of: Int32.self), regionZones = try archive.optionalStrings()
        guard [regionNames.count, isoCodes.count, regionCountries.count, regionZones.count].allSatisfy({ $0 == regionIDs.count }),
              regionCountries.allSatisfy({ $0 >= -1 && Int($0) < countries.count }) else { throw damaged("regions") }
        regions = regionIDs.indices.map {
            Region(id: regionIDs[$0], name: regionNames[$0], isoCode: isoCodes[$0], country: regionCountries[$0], timeZone: regionZones[$0])
        }
        regionIndex = Dictionary(regionIDs.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        var c = Cities()
        (c.geonameIDs, c.region, c.country, c.owner, c.nameStart) = (try archive.column(), try archive.column(), try archive.column(), try archive.column(), try archive.column())
        (c.latitudes, c.longitudes, c.nameBytes) = (try archive.column(), try archive.column(), try archive.column())
        let n = c.geonameIDs.count
        guard [c.region.count, c.country.count, c.owner.count, c.latitudes.count, c.longitudes.count].allSatisfy({ $0 == n }),
              c.nameStart.count == n + 1, c.nameStart.first == 0, Int(c.nameStart[n]) == c.nameBytes.count else { throw damaged("the cities' columns disagree") }
        for i in 0..<n {
            guard c.country[i] >= 0, Int(c.country[i]) < countries.count, c.region[i] >= -1, Int(c.region[i]) < regions.count,
                  c.owner[i] >= 0, Int(c.owner[i]) < n, c.nameStart[i + 1] > c.nameStart[i] else { throw damaged("city \(c.geonameIDs[i])") }
        }
        cities = c
        let metroCities = try archive.array(of: Int32.self), reaches = try archive.array(of: Double.self)
        guard metroCities.count == reaches.count, metroCities.allSatisfy({ $0 >= 0 && Int($0) < n }) else { throw damaged("metropolises") }
        metropolises = zip(metroCities, reaches).map { ($0, $1) }
        let iata = try archive.strings(), icao = try archive.optionalStrings(), airportNames = try archive.strings()
        let sizes = try archive.strings(), latitudes = try archive.array(of: Double.self), longitudes = try archive.array(of: Double.self)
        guard [icao.count, airportNames.count, sizes.count, latitudes.count, longitudes.count].allSatisfy({ $0 == iata.count }) else { throw damaged("airports") }
        airports = iata.indices.map {
            Airport(iata: iata[$0], icao: icao[$0], name: airportNames[$0], size: AirportSize(rawValue: sizes[$0]) ?? .small,
                    latitude: latitudes[$0], longitude: longitudes[$0])
        }
    }
}
