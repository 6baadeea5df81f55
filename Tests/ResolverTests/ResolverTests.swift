import Boundaries
import Foundation
import Gazetteer
import Testing
@testable import Resolver

@Suite struct ResolverTests {
    static let gazetteer = try! Gazetteer.open()
    static let resolver = try! Resolver(gazetteer: gazetteer)

    private func resolve(_ lat: Double, _ lon: Double) throws -> PlaceChain {
        try Self.resolver.resolve(GeoCoordinate(latitude: lat, longitude: lon))
    }

    /// The tables read on first use, loaded ahead on threads of their own before any point
    /// asks, answer as those read by the first point that needs them: at sea in a land zone,
    /// in a subregion's polygon, at a metropolis's edge, and across the seam.
    @Test func firstUseTablesLoadedAheadChangeNoAnswer() throws {
        let ahead = try Resolver(gazetteer: Self.gazetteer)
        #expect(!ahead.subregions.isClaimed && !ahead.seaZones.isClaimed && !ahead.populations.isClaimed)
        ahead.loadFirstUseTables()
        let deadline = Date().addingTimeInterval(30)
        while !(ahead.subregions.isClaimed && ahead.seaZones.isClaimed && ahead.populations.isClaimed) && Date() < deadline { usleep(1_000) }
        #expect(ahead.subregions.isClaimed && ahead.seaZones.isClaimed && ahead.populations.isClaimed)
        let points: [(Double, Double)] = [(37.49, -25.10), (-15.94, 179.98), (-17.18, -179.98), (48.86, 2.35), (40.73, -73.99),
                                          (35.68, 139.69), (47.80, -104.06), (51.05, 3.72), (-33.86, 151.21), (0, -140)]
        for (lat, lon) in points {
            let point = GeoCoordinate(latitude: lat, longitude: lon)
            #expect(try ahead.resolve(point) == Self.resolver.resolve(point), "\(lat), \(lon)")
        }
    }

    @Test func montanaIsNotNorthDakota() throws {
        let montana = try resolve(47.80, -104.06)
        #expect(montana.region?.id == PlaceID("region:US.MT"))
        #expect(montana.city.map { try! Self.gazetteer.place($0.id)!.ancestor(.region)?.id } == PlaceID("region:US.MT"))
        #expect(montana.borderKm != nil)
        let dakota = try resolve(47.80, -104.03)
        #expect(dakota.region?.id == PlaceID("region:US.ND"))
    }

    /// Askja, in Iceland's empty highlands: no town within reach, so no city, the nearest named
    /// with its distance; the region and country unchanged.
    @Test func aPointFarFromEveryTownHasNoCity() throws {
        let askja = try resolve(65.0556, -16.6257)
        #expect(askja.city == nil && askja.district == nil)
        #expect(askja.nearestPlace?.name == "Laugar" && (askja.nearestPlace?.distanceKm ?? 0) > Resolver.cityReachKm)
        #expect(askja.country?.id == PlaceID("country:IS") && askja.region?.id == PlaceID("region:IS.40"))
        // 19 km south of Laugar, within reach: Laugar's.
        let near = try resolve(65.55, -17.37)
        #expect(near.city?.name == "Laugar" && (15...30).contains(near.city?.distanceKm ?? 0) && near.nearestPlace == nil, "\(near)")
    }

    /// The Eiffel Tower stands in the 7th arrondissement, nearer to the 16th's point: no
    /// district rather than the wrong one. In the middle of the 5th, the 5th.
    @Test func aDistrictOnlyWhenThePointIsClearlyInIt() throws {
        let eiffel = try resolve(48.8584, 2.2945)
        #expect(eiffel.city?.name == "Paris" && eiffel.district == nil, "\(eiffel.district?.name ?? "-")")
        let pantheon = try resolve(48.8462, 2.3464)
        #expect(pantheon.district?.name == "Paris 05 Panthéon", "\(pantheon.district?.name ?? "-")")
    }

    @Test func windsorIsInCanadaAndDetroitIsNot() throws {
        let windsor = try resolve(42.3001, -83.0165)
        #expect(windsor.country?.id == PlaceID("country:CA"))
        #expect(windsor.region?.id == PlaceID("region:CA.08"))
        #expect(windsor.city?.name == "Windsor")
        let detroit = try resolve(42.3400, -83.0500)
        #expect(detroit.country?.id == PlaceID("country:US"))
        #expect(detroit.region?.id == PlaceID("region:US.MI"))
    }

    @Test func berlinInsideBrandenburg() throws {
        let berlin = try resolve(52.52437, 13.41053)   // GeoNames' point for Berlin
        #expect(berlin.region?.id == PlaceID("region:DE.16"))
        #expect(berlin.city?.id == PlaceID("city:2950159"))
        #expect(berlin.continent?.id == PlaceID("continent:EU"))
        #expect(try resolve(52.3906, 13.0645).region?.id == PlaceID("region:DE.11"))
    }

    @Test func enclavesAreHolesInTheirSurroundings() throws {
        #expect(try resolve(41.9029, 12.4534).country?.id == PlaceID("country:VA"))
        #expect(try resolve(-29.3151, 27.4869).country?.id == PlaceID("country:LS"))
        #expect(try resolve(-29.3151, 27.4869).city?.name == "Maseru")
    }

    @Test func fijiOnBothSidesOfTheAntimeridian() throws {
        let west = try resolve(-18.1416, 178.4419)   // Suva
        #expect(west.country?.id == PlaceID("country:FJ"))
        let east = try resolve(-18.20, -178.80)      // Lau islands, east of 180°
        #expect(east.country?.id == PlaceID("country:FJ"))
        #expect(east.waters != .international)
    }

    /// Near ±180° the nearest coast may lie across the seam, and counts as much as one on the
    /// point's own side. At sea, each point's only coast within 12 nautical miles is on the other
    /// side of 180°: its region is found across the seam.
    @Test func coastsAcrossTheAntimeridianCount() throws {
        let cases: [(lat: Double, lon: Double, waters: Waters, country: String, region: String?, what: String)] = [
            (-15.94, 179.98, .territorial, "country:FJ", "region:FJ.03", "off Udu Point, Vanua Levu's eastern tip (east of 180°), 21.8 km"),
            (-17.18, -179.98, .territorial, "country:FJ", "region:FJ.03", "south of Taveuni, whose coast here lies west of 180°, 21.3 km"),
            (-17.12, -179.97, .territorial, "country:FJ", "region:FJ.03", "15.6 km off Taveuni: beyond the coastline tolerance (0.05°), within 12 nmi"),
            (64.86, -179.95, .territorial, "country:RU", "region:RU.15", "Gulf of Anadyr, off Chukotka's coast west of 180°, 19.0 km"),
            (71.74, 179.95, .territorial, "country:RU", "region:RU.15", "north of Wrangel Island, whose coast here lies east of 180°, 20.2 km"),
            (51.86, -179.98, .territorial, "country:US", nil, "east of Semisopochnoi (179.6°E), 19.5 km; Gareloi, this side, is 77 km"),
        ]
        for c in cases {
            let chain = try resolve(c.lat, c.lon)
            #expect(chain.waters == c.waters, "\(c.what)")
            #expect(chain.country?.id == PlaceID(c.country), "\(c.what)")
            if let region = c.region { #expect(chain.region?.id == PlaceID(region), "\(c.what)") }
        }
    }

    /// Taveuni lies across 180°, all of it in the Northern Division: the seam is no border. (Its
    /// eastern half was once filed under the Eastern Division, a region 1 km away across the
    /// seam, by a nearest-region search that did not wrap.)
    @Test func anIslandAcrossTheAntimeridianIsOneRegion() throws {
        for chain in [try resolve(-16.87, 179.99), try resolve(-16.87, -179.99)] {
            #expect(chain.waters == .land)
            #expect(chain.region?.id == PlaceID("region:FJ.03"))
            #expect(chain.borderKm == nil, "border \(chain.borderKm.map(String.init(describing:)) ?? "none")")
        }
    }

    @Test func aFerryInTheOresundIsInTerritorialWaters() throws {
        let ferry = try resolve(55.95, 12.66)
        #expect(ferry.waters == .territorial || ferry.waters == .land)
        #expect([PlaceID("country:DK"), PlaceID("country:SE")].contains(ferry.country?.id))
        #expect(ferry.city != nil)
    }

    @Test func openSeaIsNoCountry() throws {
        let atlantic = try resolve(30.0, -40.0)
        #expect(atlantic.waters == .international)
        #expect(atlantic.country == nil && atlantic.city == nil)
        #expect(try resolve(90, 0).waters == .international)
        #expect(try resolve(0, 0).waters == .international)
    }

    @Test func kansaiAirportTerminal() throws {
        let kix = try resolve(34.4320, 135.2304)
        #expect(kix.airport?.id == PlaceID("airport:KIX"))
        #expect(kix.airport?.code == "RJBB")
        #expect(kix.country?.id == PlaceID("country:JP"))
        #expect((kix.airport?.distanceKm ?? 99) < Resolver.airportRadiusKm[.large]!)
        #expect(try resolve(34.70, 135.50).airport == nil)  // central Osaka
    }

    @Test func invalidCoordinatesAreErrors() {
        #expect(throws: ResolverError.self) { try resolve(.nan, 0) }
        #expect(throws: ResolverError.self) { try resolve(91, 0) }
        #expect(throws: ResolverError.self) { try resolve(0, -180.5) }
    }
}
