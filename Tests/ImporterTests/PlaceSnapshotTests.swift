import Foundation
import Gazetteer
import Resolver
import Testing
import TravelLog
@testable import Importer

/// A resolved chain becomes the snapshot the log stores, and the row reads back as that snapshot,
/// field for field: on land with a district and an airport, in territorial and in international
/// waters.
@Suite struct PlaceSnapshotTests {
    static let gazetteerAvailable = (try? Gazetteer.open()) != nil

    /// `chain` → snapshot → a photo row → read back; checks every field on the way.
    func roundTrip(_ chain: PlaceChain, version: String) throws -> PlaceSnapshot {
        let snapshot = PlaceSnapshot(chain, gazetteerVersion: version)
        func same(_ s: PlaceSnapshot.Link?, _ c: PlaceChain.Link?, code: Bool = false, distance: Bool = false, _ level: String) {
            #expect(s?.id == c?.id, "\(level) id")
            #expect(s?.name == c?.name, "\(level) name")
            #expect(s?.code == (code ? c?.code : nil), "\(level) code")
            #expect(s?.distanceKm == (distance ? c?.distanceKm : nil), "\(level) distance")
        }
        #expect(snapshot.coordinate == chain.coordinate)
        same(snapshot.continent, chain.continent, "continent")
        same(snapshot.country, chain.country, code: true, "country")
        same(snapshot.region, chain.region, code: true, "region")
        same(snapshot.city, chain.city, distance: true, "city")
        same(snapshot.district, chain.district, distance: true, "district")
        same(snapshot.airport, chain.airport, code: true, distance: true, "airport")
        #expect(snapshot.waters.rawValue == chain.waters.rawValue)
        #expect(snapshot.borderKm == chain.borderKm)
        #expect(snapshot.boundaryQuality == chain.boundaryQuality)
        #expect(snapshot.nearestCityElsewhere == chain.nearestCityElsewhere)
        #expect(snapshot.gazetteerVersion == version)

        let library = try Library()
        let log = try TravelLog(path: library.database)
        var record = PhotoRecord(path: "/photos/a.jpg", size: 1, modifiedNs: 2)
        (record.latitude, record.longitude) = (chain.coordinate.latitude, chain.coordinate.longitude)
        record.place = snapshot
        let id = try log.write { try log.save(record, run: nil) }
        let stored = try #require(try log.record(id: id)?.place)
        #expect(stored == snapshot)
        return stored
    }

    func resolve(_ latitude: Double, _ longitude: Double) throws -> (PlaceChain, String) {
        let resolver = try ImporterTests.finder.resolver()
        return (try resolver.resolve(GeoCoordinate(latitude: latitude, longitude: longitude)), resolver.gazetteerVersion)
    }

    @Test(.enabled(if: gazetteerAvailable, "no gazetteer: build Resources/gazetteer.sqlite or set ATLAS_GAZETTEER"))
    func landWithADistrictAndAnAirport() throws {
        let (chain, version) = try resolve(35.55, 139.75)   // Haneda, Tokyo
        let stored = try roundTrip(chain, version: version)
        #expect(stored.waters == .land)
        #expect(stored.continent?.id == PlaceID("continent:AS"))
        #expect(stored.country?.id == PlaceID("country:JP") && stored.country?.code == "JPN")
        #expect(stored.region?.code != nil && stored.city?.distanceKm != nil)
        #expect(stored.district?.id.kind == .district && stored.district?.distanceKm != nil)
        #expect(stored.airport?.id == PlaceID("airport:HND") && stored.airport?.code == "RJTT" && stored.airport?.distanceKm != nil)
        #expect(stored.boundaryQuality != nil)
    }

    @Test(.enabled(if: gazetteerAvailable, "no gazetteer: build Resources/gazetteer.sqlite or set ATLAS_GAZETTEER"))
    func landByABorderWhereTheNearestCityIsElsewhere() throws {
        let (chain, version) = try resolve(42.3149, -83.0364)   // Windsor, Ontario; Detroit across the river
        let stored = try roundTrip(chain, version: version)
        #expect(stored.country?.id == PlaceID("country:CA"))
        #expect(stored.nearestCityElsewhere && stored.borderKm != nil)
    }

    @Test(.enabled(if: gazetteerAvailable, "no gazetteer: build Resources/gazetteer.sqlite or set ATLAS_GAZETTEER"))
    func territorialWaters() throws {
        let (chain, version) = try resolve(-17.18, -179.98)   // south of Taveuni, Fiji
        let stored = try roundTrip(chain, version: version)
        #expect(stored.waters == .territorial)
        #expect(stored.country?.id == PlaceID("country:FJ") && stored.region != nil)
    }

    @Test(.enabled(if: gazetteerAvailable, "no gazetteer: build Resources/gazetteer.sqlite or set ATLAS_GAZETTEER"))
    func internationalWaters() throws {
        let (chain, version) = try resolve(30, -40)   // mid-Atlantic
        let stored = try roundTrip(chain, version: version)
        #expect(stored.waters == .international)
        #expect(stored.continent == nil && stored.country == nil && stored.region == nil && stored.city == nil)
        #expect(stored.district == nil && stored.airport == nil && stored.borderKm == nil && stored.boundaryQuality == nil)
    }

    /// Codes and distances the table has no column for are not part of the snapshot, so a
    /// hand-made chain reads back as its snapshot too.
    @Test func levelsKeepOnlyTheCodesAndDistancesTheTableStores() throws {
        var chain = PlaceChain(coordinate: GeoCoordinate(latitude: 45.76, longitude: 4.83), waters: .land)
        chain.continent = .init(id: PlaceID("continent:EU")!, name: "Europe", code: "EU", distanceKm: 1)
        chain.country = .init(id: PlaceID("country:FR")!, name: "France", code: "FRA", distanceKm: 2)
        chain.city = .init(id: PlaceID("city:2996944")!, name: "Lyon", code: "LYO", distanceKm: 1.25)
        let stored = try roundTrip(chain, version: "test.1")
        #expect(stored.continent == .init(id: PlaceID("continent:EU")!, name: "Europe"))
        #expect(stored.country == .init(id: PlaceID("country:FR")!, name: "France", code: "FRA"))
        #expect(stored.city == .init(id: PlaceID("city:2996944")!, name: "Lyon", distanceKm: 1.25))
    }
}
