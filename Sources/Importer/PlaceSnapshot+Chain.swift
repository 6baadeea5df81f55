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
        continent = Link(chain.continent)
        country = Link(chain.country, code: true)
        region = Link(chain.region, code: true)
        city = Link(chain.city, distance: true)
        district = Link(chain.district, distance: true)
        airport = Link(chain.airport, code: true, distance: true)
        borderKm = chain.borderKm
        boundaryQuality = chain.boundaryQuality
        nearestCityElsewhere = chain.nearestCityElsewhere
    }
}

extension PlaceSnapshot.Link {
    /// The id and name of `link`, with its code and distance where the level keeps them.
    fileprivate init?(_ link: PlaceChain.Link?, code: Bool = false, distance: Bool = false) {
        guard let link else { return nil }
        self.init(id: link.id, name: link.name, code: code ? link.code : nil, distanceKm: distance ? link.distanceKm : nil)
    }
}
