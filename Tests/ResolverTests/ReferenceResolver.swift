import Foundation
import Gazetteer

/// The slow, obviously-correct resolver the fast one must equal, identifier for identifier:
/// ray casting over every polygon whose bounding box holds the point, linear scans over every
/// city and airport, and nearest-edge searches over every edge of every nearby polygon.
/// Districts and metropolises come from the `cities` table's `city` and `reach_km` columns, not
/// from the packed blobs the fast resolver loads.
///
/// It decides from first principles: the polygons through its own decoder of the format as
/// `Tools/gazetteer/README.md` states it, the product's choices from ``Expected`` (each from
/// where docs/resolver.md promises it), never the resolver's code or constants.
final class ReferenceResolver {
    /// The product's choices, as docs/resolver.md states them. A resolver
    /// constant changed without its documentation shows up as differences.
    enum Expected {
        /// Step 3: within 12 nautical miles (22.2 km) of a coast a point is in that country's
        /// territorial waters. 12 × 1.852 km.
        static let territorialWatersKm = 22.224
        /// Step 3: a point in territorial waters takes its country's nearest region. Region
        /// outlines need not run along the country's coast to the metre (they come from other
        /// lines, some split or approximate), so that region and the country's own outline are
        /// looked for up to 5 km beyond the 12 nautical miles that found the coast: a point
        /// 22 km off the coast keeps its region when the region's outline runs a little inland.
        static let territorialSearchSlackKm = 5.0
        /// Step 3: the waters of a land zone that covers land of several countries go to the
        /// one of them with the nearest outline within 200 km.
        static let sharedZoneSearchKm = 200.0
        /// Step 4: when the nearest place is more than 3 km away, a metropolis whose urban
        /// reach covers the point answers instead.
        static let metropolisGapKm = 3.0
        /// Step 4: a point more than 30 km from every place of its region, reached by no
        /// metropolis, has no city; the chain names the nearest place instead.
        static let cityReachKm = 30.0
        /// Step 4: a district only when the point is nearer to its point than 0.7 times the
        /// distance to every other district of the same city.
        static let districtMargin = 0.7
        /// Step 4, "the edge of a big city": a point no more than 3 km from the nearest place, a
        /// town of known population (not 0), inside the reach of a metropolis of at least 10
        /// times its population, belongs to that metropolis when it lies more than twice the
        /// town's own reach from the town's point; a town's own reach is the radius of a disc
        /// holding its population at 4,000 people per km², as a metropolis's urban reach is.
        static let edgePopulationRatio = 10.0
        static let edgeOwnReaches = 2.0
        static let peoplePerKm2 = 4000.0
        /// The radius (km) of a disc holding `population` people at ``peoplePerKm2``.
        static func ownReachKm(_ population: Int) -> Double { (Double(population) / peoplePerKm2 / .pi).squareRoot() }
        /// Step 5: an airport is added within the radius of its size class, from its reference
        /// point: large 4 km, medium 2.5 km, small 1.5 km.
        static let airportRadiusKm: [AirportSize: Double] = [.large: 4, .medium: 2.5, .small: 1.5]
        /// `border_km`: the nearest region or country border, reported when under 5 km.
        static let borderReportKm = 5.0

        /// Step 6: in international waters, the nautical zone: the hour h (-12...12) whose strip
        /// 15h - 7.5° ≤ lon < 15h + 7.5° holds the longitude, written `Etc/GMT-h` east of
        /// Greenwich and `Etc/GMT+h` west (POSIX signs).
        static func nauticalZone(longitude: Double) -> String {
            var hours = 0
            while Double(hours) * 15 + 7.5 <= longitude && hours < 12 { hours += 1 }
            while Double(hours) * 15 - 7.5 > longitude && hours > -12 { hours -= 1 }
            return hours == 0 ? "Etc/GMT" : hours > 0 ? "Etc/GMT-\(hours)" : "Etc/GMT+\(-hours)"
        }

        /// Step 1: country and region come from the polygons; a point with a region is in that
        /// region's country (a region's code is its country's, a dot, then its own: `US.MT`),
        /// whatever country polygon it also lies in.
        static func country(ofRegion code: String) -> String { String(code.prefix(while: { $0 != "." })) }
    }

    /// The "Geometry BLOB" of `Tools/gazetteer/README.md`, read as written there: unsigned LEB128
    /// varints, 7 bits a byte, low bits first, the high bit set on every byte but the last;
    /// signed values zigzag-encoded; coordinates x = lon × 10⁵, y = lat × 10⁵.
    ///
    ///     geometry := varint(polygonCount) polygon{polygonCount}
    ///     polygon  := varint(ringCount) ring{ringCount}
    ///     ring     := varint(pointCount) point{pointCount}   -- closing point not repeated
    ///     point    := zigzag(dx) zigzag(dy)                  -- from the ring's previous point, the first from (0,0)
    struct GeometryReader {
        let bytes: [UInt8]
        var at = 0

        mutating func varint() -> UInt64 {
            var value: UInt64 = 0, shift: UInt64 = 0
            while true {
                let byte = bytes[at]
                at += 1
                value |= UInt64(byte & 0x7F) << shift
                if byte & 0x80 == 0 { return value }
                shift += 7
            }
        }

        /// Zigzag: 0, 1, 2, 3, 4 … stand for 0, -1, 1, -2, 2 …
        mutating func signed() -> Double {
            let n = varint()
            return n & 1 == 0 ? Double(n / 2) : -Double(n / 2) - 1
        }

        /// Every ring of every polygon (holes alike: ray casting counts crossings of all of
        /// them), in ×10⁵-degree units.
        static func rings(_ bytes: [UInt8]) -> [[SIMD2<Double>]] {
            var reader = GeometryReader(bytes: bytes)
            var rings: [[SIMD2<Double>]] = []
            for _ in 0..<reader.varint() {
                for _ in 0..<reader.varint() {
                    var point = SIMD2<Double>(0, 0)
                    var ring: [SIMD2<Double>] = []
                    for _ in 0..<reader.varint() {
                        point.x += reader.signed()
                        point.y += reader.signed()
                        ring.append(point)
                    }
                    precondition(ring.count >= 3, "a ring of \(ring.count) points")
                    rings.append(ring)
                }
            }
            precondition(reader.at == bytes.count, "\(bytes.count - reader.at) bytes after the last polygon")
            return rings
        }
    }

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
        let population: Int
    }
    struct Airport { let iata: String; let lat: Double; let lon: Double; let size: AirportSize }
    /// A part of a region (or region-less country) in another zone than the region's own.
    struct ZonePiece { let zone: String; let owner: String; let area: Double; let shape: Shape }
    /// A land zone whole, territorial sea included, with its zone.tab country.
    struct LandZone { let zone: String; let country: String; let area: Double; let shape: Shape }

    let shapes: [Shape]
    let cities: [City]
    let airports: [Airport]
    let countryContinent: [String: String]
    /// The own zone of each region (`US.AZ`) and country (`US`), and the pieces of other zones.
    let regionZone: [String: String], countryZone: [String: String]
    let zonePieces: [ZonePiece]
    let landZones: [LandZone]
    /// The countries whose land each zone covers: its own, and those with a region, a
    /// region-less outline or a piece in it.
    let zoneCountries: [String: Set<String>]
    let toleranceKm: Double
    /// Cities grouped by region and by country, only so the linear scans stay affordable.
    let citiesByRegion: [String: [City]]
    let citiesByCountry: [String: [City]]

    init(gazetteer: Gazetteer) throws {
        var shapes: [Shape] = [], cities: [City] = [], airports: [Airport] = [], continents: [String: String] = [:]
        var regionZone: [String: String] = [:], countryZone: [String: String] = [:], pieces: [ZonePiece] = []
        var landZones: [LandZone] = []
        func shape(_ id: PlaceID, _ country: String, _ area: Double, _ blob: [UInt8]) -> Shape {
            let rings = GeometryReader.rings(blob)
            let all = rings.joined()
            let boxes = rings.map { r in (SIMD2(r.map(\.x).min()!, r.map(\.y).min()!), SIMD2(r.map(\.x).max()!, r.map(\.y).max()!)) }
            return Shape(id: id, country: country, area: area, rings: Array(rings), ringBoxes: boxes,
                         minX: all.map(\.x).min()!, minY: all.map(\.y).min()!, maxX: all.map(\.x).max()!, maxY: all.map(\.y).max()!)
        }
        try gazetteer.withDatabase { db in
            let s = try db.prepare("SELECT id, country, area_km2, geometry FROM boundaries")
            while try s.step() { shapes.append(shape(PlaceID(s.string(0)!)!, s.string(1)!, s.double(2), s.blob(3))) }
            let z = try db.prepare("SELECT zone, owner, area_km2, geometry FROM time_zone_pieces")
            while try z.step() {
                let owner = PlaceID(z.string(1)!)!
                pieces.append(ZonePiece(zone: z.string(0)!, owner: z.string(1)!, area: z.double(2), shape: shape(owner, "", z.double(2), z.blob(3))))
            }
            let t = try db.prepare("SELECT id, country, area_km2, geometry FROM time_zones")
            while try t.step() {
                landZones.append(LandZone(zone: t.string(0)!, country: t.string(1)!, area: t.double(2),
                                          shape: shape(PlaceID(.country, t.string(1)!), t.string(1)!, t.double(2), t.blob(3))))
            }
            let r = try db.prepare("SELECT id, time_zone FROM regions WHERE time_zone IS NOT NULL")
            while try r.step() { regionZone[r.string(0)!] = r.string(1)! }
            let n = try db.prepare("SELECT iso2, time_zone FROM countries WHERE time_zone IS NOT NULL")
            while try n.step() { countryZone[n.string(0)!] = n.string(1)! }
            let c = try db.prepare("SELECT geonameid, lat, lon, country, region, city, reach_km, population FROM cities")
            while try c.step() {
                cities.append(City(id: c.int(0), lat: c.double(1), lon: c.double(2), country: c.string(3)!, region: c.string(4),
                                   city: c.optionalInt(5), reachKm: c.optionalDouble(6), population: c.int(7)))
            }
            let a = try db.prepare("SELECT iata, lat, lon, size FROM airports")
            while try a.step() { airports.append(Airport(iata: a.string(0)!, lat: a.double(1), lon: a.double(2), size: AirportSize(rawValue: a.string(3)!)!)) }
            let k = try db.prepare("SELECT iso2, continent FROM countries")
            while try k.step() { continents[k.string(0)!] = k.string(1)! }
        }
        self.shapes = shapes
        (self.regionZone, self.countryZone, zonePieces) = (regionZone, countryZone, pieces)
        var zoneCountries: [String: Set<String>] = [:]
        for zone in landZones { zoneCountries[zone.zone, default: []].insert(zone.country) }
        for (region, zone) in regionZone { zoneCountries[zone, default: []].insert(Expected.country(ofRegion: region)) }
        for (country, zone) in countryZone { zoneCountries[zone, default: []].insert(country) }
        for piece in pieces { zoneCountries[piece.zone, default: []].insert(Expected.country(ofRegion: PlaceID(piece.owner)!.code)) }
        (self.landZones, self.zoneCountries) = (landZones, zoneCountries)
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

    /// A full turn of longitude, in ×10⁵-degree units.
    static let turn = 36_000_000.0

    /// How many whole turns to take off a longitude difference to bring it into [-180°, 180°].
    static func turns(_ dx: Double) -> Double { (dx / turn).rounded() }

    /// How far in longitude the point is from the span `lo...hi`, the short way round the world.
    static func longitudeGap(_ px: Double, _ lo: Double, _ hi: Double) -> Double {
        if lo <= px && px <= hi { return 0 }
        return min(abs(lo - px - turns(lo - px) * turn), abs(hi - px - turns(hi - px) * turn))
    }

    /// Nearest edge within `km` among shapes passing `filter` (equirectangular around the point).
    /// Longitudes are a circle: each edge is moved by whole turns to lie on the point's side of
    /// the world (its midpoint's longitude difference wrapped into [-180°, 180°]), so an edge at
    /// 179.99° is 0.02° from a point at -179.99°. (The midpoint, not an end: Antarctica's edge
    /// along the South Pole runs the whole 360°, and only its midpoint copy spans the point.)
    func nearestEdge(_ lat: Double, _ lon: Double, withinKm km: Double, _ filter: (Shape) -> Bool) -> (shape: Int, km: Double)? {
        let kmPerUnit = GeoCoordinate.earthRadiusKm * .pi / 180 / 100_000
        let (px, py) = (lon * 100_000, lat * 100_000)
        let scale = max(cos(lat * .pi / 180), 1e-6)
        let reachY = km / kmPerUnit, reachX = reachY / scale
        var best: (shape: Int, km: Double)?
        for (s, shape) in shapes.enumerated() where filter(shape) {
            guard Self.longitudeGap(px, shape.minX, shape.maxX) <= reachX, py + reachY >= shape.minY, py - reachY <= shape.maxY else { continue }
            for (ring, box) in zip(shape.rings, shape.ringBoxes) {
                guard Self.longitudeGap(px, box.0.x, box.1.x) <= reachX, py + reachY >= box.0.y, py - reachY <= box.1.y else { continue }
                for i in 0..<ring.count {
                    let a = ring[i], b = ring[(i + 1) % ring.count]
                    let shift = Self.turns((a.x + b.x) / 2 - px) * Self.turn
                    let (ax, ay, bx, by) = ((a.x - px - shift) * scale, a.y - py, (b.x - px - shift) * scale, b.y - py)
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
        var nearestPlace: String? = nil
        var waters: String
        /// To the metre: both sides compute the same distances, but not in the same order.
        var borderMetres: Int?
        var timeZone: String?
        var description: String { "\(waters) \(continent ?? "-") \(country ?? "-") \(region ?? "-") \(city ?? "-") \(district ?? "-") \(airport ?? "-") near \(nearestPlace ?? "-") border \(borderMetres.map(String.init) ?? "-") \(timeZone ?? "-")" }
    }

    func resolve(latitude: Double, longitude: Double) -> Answer {
        let (px, py) = (longitude * 100_000, latitude * 100_000)
        let containing = shapes.indices.filter { contains(shapes[$0], px, py) }
        var country = smallest(containing.filter { shapes[$0].id.kind == .country })
        var region = smallest(containing.filter { shapes[$0].id.kind == .region })
        var waters = "land"
        var seaCountry: String?, seaZone: String?
        if country == nil {
            let zone = landZones.filter { contains($0.shape, px, py) }.min { ($0.area, $0.zone) < ($1.area, $1.zone) }
            if let near = nearestEdge(latitude, longitude, withinKm: toleranceKm, { _ in true }) {
                let cc = shapes[near.shape].country
                country = nearestEdge(latitude, longitude, withinKm: toleranceKm) { $0.id.kind == .country && $0.country == cc }?.shape
                region = nearestEdge(latitude, longitude, withinKm: toleranceKm) { $0.id.kind == .region && $0.country == cc }?.shape
                // Step 6: off the polygons, the land zone holding the point gives its time, if it
                // covers the point's country.
                seaZone = zone.flatMap { (zoneCountries[$0.zone] ?? []).contains(cc) ? $0.zone : nil }
            } else if let zone {
                // Step 3: the land zone's territorial sea.
                waters = "territorial"
                let admitted = zoneCountries[zone.zone] ?? [zone.country]
                let cc = admitted.count == 1 ? zone.country
                    : nearestEdge(latitude, longitude, withinKm: Expected.sharedZoneSearchKm) { admitted.contains($0.country) }.map { shapes[$0.shape].country } ?? zone.country
                let reach = Expected.territorialWatersKm + Expected.territorialSearchSlackKm
                country = nearestEdge(latitude, longitude, withinKm: reach) { $0.id.kind == .country && $0.country == cc }?.shape
                region = nearestEdge(latitude, longitude, withinKm: reach) { $0.id.kind == .region && $0.country == cc }?.shape
                (seaCountry, seaZone) = (cc, zone.zone)
            } else if let coast = nearestEdge(latitude, longitude, withinKm: Expected.territorialWatersKm, { $0.id.kind == .country }) {
                waters = "territorial"
                let cc = shapes[coast.shape].country
                let reach = Expected.territorialWatersKm + Expected.territorialSearchSlackKm
                country = nearestEdge(latitude, longitude, withinKm: reach) { $0.id.kind == .country && $0.country == cc }?.shape
                region = nearestEdge(latitude, longitude, withinKm: reach) { $0.id.kind == .region && $0.country == cc }?.shape
            } else {
                return Answer(airport: airport(latitude, longitude), waters: "international", timeZone: Expected.nauticalZone(longitude: longitude))
            }
        }
        let regionCode = region.map { shapes[$0].id.code }
        guard let countryCode = regionCode.map(Expected.country(ofRegion:)) ?? country.map({ shapes[$0].country }) ?? seaCountry else {
            return Answer(waters: waters, timeZone: Expected.nauticalZone(longitude: longitude))
        }
        var answer = Answer(waters: waters)
        // Step 6: the smallest piece of another zone holding the point, of its region (or of its
        // country when it has no region); else the region's own zone, else the country's.
        func piece(of owner: String) -> String? {
            zonePieces.filter { $0.owner == owner && contains($0.shape, px, py) }
                .min { ($0.area, $0.zone) < ($1.area, $1.zone) }?.zone
        }
        answer.timeZone = seaZone ?? regionCode.flatMap { piece(of: "region:\($0)") ?? regionZone[$0] }
            ?? piece(of: "country:\(countryCode)") ?? countryZone[countryCode] ?? Expected.nauticalZone(longitude: longitude)
        answer.country = "country:\(countryCode)"
        answer.continent = countryContinent[countryCode].map { "continent:\($0)" }
        answer.region = regionCode.map { "region:\($0)" }
        let regionCities = regionCode.map { citiesByRegion[$0] ?? [] }
        let candidates = regionCities.flatMap { $0.isEmpty ? nil : $0 } ?? citiesByCountry[countryCode] ?? []
        if let nearest = nearestCity(latitude, longitude, in: candidates) {
            answer.city = "city:\(nearest.city.city ?? nearest.city.id)"
            answer.district = nearest.city.city.map { _ in "district:\(nearest.city.id)" }
            // A district only when no other district of the same city is nearly as near.
            if let owner = nearest.city.city, candidates.contains(where: {
                $0.city == owner && $0.id != nearest.city.id
                    && GeoCoordinate.haversineKm(latitude, longitude, $0.lat, $0.lon) * Expected.districtMargin < nearest.km
            }) {
                answer.district = nil
            }
            // Far from every place: a metropolis whose reach covers the point answers instead,
            // else no city at all beyond the reach, only the nearest place named.
            if nearest.km > Expected.metropolisGapKm, let metropolis = metropolis(latitude, longitude, in: candidates),
               metropolis != (nearest.city.city ?? nearest.city.id) {
                (answer.city, answer.district) = ("city:\(metropolis)", nil)
            } else if let metropolis = edgeMetropolis(latitude, longitude, nearest: nearest, in: candidates) {
                answer.city = "city:\(metropolis)"
            } else if nearest.km > Expected.cityReachKm {
                (answer.nearestPlace, answer.city, answer.district) = (answer.city, nil, nil)
            }
        }
        answer.airport = airport(latitude, longitude)
        if waters == "land" {
            // A border is the edge of any other polygon: a neighbouring region, or another country.
            answer.borderMetres = nearestEdge(latitude, longitude, withinKm: Expected.borderReportKm) { shape in
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

    /// The edge of a big city: the metropolis (deepest in its reach, lower id first) that takes a
    /// point from the nearest place, a far smaller town of its own, when the point is well out
    /// of the town's own reach and within 3 km of it.
    func edgeMetropolis(_ lat: Double, _ lon: Double, nearest: (city: City, km: Double), in candidates: [City]) -> Int? {
        let town = nearest.city
        guard town.city == nil, town.population > 0, nearest.km <= Expected.metropolisGapKm,
              nearest.km > Expected.edgeOwnReaches * Expected.ownReachKm(town.population) else { return nil }
        let bigger = candidates.filter { $0.id != town.id && Double($0.population) >= Expected.edgePopulationRatio * Double(town.population) }
        return metropolis(lat, lon, in: bigger)
    }

    func airport(_ lat: Double, _ lon: Double) -> String? {
        var best: (iata: String, km: Double)?
        for a in airports where abs(a.lat - lat) < 0.1 {  // every radius is under 5 km
            let km = GeoCoordinate.haversineKm(lat, lon, a.lat, a.lon)
            guard km <= Expected.airportRadiusKm[a.size]! else { continue }
            if best == nil || km < best!.km || (km == best!.km && a.iata < best!.iata) { best = (a.iata, km) }
        }
        return best.map { "airport:\($0.iata)" }
    }
}
