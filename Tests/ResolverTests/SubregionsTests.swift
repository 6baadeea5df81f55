import Foundation
import Gazetteer
import SQLite
import Testing
@testable import Resolver
import SyntheticPhotos

/// The second level of regions: inside its polygon where the country has polygons, else the
/// unit of the point's city. The fast answers against a reference of its own: ray casting over
/// the subregion polygons as `Tools/gazetteer/README.md` states their format (decoded by
/// ``ReferenceResolver/GeometryReader``), and the `city_subregions` records read by that
/// README's layout, never the resolver's tables.
@Suite struct SubregionsTests {
    /// A reference from the gazetteer's rows.
    private struct Reference {
        struct Unit { let id: String; let country: String; let area: Double; let rings: [[SIMD2<Double>]] }
        var units: [Unit] = []
        /// Subregion identifiers ordered by identifier, and each city's position among them by
        /// geonameid (0xFFFF none), as the README lays the records out.
        var ordered: [String] = []
        var unitOfCity: [Int: Int] = [:]

        init(_ gazetteer: Gazetteer) throws {
            try gazetteer.withDatabase { db in
                let s = try db.prepare("SELECT id, country, area_km2, geometry FROM subregion_boundaries")
                while try s.step() {
                    units.append(Unit(id: s.string(0)!, country: s.string(1)!, area: s.double(2),
                                      rings: ReferenceResolver.GeometryReader.rings(s.blob(3))))
                }
                let o = try db.prepare("SELECT id FROM subregions")
                while try o.step() { ordered.append(o.string(0)!) }
                ordered.sort()
                let g = try db.prepare("SELECT geonameid FROM cities ORDER BY geonameid")
                var ids: [Int] = []
                while try g.step() { ids.append(g.int(0)) }
                let r = try db.prepare("SELECT data FROM city_subregions WHERE part = 'records'")
                #expect(try r.step())
                let bytes = r.blob(0)
                #expect(bytes.count == 2 * ids.count)
                for (i, id) in ids.enumerated() where 2 * i + 1 < bytes.count {
                    let position = Int(bytes[2 * i]) | Int(bytes[2 * i + 1]) << 8
                    if position != 0xFFFF { unitOfCity[id] = position }
                }
            }
        }

        /// PNPOLY over every ring (holes alike), the smallest unit of `country` holding the point.
        func polygonUnit(latitude: Double, longitude: Double, country: String) -> String? {
            let (px, py) = (longitude * 100_000, latitude * 100_000)
            return units.filter { $0.country == country && Self.contains($0.rings, px, py) }.min { ($0.area, $0.id) < ($1.area, $1.id) }?.id
        }

        static func contains(_ rings: [[SIMD2<Double>]], _ px: Double, _ py: Double) -> Bool {
            var inside = false
            for ring in rings {
                var j = ring.count - 1
                for i in 0..<ring.count {
                    let (a, b) = (ring[i], ring[j])
                    if (a.y > py) != (b.y > py), px < a.x + (py - a.y) * (b.x - a.x) / (b.y - a.y) { inside.toggle() }
                    j = i
                }
            }
            return inside
        }
    }

    /// Places whose county, département or province is a fact of the map, not of this code.
    @Test(arguments: [
        (34.0522, -118.2437, "subregion:US.CA.037"),  // Los Angeles: Los Angeles County
        (41.8781, -87.6298, "subregion:US.IL.031"),   // Chicago: Cook County
        (40.7831, -73.9712, "subregion:US.NY.061"),   // Manhattan: New York County
        (40.6501, -73.9496, "subregion:US.NY.047"),   // Brooklyn: Kings County
        (29.9511, -90.0715, "subregion:US.LA.071"),   // New Orleans: Orleans Parish
        (45.7640, 4.8357, "subregion:FR.84.69"),      // Lyon: Rhône
        (48.8566, 2.3522, "subregion:FR.11.75"),      // Paris
        (45.4642, 9.1900, "subregion:IT.09.MI"),      // Milan: province of Milan
        (40.4168, -3.7038, "subregion:ES.29.M"),      // Madrid: province of Madrid
    ])
    func knownPlaces(_ latitude: Double, _ longitude: Double, _ expected: String) throws {
        let chain = try ResolverTests.resolver.resolve(GeoCoordinate(latitude: latitude, longitude: longitude))
        #expect(chain.subregion?.id.description == expected)
        #expect(chain.subregionBasis == "polygon")
    }

    /// 100 points: 40 within 1 km of US county lines, 20 of French, 10 each of Italian and
    /// Spanish province lines (vertices of the polygons, pushed sideways), and 20 near towns of
    /// countries without polygons (their city's unit). Zero differences allowed.
    @Test func fastEqualsReferenceOnAHundredPoints() throws {
        let gazetteer = ResolverTests.gazetteer
        let reference = try Reference(gazetteer)
        var random = SplitMix64(seed: 20261206)
        var points: [(Double, Double)] = []
        for (country, count) in [("US", 40), ("FR", 20), ("IT", 10), ("ES", 10)] {
            let units = reference.units.filter { $0.country == country }
            try #require(!units.isEmpty, "no polygons for \(country)")
            for _ in 0..<count {
                let ring = units[Int.random(in: 0..<units.count, using: &random)].rings[0]
                let v = ring[Int.random(in: 0..<ring.count, using: &random)]
                points.append((v.y / 100_000 + Double.random(in: -0.009...0.009, using: &random),
                               v.x / 100_000 + Double.random(in: -0.009...0.009, using: &random)))
            }
        }
        for (lat, lon) in [(51.5, -0.12), (52.52, 13.40), (35.68, 139.76), (-23.55, -46.63), (19.07, 72.88)] {
            for _ in 0..<4 { points.append((lat + Double.random(in: -0.3...0.3, using: &random), lon + Double.random(in: -0.3...0.3, using: &random))) }
        }
        let polygonCountries = Set(reference.units.map(\.country))
        var differences: [String] = [], answered = 0, byCity = 0
        for (lat, lon) in points {
            let chain = try ResolverTests.resolver.resolve(GeoCoordinate(latitude: lat, longitude: lon))
            guard let country = chain.country?.id.code else { continue }
            let expected: String?
            if polygonCountries.contains(country) {
                expected = reference.polygonUnit(latitude: lat, longitude: lon, country: country)
            } else {
                let city = chain.city.flatMap { Int($0.id.code) }
                expected = city.flatMap { reference.unitOfCity[$0] }.map { "subregion:" + reference.ordered[$0] }
                if expected != nil { byCity += 1 }
            }
            let fast = chain.subregion.map { $0.id.code }.map { "subregion:" + $0 }
            if fast != nil { answered += 1 }
            if fast != expected { differences.append(String(format: "%.5f, %.5f: fast %@, reference %@", lat, lon, fast ?? "none", expected ?? "none")) }
        }
        #expect(differences.isEmpty, "\(differences.count) differences:\n\(differences.prefix(20).joined(separator: "\n"))")
        // Not vacuous: most points have a subregion, and the city-based ones are among them.
        #expect(answered >= 80 && byCity >= 10, "\(answered) answered, \(byCity) by city")
    }
}
