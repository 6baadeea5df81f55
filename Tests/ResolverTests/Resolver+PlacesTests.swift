import Foundation
import Gazetteer
import ScratchSpace
import TableCache
import Testing
@testable import Resolver

/// A resolver whose tables come from the cache answers exactly as one that derived them from
/// the gazetteer: the grids, the cities' indexes, the land zones and the populations read back
/// are the ones written, on points that need each of them.
@Suite struct ResolverPlacesTests {
    static let gazetteer = try! Gazetteer.open()
    static let built = try! Resolver(gazetteer: gazetteer, cache: nil)
    static let tables = ["boundaries", "places", "time_zone_pieces", "time_zones", "subregions", "subregion_boundaries", "populations"]

    /// Points that need every table: at sea in land zones, in subregions' polygons, at a
    /// metropolis's edge (the populations), across the seam, at airports, far out at sea.
    static let hardPoints: [(Double, Double)] = [(37.49, -25.10), (-15.94, 179.98), (-17.18, -179.98), (48.86, 2.35), (40.73, -73.99),
                                                 (35.68, 139.69), (47.80, -104.06), (51.05, 3.72), (-33.86, 151.21), (0, -140),
                                                 (40.64, -73.78), (34.05, -118.25), (33.94, -118.41), (48.97, 2.52), (-0.2, 6.6), (45.51017, 9.08704)]

    private func scratchCache() throws -> TableCache {
        let root = Scratch.root.appendingPathComponent("resolver-cache-\(UUID().uuidString)").path
        return try #require(TableCache(gazetteerPath: Self.gazetteer.path, environment: ["ATLAS_CACHE_DIR": root]))
    }

    /// Loads a resolver into `cache` and asks it what makes it read every first-use table.
    private func filling(_ cache: TableCache) throws {
        let writer = try Resolver(gazetteer: Self.gazetteer, cache: cache)
        for (lat, lon) in Self.hardPoints { _ = try writer.resolve(GeoCoordinate(latitude: lat, longitude: lon)) }
        let written = try FileManager.default.contentsOfDirectory(atPath: cache.folder)
        #expect(Set(written) == Set(Self.tables.map { $0 + ".table" }))
    }

    private func expectSameAnswers(_ resolver: Resolver, count: Int) throws {
        for (lat, lon) in Self.hardPoints {
            let point = GeoCoordinate(latitude: lat, longitude: lon)
            #expect(try resolver.resolve(point) == Self.built.resolve(point), "\(lat), \(lon)")
        }
        var random = SystemRandomNumberGenerator()
        var differences: [String] = []
        for _ in 0..<count {
            let point = GeoCoordinate(latitude: Double.random(in: -60...75, using: &random), longitude: Double.random(in: -180..<180, using: &random))
            if try resolver.resolve(point) != Self.built.resolve(point) { differences.append("\(point)") }
        }
        #expect(differences.isEmpty, "\(differences.prefix(5))")
    }

    @Test func tablesReadFromTheCacheAnswerAsTablesDerived() throws {
        let cache = try scratchCache()
        try filling(cache)
        let read = try Resolver(gazetteer: Self.gazetteer, cache: cache)
        #expect(read.boundaries.buildTimings.map(\.phase) == ["read from the cache"])
        try expectSameAnswers(read, count: 5_000)
    }

    /// A table damaged on disk is derived again (and written again whole): the answers do not change.
    @Test func aDamagedTableIsDerivedAgain() throws {
        let cache = try scratchCache()
        try filling(cache)
        for table in ["places", "boundaries", "time_zones", "subregions"] {
            let path = cache.folder + "/" + table + ".table"
            var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            bytes[bytes.count / 2] ^= 0xFF
            try bytes.write(to: URL(fileURLWithPath: path))
        }
        let rebuilt = try Resolver(gazetteer: Self.gazetteer, cache: cache)
        #expect(rebuilt.boundaries.buildTimings.map(\.phase) != ["read from the cache"])
        try expectSameAnswers(rebuilt, count: 1_000)
        let reread = try Resolver(gazetteer: Self.gazetteer, cache: cache)
        #expect(reread.boundaries.buildTimings.map(\.phase) == ["read from the cache"])
        try expectSameAnswers(reread, count: 1_000)
    }
}
