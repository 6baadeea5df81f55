import Gazetteer
import JSONWriter
import Testing
@testable import Resolver

/// A batch writes each answer from a ``Resolution`` (rows of the resolver's tables), a single
/// point from a ``PlaceChain``: the same bytes, and the same chain, wherever the point is.
@Suite struct ResolutionTests {
    /// Places that take every path of a resolution: a district (Rome), an airport (Kansai), a
    /// place beyond the cities' reach (Askja), a zone piece (the Navajo Nation), a subregion by
    /// polygon (Los Angeles) and by city (Carinthia), a city's edge (Milan), land by the coastline
    /// tolerance and territorial waters by a land zone (off the Azores, off Karnataka), waters by
    /// 12 nautical miles, international waters (mid-Atlantic) and Antarctica's interior.
    static let places: [(Double, Double)] = [
        (41.8902, 12.4922), (34.4320, 135.2304), (65.0317, -16.7486), (35.6833, -109.05), (34.05, -118.25),
        (46.601704, 14.722157), (45.5007, 9.1103), (37.4903, -25.0782), (13.6377, 74.4127), (43.25, 5.2),
        (30.0, -40.0), (-82.0, 60.0), (0, 0), (89.9, 10), (-89.9, -170), (52.52, 13.405), (-33.86, 151.21),
    ]

    /// Those, and a coarse grid of the whole world.
    static var coordinates: [GeoCoordinate] {
        places.map { GeoCoordinate(latitude: $0.0, longitude: $0.1) }
            + stride(from: -88.5, through: 88.5, by: 3.7).flatMap { lat in
                stride(from: -179.5, through: 179.5, by: 4.3).map { GeoCoordinate(latitude: lat, longitude: $0) }
            }
    }

    @Test func aResolutionWritesTheBytesOfItsChain() throws {
        let resolver = ResolverTests.resolver
        var firstUse = FirstUseTables()
        for (k, coordinate) in Self.coordinates.enumerated() {
            let chain = try resolver.resolve(coordinate)
            var expected = ByteBuffer(), got = ByteBuffer()
            chain.append(to: &expected, id: .string("p\(k)"))
            resolver.append(try resolver.resolution(of: coordinate, &firstUse), id: .string("p\(k)"), to: &got, &firstUse)
            let (a, b) = (expected.withUnsafeBytes { Array($0) }, got.withUnsafeBytes { Array($0) })
            #expect(a == b, "\(coordinate): \(String(decoding: b, as: UTF8.self))")
        }
    }

    @Test func aResolutionMakesTheChainOfTheBatch() throws {
        let resolver = ResolverTests.resolver
        let coordinates = Self.coordinates
        var chains = [PlaceChain?](repeating: nil, count: coordinates.count)
        resolver.resolve(coordinates) { i, answer in chains[i] = try? answer.get() }
        for (coordinate, chain) in zip(coordinates, chains) {
            #expect(chain == (try resolver.resolve(coordinate)), "\(coordinate)")
        }
    }

    @Test func aTextTableKeepsEachStringOnce() {
        let table = TextTable(["Europe/Paris", "Asia/Tokyo", "Europe/Paris", "", "Zürich ☃"])
        #expect(table.count == 4)
        #expect(table.position(of: "Europe/Paris") == 0 && table.position(of: "Asia/Tokyo") == 1)
        #expect(table.position(of: "") == 2 && table.position(of: "Europe/Berlin") == nil)
        #expect((0..<4).map { table.string(Int32($0)) } == ["Europe/Paris", "Asia/Tokyo", "", "Zürich ☃"])
        #expect(Array(table.utf8(3)) == Array("Zürich ☃".utf8))
        #expect(Array(table.json(0)) == Array(#""Europe/Paris""#.utf8) && Array(table.json(2)) == Array(#""""#.utf8))
        let awkward = TextTable(["a\"b\\c\u{1}\n"])
        #expect(String(decoding: awkward.json(0), as: UTF8.self) == #""a\"b\\c\u0001\n""#)
        #expect(TextTable([]).count == 0)
    }
}
