import Boundaries
import Foundation
import Gazetteer
import Resolver

/// The slow, obviously-correct resolver the fast one must equal, identifier for identifier:
/// ray casting over every polygon whose bounding box holds the point, linear scans over every
/// city and airport, and nearest-edge searches over every edge of every nearby polygon.
/// Districts and metropolises come from the `cities` table's `city` and `reach_km` columns, not
/// from the packed blobs the fast resolver loads.
final class ReferenceResolver {
    struct Shape {
        let id: PlaceID
        let country: String
        let area: Double
        /// Rings in ×10⁵-degree units, each with its bounding box (min, max).
        let rings: [[SIMD2<Double>]]
        let ringBoxes: [(SIMD2<Double>, SIMD2<Double>)]
        let minX: Double, minY: Double, maxX: Double, maxY: Double
    }

    struct City {
        let id: Int, lat: Double, lon: Double, country: String, region: String?
        /// The city a district belongs to (nil for a city), and a metropolis's urban reach.
        let city: Int?, reachKm: Double?
    }
    struct Airport { let iata: String; let lat: Double; let lon: Double; let size: AirportSize }

    let shapes: [Shape]
    let cities: [City]
    let airports: [Airport]
    let countryContinent: [String: String]
    let toleranceKm: Double
    /// Cities grouped by region and by country, only so the linear scans stay affordable.
    let citiesByRegion: [String: [City]]
    let citiesByCountry: [String: [City]]

    init(gazetteer: Gazetteer) throws {
        var shapes: [Shape] = [], cities: [City] = [], airports: [Airport] = [], continents: [String: String] = [:]
        try gazetteer.withDatabase { db in
            let s = try db.prepare("SELECT id, country, area_km2, geometry FROM boundaries")
            while try s.step() {
                let polygons = try s.withBlob(3) { try GeometryBlob.decode($0) }
                let rings = polygons.joined().map { ring in ring.map { SIMD2(Double($0.x), Double($0.y)) } }
                let all = rings.joined()
                let boxes = rings.map { r in (SIMD2(r.map(\.x).min()!, r.map(\.y).min()!), SIMD2(r.map(\.x).max()!, r.map(\.y).max()!)) }
                shapes.append(Shape(id: PlaceID(s.string(0)!)!, country: s.string(1)!, area: s.double(2), rings: Array(rings), ringBoxes: boxes,
                                    minX: all.map(\.x).min()!, minY: all.map(\.y).min()!, maxX: all.map(\.x).max()!, maxY: all.map(\.y).max()!))
            }
            let c = try db.prepare("SELECT geonameid, lat, lon, country, region, city, reach_km FROM cities")
            while try c.step() {
                cities.append(City(id: c.int(0), lat: c.double(1), lon: c.double(2), country: c.string(3)!, region: c.string(4),
                                   city: c.optionalInt(5), reachKm: c.optionalDouble(6)))
            }
            let a = try db.prepare("SELECT iata, lat, lon, size FROM airports")
            while try a.step() { airports.append(Airport(iata: a.string(0)!, lat: a.double(1), lon: a.double(2), size: AirportSize(rawValue: a.string(3)!)!)) }
            let k = try db.prepare("SELECT iso2, continent FROM countries")
            while try k.step() { continents[k.string(0)!] = k.string(1)! }
        }
        self.shapes = shapes
        self.cities = cities
        self.airports = airports
        countryContinent = continents
        citiesByRegion = Dictionary(grouping: cities.filter { $0.region != nil }, by: { $0.region! })
        citiesByCountry = Dictionary(grouping: cities, by: \.country)
        toleranceKm = gazetteer.coastlineToleranceDegrees * GeoCoordinate.earthRadiusKm * .pi / 180
    }

    /// PNPOLY: a horizontal ray to the east, half-open in y, crossings strictly east of the point.
    /// A ring whose bounding box misses the point is crossed an even number of times: skipped.
    func contains(_ shape: Shape, _ px: Double, _ py: Double) -> Bool {
        guard px >= shape.minX, px <= shape.maxX, py >= shape.minY, py <= shape.maxY else { return false }
        var inside = false
        for (ring, box) in zip(shape.rings, shape.ringBoxes) where px >= box.0.x && px <= box.1.x && py >= box.0.y && py <= box.1.y {
            var j = ring.count - 1
            for i in 0..<ring.count {
                let (a, b) = (ring[i], ring[j])
                if (a.y > py) != (b.y > py) {
                    let x = a.x + (py - a.y) * (b.x - a.x) / (b.y - a.y)
                    if px < x { inside.toggle() }
                }
                j = i
            }
        }
        return inside
    }

    func smallest(_ candidates: [Int]) -> Int? {
        candidates.min { shapes[$0].area != shapes[$1].area ? shapes[$0].area < shapes[$1].area : shapes[$0].id < shapes[$1].id }
    }

    /// Nearest edge within `km` among shapes passing `filter` (equirectangular around the point).
    func nearestEdge(_ lat: Double, _ lon: Double, withinKm km: Double, _ filter: (Shape) -> Bool) -> (shape: Int, km: Double)? {
        let kmPerUnit = GeoCoordinate.earthRadiusKm * .pi / 180 / 100_000
        let (px, py) = (lon * 100_000, lat * 100_000)
        let scale = max(cos(lat * .pi / 180), 1e-6)
        let reachY = km / kmPerUnit, reachX = reachY / scale
        var best: (shape: Int, km: Double)?
        for (s, shape) in shapes.enumerated() where filter(shape) {
            guard px + reachX >= shape.minX, px - reachX <= shape.maxX, py + reachY >= shape.minY, py - reachY <= shape.maxY else { continue }
            for (ring, box) in zip(shape.rings, shape.ringBoxes) {
                guard px + reachX >= box.0.x, px - reachX <= box.1.x, py + reachY >= box.0.y, py - reachY <= box.1.y else { continue }
                for i in 0..<ring.count {
                    let a = ring[i], b = ring[(i + 1) % ring.count]
                    let (ax, ay, bx, by) = ((a.x - px) * scale, a.y - py, (b.x - px) * scale, b.y - py)
                    let (dx, dy) = (bx - ax, by - ay)
                    let length = dx * dx + dy * dy
                    let t = length > 0 ? min(1, max(0, -(ax * dx + ay * dy) / length)) : 0
                    let d = ((ax + t * dx) * (ax + t * dx) + (ay + t * dy) * (ay + t * dy)).squareRoot() * kmPerUnit
                    guard d <= km else { continue }
                    if best == nil || d < best!.km || (d == best!.km && (shapes[s].area, shapes[s].id) < (shapes[best!.shape].area, shapes[best!.shape].id)) {
                        best = (s, d)
                    }
                }
            }
        }
        return best
    }

    struct Answer: Equatable, CustomStringConvertible {
        var continent: String?, country: String?, region: String?, city: String?, district: String?, airport: String?
        var waters: String
        /// To the metre: both sides compute the same distances, but not in the same order.
        var borderMetres: Int?
        var description: String { "\(waters) \(continent ?? "-") \(country ?? "-") \(region ?? "-") \(city ?? "-") \(district ?? "-") \(airport ?? "-") border \(borderMetres.map(String.init) ?? "-")" }
    }

    func resolve(latitude: Double, longitude: Double) -> Answer {
        let (px, py) = (longitude * 100_000, latitude * 100_000)
        let containing = shapes.indices.filter { contains(shapes[$0], px, py) }
        var country = smallest(containing.filter { shapes[$0].id.kind == .country })
        var region = smallest(containing.filter { shapes[$0].id.kind == .region })
        var waters = "land"
        if country == nil {
            if let near = nearestEdge(latitude, longitude, withinKm: toleranceKm, { _ in true }) {
                let cc = shapes[near.shape].country
                country = nearestEdge(latitude, longitude, withinKm: toleranceKm) { $0.id.kind == .country && $0.country == cc }?.shape
                region = nearestEdge(latitude, longitude, withinKm: toleranceKm) { $0.id.kind == .region && $0.country == cc }?.shape
            } else if let coast = nearestEdge(latitude, longitude, withinKm: Resolver.territorialWatersKm, { $0.id.kind == .country }) {
                waters = "territorial"
                let cc = shapes[coast.shape].country
                country = nearestEdge(latitude, longitude, withinKm: Resolver.territorialWatersKm + 5) { $0.id.kind == .country && $0.country == cc }?.shape
                region = nearestEdge(latitude, longitude, withinKm: Resolver.territorialWatersKm + 5) { $0.id.kind == .region && $0.country == cc }?.shape
            } else {
                return Answer(airport: airport(latitude, longitude), waters: "international")
            }
        }
        let regionCode = region.map { shapes[$0].id.code }
        guard let countryCode = regionCode.map({ String($0.prefix(while: { $0 != "." })) }) ?? country.map({ shapes[$0].country }) else {
            return Answer(waters: waters)
        }
        var answer = Answer(waters: waters)
        answer.country = "country:\(countryCode)"
        answer.continent = countryContinent[countryCode].map { "continent:\($0)" }
        answer.region = regionCode.map { "region:\($0)" }
        let regionCities = regionCode.map { citiesByRegion[$0] ?? [] }
        let candidates = regionCities.flatMap { $0.isEmpty ? nil : $0 } ?? citiesByCountry[countryCode] ?? []
        if let nearest = nearestCity(latitude, longitude, in: candidates) {
            answer.city = "city:\(nearest.city.city ?? nearest.city.id)"
            answer.district = nearest.city.city.map { _ in "district:\(nearest.city.id)" }
            // Far from every place: a metropolis whose reach covers the point answers instead.
            if nearest.km > Resolver.metropolisGapKm, let metropolis = metropolis(latitude, longitude, in: candidates),
               metropolis != (nearest.city.city ?? nearest.city.id) {
                (answer.city, answer.district) = ("city:\(metropolis)", nil)
            }
        }
        answer.airport = airport(latitude, longitude)
        if waters == "land" {
            // A border is the edge of any other polygon: a neighbouring region, or another country.
            answer.borderMetres = nearestEdge(latitude, longitude, withinKm: Resolver.borderReportKm) { shape in
                shape.id != region.map { shapes[$0].id } && shape.id != country.map { shapes[$0].id }
                    && (region != nil || shape.id.kind == .country)
            }.map { Int(($0.km * 1000).rounded()) }
        }
        return answer
    }

    func nearestCity(_ lat: Double, _ lon: Double, in candidates: [City]) -> (city: City, km: Double)? {
        var best: (city: City, km: Double)?
        for c in candidates {
            let km = GeoCoordinate.haversineKm(lat, lon, c.lat, c.lon)
            if best == nil || km < best!.km || (km == best!.km && c.id < best!.city.id) { best = (c, km) }
        }
        return best
    }

    /// The city whose reach covers the point most deeply (distance / reach), lower id first.
    func metropolis(_ lat: Double, _ lon: Double, in candidates: [City]) -> Int? {
        var best: (id: Int, depth: Double)?
        for c in candidates {
            guard let reach = c.reachKm else { continue }
            let km = GeoCoordinate.haversineKm(lat, lon, c.lat, c.lon)
            guard km <= reach else { continue }
            if best == nil || km / reach < best!.depth || (km / reach == best!.depth && c.id < best!.id) { best = (c.id, km / reach) }
        }
        return best?.id
    }

    func airport(_ lat: Double, _ lon: Double) -> String? {
        var best: (iata: String, km: Double)?
        for a in airports where abs(a.lat - lat) < 0.1 {  // every radius is under 5 km
            let km = GeoCoordinate.haversineKm(lat, lon, a.lat, a.lon)
            guard km <= Resolver.airportRadiusKm[a.size]! else { continue }
            if best == nil || km < best!.km || (km == best!.km && a.iata < best!.iata) { best = (a.iata, km) }
        }
        return best.map { "airport:\($0.iata)" }
    }
}
