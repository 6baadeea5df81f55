import Foundation
import Gazetteer
import SQLite
import Testing
@testable import AtlasMap

/// The gazetteer's map shapes, as ``MapShape/load(_:from:)`` reads them.
@Suite struct MapShapeTests {
    static let gazetteer = try! Gazetteer.open()
    static let countries = try! MapShape.load(.country, from: gazetteer)
    static let regions = try! MapShape.load(.region, from: gazetteer)

    @Test func everyBoundaryHasItsMapShape() throws {
        let boundaries = try Self.gazetteer.withDatabase { db in
            let s = try db.prepare("SELECT id FROM boundaries ORDER BY id")
            var ids: [String] = []
            while try s.step() { ids.append(s.string(0) ?? "") }
            return ids
        }
        #expect((Self.countries + Self.regions).map(\.id).sorted() == boundaries)
        #expect(Self.countries.allSatisfy { $0.kind == .country && $0.id == "country:" + $0.country })
        #expect(Self.regions.allSatisfy { $0.kind == .region && $0.id.hasPrefix("region:\($0.country).") })
    }

    @Test func namesReadAsPeopleSayThem() throws {
        #expect(Self.countries.first { $0.id == "country:JP" }?.name == "Japan")
        #expect(Self.regions.first { $0.id == "region:JP.22" }?.name == "Kyoto, Japan")
    }

    /// The Vatican is too small for an outline at world scale: a dot, inside Rome.
    @Test func theSmallestCountriesAreDots() throws {
        let vatican = try #require(Self.countries.first { $0.id == "country:VA" })
        #expect(vatican.rings.isEmpty && vatican.dots.count == 1)
        let (lon, lat) = vatican.dots[0]
        #expect(abs(lon - 12.45) < 0.05 && abs(lat - 41.90) < 0.05)
        // Every shape shows somehow.
        #expect((Self.countries + Self.regions).allSatisfy { !$0.rings.isEmpty || !$0.dots.isEmpty })
    }

    /// Rings that cross the antimeridian come as the gazetteer stores them (split at ±180 or
    /// not); either way Fiji spans both edges and its bounds say so.
    @Test func fijiLiesOnBothSidesOfTheAntimeridian() throws {
        let fiji = try #require(Self.countries.first { $0.id == "country:FJ" })
        #expect(fiji.bounds.west < -179 && fiji.bounds.east > 177)
        #expect(fiji.bounds.south > -22 && fiji.bounds.north < -12)
    }

    /// Far fewer points than the lookup boundaries: drawable in a browser.
    @Test func outlinesAreMapScale() throws {
        let vertices = (Self.countries + Self.regions).reduce(0) { $0 + $1.rings.reduce(0) { $0 + $1.count } }
        #expect(vertices > 100_000 && vertices < 600_000)
        let france = try #require(Self.countries.first { $0.id == "country:FR" })
        #expect(france.bounds.contains(longitude: 2.35, latitude: 48.86))
    }
}
