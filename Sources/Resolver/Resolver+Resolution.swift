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
                          timeZone: withTimeZone(of: found, &firstUse) { String(decoding: $0, as: UTF8.self) })
    }

    /// Appends the JSON line of a resolution to `out`: the bytes ``PlaceChain/append(to:id:)``
    /// writes for ``chain(of:_:)``, without making the chain.
    func append<Sink: ByteSink & ~Copyable>(_ found: Resolution, id: JSONValue?, to out: inout Sink, _ firstUse: inout FirstUseTables) {
        let places = PlaceLineage<ChainJSON.Link> { kind in
            found.places[kind].map { ChainJSON.Link(table: table(of: kind, &firstUse), row: $0.row, distanceKm: $0.distanceKm) }
        }
        let nearestPlace = found.nearestPlace.map { ChainJSON.Link(table: links.cities, row: $0.row, distanceKm: $0.distanceKm) }
        withTimeZone(of: found, &firstUse) { zone in
            ChainJSON(coordinate: found.coordinate, waters: found.waters, places: places, nearestPlace: nearestPlace,
                      subregionBasis: found.subregionBasis?.rawValue, borderKm: found.borderKm,
                      boundaryQuality: found.boundaryQuality.map(qualities.utf8), nearestCityElsewhere: found.nearestCityElsewhere,
                      timeZone: zone).append(to: &out, id: id)
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

    /// Calls `body` with the UTF-8 of the resolution's time zone.
    private func withTimeZone<R>(of found: Resolution, _ firstUse: inout FirstUseTables, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        switch found.timeZone {
        case .named(let name): return body(zoneNames.utf8(name))
        case .sea(let name):
            if let bytes = firstUse.seaZoneName(name, of: self) { return body(bytes) }
            fallthrough
        case .nautical:
            var zone = PlaceChain.nauticalZone(longitude: found.coordinate.longitude)
            return zone.withUTF8(body)
        }
    }
}
