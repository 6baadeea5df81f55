import Foundation
import Gazetteer
import Testing
@testable import Resolver

/// The edge of a big city (docs/resolver.md, step 4): inside a metropolis's urban reach, a point
/// nearer than 3 km to a far smaller town, but well out of the town's own reach, is the
/// metropolis's. Milan's Gallaratese is 2.1 km from Pero's point and 7.4 km from Milan's.
@Suite struct EdgeOfCityTests {
    private func resolve(_ lat: Double, _ lon: Double) throws -> PlaceChain {
        try ResolverTests.resolver.resolve(GeoCoordinate(latitude: lat, longitude: lon))
    }

    /// The point `km` from (`lat`, `lon`) towards (`toLat`, `toLon`), on a local flat map (a few
    /// kilometres: the error is metres).
    private func toward(_ lat: Double, _ lon: Double, _ toLat: Double, _ toLon: Double, km: Double) -> (Double, Double) {
        let kmPerDegree = GeoCoordinate.earthRadiusKm * .pi / 180, cosLat = cos(lat * .pi / 180)
        let dy = (toLat - lat) * kmPerDegree, dx = (toLon - lon) * kmPerDegree * cosLat
        let length = (dx * dx + dy * dy).squareRoot()
        return (lat + dy / length * km / kmPerDegree, lon + dx / length * km / kmPerDegree / cosLat)
    }

    @Test func gallarateseIsMilanNotPero() throws {
        let chain = try resolve(45.5007, 9.1103)
        #expect(chain.city?.id == PlaceID("city:3173435"), "\(chain.city?.name ?? "nil")")
        #expect(chain.district == nil)
        // The distance is Milan's: the answer says how far its point is.
        #expect((7...8).contains(chain.city?.distanceKm ?? 0), "\(chain.city?.distanceKm ?? 0)")
    }

    /// From Pero's point towards Gallaratese: Pero up to twice its own reach (9,626 people at
    /// 4,000 per km²: 0.875 km, so 1.75 km), Milan beyond it.
    @Test func theTownKeepsTwiceItsOwnReach() throws {
        let pero = (lat: 45.51017, lon: 9.08704)
        #expect(try resolve(pero.lat, pero.lon).city?.id == PlaceID("city:6534238"))
        for (km, expected) in [(0.9, "city:6534238"), (1.6, "city:6534238"), (1.9, "city:3173435"), (2.1, "city:3173435")] {
            let (lat, lon) = toward(pero.lat, pero.lon, 45.5007, 9.1103, km: km)
            let chain = try resolve(lat, lon)
            #expect(chain.city?.id == PlaceID(expected)!, "\(km) km from Pero: \(chain.city?.name ?? "nil")")
            if expected == "city:6534238" { #expect(abs((chain.city?.distanceKm ?? 0) - km) < 0.05) }
        }
    }

    @Test func theRuleOnItsOwn() {
        // Pero and Milan.
        #expect(Resolver.atEdge(townKm: 2.1, town: 9_626, metropolis: 1_371_498))
        // Within twice the town's own reach (0.875 km): the town's.
        #expect(!Resolver.atEdge(townKm: 1.7, town: 9_626, metropolis: 1_371_498))
        // A town of unknown population (GeoNames' 0) keeps its points.
        #expect(!Resolver.atEdge(townKm: 2.9, town: 0, metropolis: 1_371_498))
        // Not far smaller: 20,000 people (twice their reach is 2.52 km) next to 150,000 is a
        // town beside a city, not a city's edge; next to 200,000 it is.
        #expect(!Resolver.atEdge(townKm: 2.8, town: 20_000, metropolis: 150_000))
        #expect(Resolver.atEdge(townKm: 2.8, town: 20_000, metropolis: 200_000))
        // Beyond the 3 km gap the metropolis answers by the older rule, whatever the sizes.
        #expect(!Resolver.atEdge(townKm: 3.1, town: 1_000, metropolis: 1_371_498))
    }

    /// The neighbours the traveller table protects (Boulogne-Billancourt, Frederiksberg, Jersey
    /// City, Villeurbanne) have twice their own reach beyond the 3 km gap: the edge rule never
    /// takes their points, whatever the metropolis, and a town of 28,300 or more is as safe.
    @Test func realNeighboursAreNeverTaken() throws {
        for id in [3031137, 2621942, 5099836, 2968254] {
            let place = try #require(try ResolverTests.gazetteer.place(PlaceID(.city, String(id))))
            let twiceOwnReach = 2 * (Double(place.population) / (4000 * Double.pi)).squareRoot()
            #expect(twiceOwnReach > Resolver.metropolisGapKm, "\(place.name): \(twiceOwnReach) km")
            for km in stride(from: 0.0, through: Resolver.metropolisGapKm, by: 0.25) {
                #expect(!Resolver.atEdge(townKm: km, town: Int32(place.population), metropolis: .max), "\(place.name) at \(km) km")
            }
        }
        #expect(!Resolver.atEdge(townKm: 3, town: 28_300, metropolis: .max))
        #expect(Resolver.atEdge(townKm: 3, town: 28_200, metropolis: .max))
    }
}
