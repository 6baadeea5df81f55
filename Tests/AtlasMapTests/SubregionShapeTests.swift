import Foundation
import Gazetteer
import SQLite
import Testing
@testable import AtlasMap

/// The subregions' map shapes (`subregion_map_shapes`), loaded a few countries at a time, and
/// the mainland a map of one country is framed on.
@Suite struct SubregionShapeTests {
    static let gazetteer = MapShapeTests.gazetteer
    static let counties = try! MapShape.load(.subregion, countries: ["US"], from: gazetteer)

    /// The rows of `sql`'s first column.
    static func column(_ sql: String) throws -> [String] {
        try gazetteer.withDatabase { db in
            let s = try db.prepare(sql)
            var out: [String] = []
            while try s.step() { out.append(s.string(0) ?? "") }
            return out
        }
    }

    /// Whether a point lies inside rings read with the even–odd rule (holes turn it back out).
    static func inside(_ rings: [[(Double, Double)]], longitude x: Double, latitude y: Double) -> Bool {
        var odd = false
        for ring in rings {
            for (a, b) in zip(ring, ring.dropFirst() + ring.prefix(1)) where (a.1 > y) != (b.1 > y) {
                if x < a.0 + (y - a.1) / (b.1 - a.1) * (b.0 - a.0) { odd.toggle() }
            }
        }
        return odd
    }

    /// Every US row of the table, each a subregion of the gazetteer in the United States.
    @Test func theUnitedStatesCountiesLoadAsSubregions() throws {
        let stored = try Self.column("SELECT id FROM subregion_map_shapes WHERE country = 'US' ORDER BY id")
        #expect(stored.count > 3_000)
        #expect(Self.counties.map(\.id) == stored)
        let subregions = Set(try Self.column("SELECT 'subregion:' || id FROM subregions WHERE country = 'US'"))
        #expect(Self.counties.allSatisfy { subregions.contains($0.id) && $0.kind == .subregion && $0.country == "US" })
        #expect(Self.counties.allSatisfy { !$0.rings.isEmpty || !$0.dots.isEmpty })
    }

    /// Named with their state, as regions are with their country; labelled at the gazetteer's
    /// point of them, which lies inside.
    @Test func losAngelesCountyHoldsLosAngeles() throws {
        let la = try #require(Self.counties.first { $0.id == "subregion:US.CA.037" })
        #expect(la.name == "Los Angeles County, California")
        let (lon, lat) = try #require(la.labelPoint)
        #expect(Self.inside(la.rings, longitude: lon, latitude: lat))
        #expect(Self.inside(la.rings, longitude: -118.2437, latitude: 34.0522))          // downtown Los Angeles
        #expect(!Self.inside(la.rings, longitude: -119.7871, latitude: 36.7378))         // Fresno
        let fresno = try #require(Self.counties.first { $0.id == "subregion:US.CA.019" })
        #expect(Self.inside(fresno.rings, longitude: -119.7871, latitude: 36.7378))
    }

    /// Only the countries asked for; those with shapes are the table's.
    @Test func onlyTheCountriesAskedForLoad() throws {
        let two = try MapShape.load(.subregion, countries: ["IT", "FR"], from: Self.gazetteer)
        #expect(Set(two.map(\.country)) == ["FR", "IT"])
        #expect(two.map(\.id) == two.map(\.id).sorted())
        #expect(two.first { $0.id == "subregion:FR.84.69" }?.name == "Rhône, Auvergne-Rhône-Alpes")
        #expect(try MapShape.load(.subregion, countries: ["PT"], from: Self.gazetteer).isEmpty)
        let outlined = try MapShape.countries(with: .subregion, in: Self.gazetteer)
        #expect(outlined == (try Self.column("SELECT DISTINCT country FROM subregion_map_shapes ORDER BY country")))
        #expect(outlined.contains("US") && outlined.contains("IT") && !outlined.contains("PT"))
        // The filter applies to the other kinds as well.
        let italy = try MapShape.load(.region, countries: ["IT"], from: Self.gazetteer)
        #expect(!italy.isEmpty && italy.allSatisfy { $0.country == "IT" })
    }

    /// The box a country's map is framed on: the contiguous United States without Alaska and
    /// Hawaii, metropolitan France without French Guiana.
    @Test func theMainlandIsTheLargestLand() throws {
        let shapes = try MapShape.load(.country, countries: ["US", "FR"], from: Self.gazetteer)
        let us = try #require(shapes.first { $0.country == "US" }?.mainland)
        #expect(us.contains(longitude: -98, latitude: 39) && us.contains(longitude: -122.42, latitude: 37.77))
        #expect(!us.contains(longitude: -149.9, latitude: 61.2) && !us.contains(longitude: -157.86, latitude: 21.31))
        let france = try #require(shapes.first { $0.country == "FR" }?.mainland)
        #expect(france.contains(longitude: 2.35, latitude: 48.86) && !france.contains(longitude: -52.33, latitude: 4.92))
    }
}
