import Gazetteer
import JSONWriter

extension Resolver {
    /// The chain of a resolution: its rows as links into the resolver's tables, its time zone
    /// and boundary quality as strings.
    func chain(of found: Resolution, _ firstUse: inout FirstUseTables) -> PlaceChain {
        let places = PlaceLineage<PlaceChain.Link> { kind in
            found.places[kind].map { PlaceChain.Link(table: table(of: kind, &firstUse), row: $0.row, distanceKm: $0.distanceKm) }
        }
        return PlaceChain(coordinate: found.coordinate, places: places,
                          nearestPlace: found.nearestPlace.map { PlaceChain.Link(table: links.cities, row: $0.row, distanceKm: $0.distanceKm) },
                          subregionBasis: found.subregionBasis?.rawValue, waters: found.waters, borderKm: found.borderKm,
                          boundaryQuality: found.boundaryQuality.map(qualities.string), nearestCityElsewhere: found.nearestCityElsewhere,
                          timeZone: timeZoneName(of: found, &firstUse))
    }

    /// Appends the JSON line of a resolution to `out`: the bytes ``PlaceChain/append(to:id:)``
    /// writes for ``chain(of:_:)``, without making the chain. `numbers`, when given, are the
    /// latitude and longitude as they print (``CoordinateText``), copied as they are.
    func append<Sink: ByteSink & ~Copyable>(_ found: Resolution, id: JSONValue?, to out: inout Sink, _ firstUse: inout FirstUseTables,
                                            numbers: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>)? = nil) {
        let places = PlaceLineage<ChainJSON.Link> { kind in
            found.places[kind].map { ChainJSON.Link(table: table(of: kind, &firstUse), row: $0.row, distanceKm: $0.distanceKm) }
        }
        let nearestPlace = found.nearestPlace.map { ChainJSON.Link(table: links.cities, row: $0.row, distanceKm: $0.distanceKm) }
        withTimeZone(of: found, &firstUse) { zone in
            ChainJSON(coordinate: found.coordinate, waters: found.waters, places: places, nearestPlace: nearestPlace,
                      subregionBasis: found.subregionBasis?.rawValue, borderKm: found.borderKm,
                      boundaryQuality: found.boundaryQuality.map(qualities.json), nearestCityElsewhere: found.nearestCityElsewhere,
                      timeZone: zone, numbers: numbers).append(to: &out, id: id)
        }
    }

    /// The table a level's rows are rows of. A subregion row comes from the subregions, which
    /// `firstUse` has read when it found one.
    @inline(__always)
    private func table(of kind: PlaceKind, _ firstUse: inout FirstUseTables) -> LinkTable {
        switch kind {
        case .continent: links.continents
        case .country: links.countries
        case .region: links.regions
        case .subregion: firstUse.subregionLinks ?? links.regions
        case .city: links.cities
        case .district: links.districts
        case .airport: links.airports
        }
    }

    /// The name of the resolution's time zone.
    private func timeZoneName(of found: Resolution, _ firstUse: inout FirstUseTables) -> String {
        switch found.timeZone {
        case .named(let name): return zoneNames.string(name)
        case .sea(let name):
            if let names = firstUse.seaZoneNames(of: self), name >= 0, Int(name) < names.count { return names.string(name) }
            fallthrough
        case .nautical: return PlaceChain.nauticalZone(longitude: found.coordinate.longitude)
        }
    }

    /// Calls `body` with the resolution's time zone as a JSON string (quoted), as the tables
    /// keep it.
    private func withTimeZone<R>(of found: Resolution, _ firstUse: inout FirstUseTables, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch found.timeZone {
        case .named(let name): return body(zoneNames.json(name))
        case .sea(let name):
            if let names = firstUse.seaZoneNames(of: self), name >= 0, Int(name) < names.count { return body(names.json(name)) }
            fallthrough
        case .nautical:
            var zone: [UInt8] = []
            JSONBytes.appendQuoted(PlaceChain.nauticalZone(longitude: found.coordinate.longitude), to: &zone)
            return zone.withUnsafeBufferPointer(body)
        }
    }
}
