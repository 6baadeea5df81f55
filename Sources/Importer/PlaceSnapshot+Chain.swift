import Resolver
import TravelLog

extension PlaceSnapshot {
    /// The snapshot the travel log stores of a resolved chain: every level's identifier and
    /// name, the codes of the country, region and airport, the distances of the city, district
    /// and airport (what the `photos` table has columns for, and all a resolver gives), the
    /// waters, border distance, boundary quality and the nearest-city flag.
    ///
    /// ```swift
    /// let chain = try resolver.resolve(GeoCoordinate(latitude: 45.76, longitude: 4.83))
    /// let place = PlaceSnapshot(chain, gazetteerVersion: resolver.gazetteerVersion)
    /// place.city?.name   // "Lyon"
    /// ```
    public init(_ chain: PlaceChain, gazetteerVersion: String) {
        self.init(coordinate: chain.coordinate, waters: chain.waters, gazetteerVersion: gazetteerVersion)
        places = chain.places.map { kind, link in Link(id: link.id, name: link.name, code: Link.keepsCode(kind) ? link.code : nil,
                                                       distanceKm: Link.keepsDistance(kind) ? link.distanceKm : nil) }
        borderKm = chain.borderKm
        boundaryQuality = chain.boundaryQuality
        nearestCityElsewhere = chain.nearestCityElsewhere
    }
}
