import Gazetteer
import TableCache

extension Resolver {
    /// The names and codes, the cities' index (the world's and each region's) and the airports'.
    typealias Places = (tables: PlaceTables, cities: PointIndex, citiesByRegion: [PointIndex], airports: PointIndex)

    /// The places from `cache` (the `places` table), else read from the gazetteer, indexed, and
    /// kept in `cache` for the next process.
    static func loadPlaces(from gazetteer: Gazetteer, cache: TableCache?) throws -> Places {
        try TableCache.table("places", in: cache, decode: unarchivePlaces, derive: {
            let tables = try PlaceTables.load(from: gazetteer)
            let c = tables.cities
            let storage = PointStorage(latitudes: Array(c.latitudes), longitudes: Array(c.longitudes))
            let airports = PointStorage(latitudes: tables.airports.map(\.latitude), longitudes: tables.airports.map(\.longitude))
            return (tables, PointIndex(storage: storage), PointIndex.grouped(storage: storage, group: Array(c.region), groupCount: tables.regions.count),
                    PointIndex(storage: airports))
        }, encode: archivePlaces)
    }

    private static func archivePlaces(_ places: Places, into archive: inout ArchiveWriter) {
        places.tables.archive(into: &archive)
        places.cities.storage.archive(into: &archive)
        places.cities.archive(into: &archive)
        for index in places.citiesByRegion { index.archive(into: &archive) }
        places.airports.storage.archive(into: &archive)
        places.airports.archive(into: &archive)
    }

    private static func unarchivePlaces(_ archive: inout ArchiveReader) throws -> Places {
        let tables = try PlaceTables(unarchiving: &archive)
        let storage = try PointStorage(unarchiving: &archive, members: tables.cities.count)
        let cities = try PointIndex(unarchiving: &archive, storage: storage)
        let byRegion = try tables.regions.indices.map { _ in try PointIndex(unarchiving: &archive, storage: storage) }
        let airportStorage = try PointStorage(unarchiving: &archive, members: tables.airports.count)
        return (tables, cities, byRegion, try PointIndex(unarchiving: &archive, storage: airportStorage))
    }
}
