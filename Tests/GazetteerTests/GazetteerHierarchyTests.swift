import Foundation
import Testing
@testable import Gazetteer

/// Children, parents and counts, checked against the manifest of the real gazetteer.
@Suite struct GazetteerHierarchyTests {
    static let gazetteer = try! Gazetteer.open()
    var gazetteer: Gazetteer { Self.gazetteer }

    private func manifestCounts() throws -> [String: Int] {
        let url = URL(fileURLWithPath: gazetteer.path).deletingLastPathComponent().appendingPathComponent("manifest.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any]
        return try #require(object?["counts"] as? [String: Int])
    }

    private func count(_ kind: PlaceKind, below parent: PlaceID?) throws -> Int {
        try gazetteer.childCounts(of: parent).first { $0.kind == kind }?.count ?? 0
    }

    @Test func worldCountsEqualTheManifest() throws {
        let manifest = try manifestCounts()
        let world = try gazetteer.childCounts(of: nil)
        #expect(world.map(\.kind) == PlaceKind.allCases)
        // The manifest counts the rows of the cities table, districts included.
        let expected: [PlaceKind: Int?] = [.continent: manifest["continents"], .country: manifest["countries"], .region: manifest["regions"],
                                           .city: manifest["cities"].flatMap { c in manifest["districts"].map { c - $0 } },
                                           .district: manifest["districts"], .airport: manifest["airports"]]
        for (kind, count) in world {
            #expect(count == expected[kind] ?? nil, "\(kind)")
        }
    }

    @Test func countsAddUpLevelByLevel() throws {
        let manifest = try manifestCounts()
        let continents = try gazetteer.children(of: nil)
        #expect(continents.count == manifest["continents"])
        var countries = 0, cities = 0, districts = 0, airports = 0
        for continent in continents {
            countries += try count(.country, below: continent.id)
            cities += try count(.city, below: continent.id)
            districts += try count(.district, below: continent.id)
            airports += try count(.airport, below: continent.id)
        }
        #expect(countries == manifest["countries"])
        #expect(cities + districts == manifest["cities"])
        #expect(districts == manifest["districts"])
        #expect(airports == manifest["airports"])
        var regions = 0
        for country in try gazetteer.children(of: nil, kind: .country, limit: 1_000) {
            regions += try count(.region, below: country.id)
        }
        #expect(regions == manifest["regions"])
    }

    @Test func japanHas47Prefectures() throws {
        let japan = try #require(PlaceID("country:JP"))
        #expect(try count(.region, below: japan) == 47)
        let prefectures = try gazetteer.children(of: japan)
        #expect(prefectures.count == 47)
        #expect(prefectures.allSatisfy { $0.kind == .region && $0.ancestor(.country)?.id == japan })
        #expect(prefectures.map(\.name) == prefectures.map(\.name).sorted())
    }

    @Test func citiesComeByPopulationAndPage() throws {
        let kyoto = try #require(PlaceID("region:JP.22"))
        let all = try gazetteer.children(of: kyoto, limit: 1_000)
        #expect(all.count == (try count(.city, below: kyoto)))
        #expect(all.first?.id == PlaceID("city:1857910"))
        #expect(all.map(\.population) == all.map(\.population).sorted(by: >))
        let first = try gazetteer.children(of: kyoto, limit: 10)
        let second = try gazetteer.children(of: kyoto, limit: 10, offset: 10)
        #expect(first + second == Array(all.prefix(20)))
        #expect(try gazetteer.children(of: kyoto, offset: 100_000).isEmpty)
    }

    @Test func otherKindsBelowAPlace() throws {
        let japan = try #require(PlaceID("country:JP"))
        let airports = try gazetteer.children(of: japan, kind: .airport, limit: 500)
        #expect(airports.count == (try count(.airport, below: japan)))
        #expect(airports.first?.detail == "large")
        #expect(airports.contains { $0.id == PlaceID("airport:KIX") })
        #expect(try gazetteer.children(of: PlaceID("region:JP.22"), kind: .country).isEmpty)
        // Below a city lie only its districts; below a district, nothing.
        let kyoto = try #require(PlaceID("city:1857910"))
        #expect(try gazetteer.children(of: kyoto, kind: .airport).isEmpty)
        #expect(try gazetteer.childCounts(of: kyoto).map(\.kind) == [.district])
        #expect(try gazetteer.children(of: kyoto).allSatisfy { $0.kind == .district })
        let district = try #require(try gazetteer.children(of: kyoto).first)
        #expect(try gazetteer.childCounts(of: district.id).isEmpty)
    }

    @Test func countryWithoutRegionsListsItsCities() throws {
        let code = try gazetteer.withDatabase { db in
            try db.prepare("SELECT iso2 FROM countries WHERE iso2 NOT IN (SELECT country FROM regions) AND iso2 IN (SELECT country FROM cities) ORDER BY iso2").scalarString()
        }
        let country = PlaceID(.country, try #require(code))
        let children = try gazetteer.children(of: country)
        #expect(!children.isEmpty)
        #expect(children.allSatisfy { $0.kind == .city })
    }

    @Test func parentsWalkUpTheLineage() throws {
        #expect(try gazetteer.parent(of: PlaceID("city:1857910")!)?.id == PlaceID("region:JP.22"))
        #expect(try gazetteer.parent(of: PlaceID("airport:KIX")!)?.id == PlaceID("region:JP.32"))
        #expect(try gazetteer.parent(of: PlaceID("region:JP.22")!)?.id == PlaceID("country:JP"))
        #expect(try gazetteer.parent(of: PlaceID("country:JP")!)?.id == PlaceID("continent:AS"))
        #expect(try gazetteer.parent(of: PlaceID("continent:AS")!) == nil)
        #expect(try gazetteer.parent(of: PlaceID("city:999999999")!) == nil)
    }

    @Test func aDistrictHasItsCityInItsLineageAndTheCityListsIt() throws {
        let lyon05 = try #require(try gazetteer.place(PlaceID(.district, "6543971")))
        #expect(lyon05.name == "Lyon 05")
        #expect(lyon05.lineage.map(\.id.description) == ["continent:EU", "country:FR", "region:FR.84", "city:2996944"])
        #expect(try gazetteer.parent(of: lyon05.id)?.name == "Lyon")
        // One identifier, one kind: a district is no city, and a city no district.
        #expect(try gazetteer.place(PlaceID(.city, "6543971")) == nil)
        #expect(try gazetteer.place(PlaceID(.district, "2996944")) == nil)
        let districts = try gazetteer.children(of: PlaceID(.city, "2996944"))
        #expect(districts.allSatisfy { $0.kind == .district && $0.lineage.last?.id == PlaceID(.city, "2996944") })
        #expect(Set(districts.map(\.name)).isSuperset(of: (1...9).map { "Lyon 0\($0)" }))
        #expect(try count(.district, below: PlaceID(.city, "2996944")) == districts.count)
        // A region lists its cities, not their districts.
        let rhone = try gazetteer.children(of: PlaceID(.region, "FR.84"), limit: 1_000)
        #expect(rhone.contains { $0.name == "Lyon" } && !rhone.contains { $0.name == "Lyon 05" })
        #expect(try gazetteer.children(of: lyon05.id).isEmpty)
    }
}
