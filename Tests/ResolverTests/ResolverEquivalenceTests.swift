import Boundaries
import Foundation
import Gazetteer
import Testing
@testable import Resolver
import SyntheticPhotos

/// The fast resolver against ``ReferenceResolver`` on 12,600 coordinates: city locations,
/// random land points, points within 2 km of region borders taken from the polygons
/// themselves, points inside the reach of metropolises (districts, and gaps where the
/// metropolis answers), points at the edge of a metropolis (near a smaller town in its reach),
/// points near the antimeridian, where coasts and borders lie across
/// the seam, and points at sea off towns, where the land zones' territorial sea decides.
/// Zero differences allowed.
@Suite struct ResolverEquivalenceTests {
    /// The resolver's constants are the ones docs/resolver.md promises, which the reference
    /// decides by: a change to one says here which, before the differences do.
    @Test func constantsAreTheDocumentedOnes() {
        typealias Expected = ReferenceResolver.Expected
        #expect(Resolver.territorialWatersKm == Expected.territorialWatersKm)
        #expect(Resolver.airportRadiusKm == Expected.airportRadiusKm)
        #expect(Resolver.borderReportKm == Expected.borderReportKm)
        #expect(Resolver.metropolisGapKm == Expected.metropolisGapKm)
        #expect(Resolver.sharedZoneSearchKm == Expected.sharedZoneSearchKm)
        #expect(Resolver.edgePopulationRatio == Expected.edgePopulationRatio)
        #expect(Resolver.edgeOwnReaches == Expected.edgeOwnReaches)
        #expect(Resolver.urbanDensityPerKm2 == Expected.peoplePerKm2)
        for longitude in stride(from: -180.0, through: 180, by: 0.25) {
            #expect(PlaceChain.nauticalZone(longitude: longitude) == Expected.nauticalZone(longitude: longitude), "\(longitude)")
        }
    }

    @Test func fastEqualsReferenceIdentifierForIdentifier() throws {
        let gazetteer = ResolverTests.gazetteer
        let fast = ResolverTests.resolver
        let reference = try ReferenceResolver(gazetteer: gazetteer)
        var random = SplitMix64(seed: 20261129)  // the same points on every machine and every run
        var points: [(Double, Double, String)] = []

        // 4,000 city locations.
        for _ in 0..<4_000 {
            let c = reference.cities[Int.random(in: 0..<reference.cities.count, using: &random)]
            points.append((c.lat, c.lon, "city \(c.id)"))
        }
        // 1,200 points inside the reach of random metropolises, out to 1.2 times it.
        let metropolises = reference.cities.filter { $0.reachKm != nil }
        for _ in 0..<1_200 {
            let c = metropolises[Int.random(in: 0..<metropolises.count, using: &random)]
            let km = Double.random(in: 0...1.2, using: &random) * c.reachKm!, angle = Double.random(in: 0..<(2 * .pi), using: &random)
            points.append((max(-90, min(90, c.lat + km / 111.195 * sin(angle))),
                           max(-180, min(180, c.lon + km / 111.195 * cos(angle) / max(0.05, cos(c.lat * .pi / 180)))), "reach of \(c.id)"))
        }
        // 3,000 random points in the bounding boxes of random countries (land and sea alike).
        let countries = reference.shapes.filter { $0.id.kind == .country }
        for _ in 0..<3_000 {
            let s = countries[Int.random(in: 0..<countries.count, using: &random)]
            let x = Double.random(in: s.minX...s.maxX, using: &random), y = Double.random(in: s.minY...s.maxY, using: &random)
            points.append((y / 100_000, x / 100_000, "box of \(s.id)"))
        }
        // 3,200 points within 2 km of a region border: a random spot on a random edge, pushed sideways.
        let regions = reference.shapes.filter { $0.id.kind == .region }
        for _ in 0..<3_200 {
            let s = regions[Int.random(in: 0..<regions.count, using: &random)]
            let ring = s.rings[Int.random(in: 0..<s.rings.count, using: &random)]
            let i = Int.random(in: 0..<ring.count, using: &random)
            let (a, b) = (ring[i], ring[(i + 1) % ring.count])
            let t = Double.random(in: 0...1, using: &random)
            let lat = (a.y + t * (b.y - a.y)) / 100_000, lon = (a.x + t * (b.x - a.x)) / 100_000
            let offset = Double.random(in: -2...2, using: &random) / 111.195
            let angle = Double.random(in: 0..<(2 * .pi), using: &random)
            points.append((max(-90, min(90, lat + offset * sin(angle))),
                           max(-180, min(180, lon + offset * cos(angle) / max(0.05, cos(lat * .pi / 180)))), "near \(s.id)"))
        }
        // 400 points near the antimeridian (|lon| > 178°): 300 within 30 km of a vertex there, the
        // offset carried across the seam where it reaches it (land, coastline tolerance,
        // territorial and international waters, Taveuni's border at 180°), and 100 anywhere.
        let seamVertices = reference.shapes.flatMap { $0.rings.joined() }.filter { abs($0.x) > 17_800_000 }
        var nearSeam = 0
        while nearSeam < 300 {
            let v = seamVertices[Int.random(in: 0..<seamVertices.count, using: &random)]
            let (lat, lon) = (v.y / 100_000, v.x / 100_000)
            let km = Double.random(in: 0...30, using: &random), angle = Double.random(in: 0..<(2 * .pi), using: &random)
            var east = lon + km / 111.195 * cos(angle) / cos(lat * .pi / 180)
            if east > 180 { east -= 360 } else if east < -180 { east += 360 }
            guard abs(east) > 178 else { continue }
            points.append((max(-90, min(90, lat + km / 111.195 * sin(angle))), east, "near the seam, by \(v.x), \(v.y)"))
            nearSeam += 1
        }
        for _ in 0..<100 {
            let lon = Double.random(in: 178...180, using: &random) * (Bool.random(using: &random) ? 1 : -1)
            points.append((Double.random(in: -80...80, using: &random), lon, "by the seam"))
        }
        // 400 points at sea, 7 to 40 km off random places: territorial waters by a land zone or
        // by the 12 nautical miles, and international waters. (The fast resolver only picks
        // them out; the reference decides them like every other point.)
        var atSea = 0
        while atSea < 400 {
            let c = reference.cities[Int.random(in: 0..<reference.cities.count, using: &random)]
            let km = Double.random(in: 7...40, using: &random), angle = Double.random(in: 0..<(2 * .pi), using: &random)
            let lat = max(-89, min(89, c.lat + km / 111.195 * sin(angle)))
            let lon = max(-180, min(180, c.lon + km / 111.195 * cos(angle) / max(0.05, cos(c.lat * .pi / 180))))
            guard try fast.resolve(GeoCoordinate(latitude: lat, longitude: lon)).waters != .land else { continue }
            points.append((lat, lon, "\(Int(km)) km off \(c.id)"))
            atSea += 1
        }
        // 400 points at the edge of a big city (drawn last, so the points above stay the ones
        // earlier versions drew): 0.5 to 3 km from a town of 1 to 28,300 people
        // lying in the reach of a metropolis of its region, on either side of twice the town's
        // own reach.
        var edges = 0
        while edges < 400 {
            let m = metropolises[Int.random(in: 0..<metropolises.count, using: &random)]
            let towns = (reference.citiesByRegion[m.region ?? ""] ?? []).filter {
                $0.city == nil && (1..<28_300).contains($0.population)
                    && GeoCoordinate.haversineKm(m.lat, m.lon, $0.lat, $0.lon) < m.reachKm!
            }
            guard !towns.isEmpty else { continue }
            let c = towns[Int.random(in: 0..<towns.count, using: &random)]
            let km = Double.random(in: 0.5...3, using: &random), angle = Double.random(in: 0..<(2 * .pi), using: &random)
            points.append((max(-90, min(90, c.lat + km / 111.195 * sin(angle))),
                           max(-180, min(180, c.lon + km / 111.195 * cos(angle) / max(0.05, cos(c.lat * .pi / 180)))), "edge of \(m.id) by \(c.id)"))
            edges += 1
        }
        #expect(points.count == 12_600)

        var differences: [String] = [], takenByTheCity = 0
        for (lat, lon, origin) in points {
            let chain = try fast.resolve(GeoCoordinate(latitude: lat, longitude: lon))
            let got = ReferenceResolver.Answer(continent: chain.continent?.id.description, country: chain.country?.id.description,
                                               region: chain.region?.id.description, city: chain.city?.id.description,
                                               district: chain.district?.id.description, airport: chain.airport?.id.description,
                                               nearestPlace: chain.nearestPlace?.id.description, waters: chain.waters.rawValue,
                                               borderMetres: chain.borderKm.map { Int(($0 * 1000).rounded()) }, timeZone: chain.timeZone)
            let want = reference.resolve(latitude: lat, longitude: lon)
            if origin.hasPrefix("edge of"), let town = origin.split(separator: " ").last, want.city != "city:\(town)" { takenByTheCity += 1 }
            if got != want { differences.append("\(lat),\(lon) (\(origin)): fast \(got) / reference \(want)") }
        }
        // The edge points try the edge rule both ways (the rest keep their town, or lie nearer
        // to another place).
        #expect(takenByTheCity >= 40, "\(takenByTheCity) edge points answered by another city than their town")
        #expect(differences.isEmpty, "\(differences.count) differences, first: \(differences.prefix(10).joined(separator: "\n"))")
    }
}
