import Foundation
import Gazetteer
import Testing
@testable import Boundaries

@Suite struct BoundaryIndexTests {
    static let gazetteer = try! Gazetteer.open()
    static let index = try! BoundaryIndex.load(from: gazetteer)

    private func located(_ lat: Double, _ lon: Double) -> (country: String?, region: String?) {
        let hit = Self.index.locate(GeoCoordinate(latitude: lat, longitude: lon))
        return (hit.country.map { Self.index.shapes[$0].id.description }, hit.region.map { Self.index.shapes[$0].id.description })
    }

    @Test func namedPlacesLieInTheirPolygons() {
        #expect(located(35.0116, 135.7681).region == "region:JP.22")          // Kyoto
        #expect(located(52.5244, 13.4105).region == "region:DE.16")           // Berlin, not Brandenburg (DE.11)
        #expect(located(52.3906, 13.0645).region == "region:DE.11")           // Potsdam, Brandenburg
        #expect(located(47.7167, -104.1563).region == "region:US.MT")         // Sidney, Montana
        #expect(located(42.3001, -83.0165).region == "region:CA.08")          // Windsor, Ontario
        #expect(located(41.9029, 12.4534).country == "country:VA")            // Vatican City: a hole in Rome
        #expect(located(41.8919, 12.5113).country == "country:IT")
        #expect(located(-29.3151, 27.4869).country == "country:LS")           // Maseru: a hole in South Africa
        #expect(located(-29.0852, 26.1596).country == "country:ZA")
        #expect(located(43.9424, 12.4578).country == "country:SM")            // San Marino
        #expect(located(30.0, -40.0).country == nil)                          // mid-Atlantic
    }

    @Test func regionsNestInTheirCountry() {
        for shape in Self.index.shapes where shape.id.kind == .region {
            #expect(shape.id.code.hasPrefix(shape.country + "."), "\(shape.id) filed under \(shape.country)")
        }
    }

    /// Every stored geometry decodes; rings have at least three distinct points, no repeated
    /// neighbours, and enclose area (tiny atolls round to 0.0 km² in the table, not here).
    @Test func polygonsDecodeAndAreWellFormed() throws {
        var shapes = 0
        try Self.gazetteer.withDatabase { db in
            let s = try db.prepare("SELECT id, area_km2, geometry FROM boundaries")
            while try s.step() {
                let id = s.string(0)!
                shapes += 1
                #expect(s.double(1) >= 0, "\(id) has a negative area")
                let polygons = try s.withBlob(2) { try GeometryBlob.decode($0) }
                #expect(!polygons.isEmpty, "\(id) has no polygon")
                for rings in polygons {
                    for ring in rings {
                        #expect(ring.count >= 3, "\(id): ring of \(ring.count) points")
                        for i in ring.indices { #expect(ring[i] != ring[(i + 1) % ring.count], "\(id): repeated vertex") }
                    }
                    #expect(Self.twiceArea(rings[0]) != 0, "\(id) has an exterior ring without area")
                }
            }
        }
        #expect(shapes > 3_900)
    }

    private static func twiceArea(_ ring: [SIMD2<Int32>]) -> Double {
        var sum = 0.0
        for i in ring.indices {
            let (a, b) = (ring[i], ring[(i + 1) % ring.count])
            sum += Double(a.x) * Double(b.y) - Double(b.x) * Double(a.y)
        }
        return sum
    }

    /// A row denser than its cells' 16-bit offsets can count is an error at load, never a wrong
    /// answer. Edges: a ring running 46 times along row 400 and back along row 401, so that no
    /// edge continues its predecessor's block, files 66,000 blocks in each row.
    @Test func aRowWithTooManyEdgeBlocksIsAnError() {
        var ring: [(Int32, Int32)] = []
        for _ in 0..<46 { ring += [(-17_999_000, 1_010_000), (17_999_000, 1_010_000), (17_999_000, 1_030_000), (-17_999_000, 1_030_000)] }
        #expect(throws: GridOverflow.self) { try Self.index(of: [ring]) }
        // 45 times is 64,800 blocks a row: within bounds.
        #expect(throws: Never.self) { try Self.index(of: [Array(ring.prefix(45 * 4))]) }
    }

    /// Corner shapes: 46 bands around the world, each holding the south-west corners of one
    /// row's 1,439 cells, are 66,000 corner shapes in that row.
    @Test func aRowWithTooManyCornerShapesIsAnError() {
        let band: [(Int32, Int32)] = [(-17_999_000, 990_000), (17_999_000, 990_000), (17_999_000, 1_010_000), (-17_999_000, 1_010_000)]
        #expect(throws: GridOverflow.self) { try Self.index(of: Array(repeating: band, count: 46)) }
        #expect(throws: Never.self) { try Self.index(of: Array(repeating: band, count: 45)) }
    }

    /// An island just east of -180° and its mirror image just west of 180°: a point 0.1° from
    /// an island's edge is as far from it across the seam as on the island's own side, and a
    /// point on the seam itself reaches both.
    @Test func nearestEdgeWrapsAtTheAntimeridian() throws {
        let east: [(Int32, Int32)] = [(-17_995_000, 0), (-17_985_000, 0), (-17_985_000, 10_000), (-17_995_000, 10_000)]
        let west: [(Int32, Int32)] = east.reversed().map { (-$0.0, $0.1) }
        let index = try Self.index(of: [east, west])
        func km(_ lat: Double, _ lon: Double, to shape: Int) -> Double? {
            index.nearestEdge(to: GeoCoordinate(latitude: lat, longitude: lon), withinKm: 30) { $0 == shape }?.km
        }
        let tenth = 0.1 * BoundaryIndex.kmPerUnit * 100_000 * cos(0.05 * .pi / 180)
        for (island, ownSide, across) in [(0, -179.75, 179.95), (1, 179.75, -179.95)] {
            let same = try #require(km(0.05, ownSide, to: island))
            #expect(abs(same - tenth) < 1e-6)
            let wrapped = try #require(km(0.05, across, to: island), "island \(island) not found from across the seam")
            #expect(abs(wrapped - same) < 1e-6)
            for seam in [180.0, -180.0] {
                #expect(abs((km(0.05, seam, to: island) ?? .infinity) - tenth / 2) < 1e-6)
            }
        }
        // Within reach of neither from the other side of the world, nor past the reach.
        #expect(km(0.05, 0, to: 0) == nil)
        #expect(km(0.05, 179.6, to: 0) == nil)  // 0.45° ≈ 50 km
    }

    /// East of Semisopochnoi (179.6°E, the Rat Islands), across the seam: its coast is 19.5 km
    /// away, the nearest on the point's own side (Gareloi) 77 km.
    @Test func aCoastAcrossTheSeamIsNear() throws {
        let near = try #require(Self.index.nearestEdge(to: GeoCoordinate(latitude: 51.86, longitude: -179.98), withinKm: 30) { _ in true })
        #expect(Self.index.shapes[near.shape].country == "US")
        #expect(abs(near.km - 19.46) < 0.05)
    }

    /// The grid answers what plain ray casting answers, also where it is most fragile: at
    /// cell corners (the corner states alone), for edges that run along a parallel or a
    /// meridian of the grid, through corners, from a vertex on a parallel, and across many
    /// rows and columns at once.
    @Test func gridAgreesWithRayCastingOnTheGridLines() throws {
        let g: Int32 = 25_000   // 0.25°, in the vertices' 10⁻⁵ degrees
        let rings: [[(Int32, Int32)]] = [
            [(0, 2 * g), (2 * g, 0), (4 * g, 2 * g), (2 * g, 4 * g)],                   // through corners
            [(5 * g, 0), (8 * g, 0), (8 * g, 3 * g), (5 * g, 3 * g)],                   // along grid lines
            [(0, -10 * g), (30 * g, -9 * g + 1), (g / 2, -5 * g), (1, -3 * g)],         // long, a vertex on a parallel
            [(10 * g, 5 * g), (12 * g, 5 * g), (11 * g, 7 * g), (11 * g, 6 * g)],      // an edge on a parallel
            [(14 * g, 0), (15 * g, 3 * g), (16 * g, 0), (17 * g, 3 * g), (18 * g, 0), (18 * g, 4 * g), (14 * g, 4 * g)],   // zig-zag
        ]
        let index = try Self.index(of: rings)
        // Ray casting east from the point, edges half-open in latitude.
        func inside(_ ring: [(Int32, Int32)], _ px: Double, _ py: Double) -> Bool {
            var odd = false
            for k in ring.indices {
                let (a, b) = (ring[k], ring[(k + 1) % ring.count])
                let (xa, ya, xb, yb) = (Double(a.0), Double(a.1), Double(b.0), Double(b.1))
                if (ya > py) != (yb > py) && px < xa + (py - ya) * (xb - xa) / (yb - ya) { odd.toggle() }
            }
            return odd
        }
        var checked = 0, differences: [String] = []
        for cx in stride(from: -2 * g, through: 32 * g, by: Int(g)) {
            for cy in stride(from: -12 * g, through: 10 * g, by: Int(g)) {
                for (dx, dy) in [(Int32(0), Int32(0)), (7, 13), (g / 2 + 3, g / 3)] {
                    let point = GeoCoordinate(latitude: Double(cy + dy) / 100_000, longitude: Double(cx + dx) / 100_000)
                    var grid: [Int] = []
                    index.forEachShape(containing: point) { grid.append($0) }
                    let plain = rings.indices.filter { inside(rings[$0], point.longitude * 100_000, point.latitude * 100_000) }
                    if grid.sorted() != plain { differences.append("\(point): grid \(grid.sorted()), ray casting \(plain)") }
                    checked += 1
                }
            }
        }
        #expect(checked == 35 * 23 * 3)
        #expect(differences.isEmpty, "\(differences.prefix(10))")
    }

    /// An index over one shape per ring (the rings closed here, as the loader does).
    private static func index(of rings: [[(Int32, Int32)]]) throws -> BoundaryIndex {
        var xs: [Int32] = [], ys: [Int32] = []
        var shapes: [BoundaryShape] = []
        for (k, ring) in rings.enumerated() {
            let start = xs.count
            for (x, y) in ring + [ring[0]] { xs.append(x); ys.append(y) }
            shapes.append(BoundaryShape(id: PlaceID(.region, "ZZ.\(k)"), country: "ZZ", areaKm2: 1, quality: "test", rings: [start..<xs.count]))
        }
        let outlines = BoundaryIndex.Outlines(shapes: shapes, xs: xs, ys: ys, decodeSeconds: 0)
        return try BoundaryIndex(outlines) { try BoundaryIndex.cornerStates(of: outlines) }
    }

    /// No two edges of one shape cross (the grid puts every pair that could in one cell).
    @Test func noShapeCrossesItself() {
        let index = Self.index
        var crossings: [String] = []
        for cell in 0..<BoundaryIndex.Grid.count {
            let edges = index.blocks(inCell: cell).flatMap { b in index.edgeBlocks[b].edges.map { (edge: $0, shape: Int(index.edgeBlocks[b].shape)) } }
            for a in edges.indices {
                for b in (a + 1)..<edges.count where edges[a].shape == edges[b].shape {
                    if properlyCross(edges[a].edge, edges[b].edge, index) { crossings.append(index.shapes[edges[a].shape].id.description) }
                }
            }
        }
        #expect(crossings.isEmpty, "self-crossing shapes: \(Set(crossings).sorted().prefix(20))")
    }

    private func properlyCross(_ i: Int, _ j: Int, _ index: BoundaryIndex) -> Bool {
        func p(_ k: Int) -> (Int64, Int64) { (Int64(index.xs[k]), Int64(index.ys[k])) }
        let (a, b, c, d) = (p(i), p(i + 1), p(j), p(j + 1))
        func orient(_ p: (Int64, Int64), _ q: (Int64, Int64), _ r: (Int64, Int64)) -> Int64 {
            let v = (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0)
            return v > 0 ? 1 : v < 0 ? -1 : 0
        }
        let (o1, o2, o3, o4) = (orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b))
        return o1 * o2 < 0 && o3 * o4 < 0
    }
}
