import Foundation
import Gazetteer

/// Every country and region polygon of the gazetteer with a grid over the world that answers
/// "which polygons contain this point?" touching only the few edges near the point.
///
/// Each 0.25° cell keeps the polygons that contain its south-west corner and the edges that
/// cross it. A point's answer is the corner's, flipped once per edge crossed on the way from
/// the corner to the point — first east along the corner's parallel, then north along the
/// point's meridian — so interior cells cost no edge test at all. Crossings follow the same
/// half-open rules as ray casting, so the answer equals a plain point-in-polygon test.
///
/// ```swift
/// let index = try BoundaryIndex.load(from: gazetteer)
/// let hit = index.locate(GeoCoordinate(latitude: 52.52, longitude: 13.405))
/// index.shapes[hit.region!].id   // region:DE.16
/// ```
///
/// Immutable after loading: safe to share between threads.
public final class BoundaryIndex: Sendable {
    public let shapes: [BoundaryShape]
    /// Vertex coordinates (×10⁵ degrees), every ring closed by repeating its first vertex.
    let xs: [Int32], ys: [Int32]
    /// The shape each edge (a vertex and the next) belongs to; -1 on a ring's closing vertex.
    let edgeShape: [Int32]
    let grid: Grid
    /// Cell → edges crossing it (CSR).
    let cellEdgeStart: [Int32], cellEdges: [Int32]
    /// Cell → shapes containing its south-west corner (CSR).
    let cellInsideStart: [Int32], cellInside: [Int32]

    /// The world in 0.25° cells, in the ×10⁵ integer units of the vertices.
    struct Grid: Sendable {
        static let size: Int32 = 25_000
        static let columns = 1440, rows = 720
        static var count: Int { columns * rows }

        @inline(__always) static func column(_ x: Double) -> Int { max(0, min(columns - 1, Int(((x + 18_000_000) / Double(size)).rounded(.down)))) }
        @inline(__always) static func row(_ y: Double) -> Int { max(0, min(rows - 1, Int(((y + 9_000_000) / Double(size)).rounded(.down)))) }
        @inline(__always) static func cornerX(_ column: Int) -> Double { Double(column) * Double(size) - 18_000_000 }
        @inline(__always) static func cornerY(_ row: Int) -> Double { Double(row) * Double(size) - 9_000_000 }
    }

    /// What contains a point: indices into ``shapes`` (the smallest country and region).
    public struct Hit: Sendable, Equatable {
        public var country: Int?
        public var region: Int?

        public init(country: Int? = nil, region: Int? = nil) {
            self.country = country
            self.region = region
        }
    }

    /// Decodes every boundary of the gazetteer and builds the grid.
    public static func load(from gazetteer: Gazetteer) throws -> BoundaryIndex {
        var shapes: [BoundaryShape] = []
        var xs: [Int32] = [], ys: [Int32] = [], edgeShape: [Int32] = []
        try gazetteer.withDatabase { db in
            let rows = try db.prepare("SELECT id, country, area_km2, quality, vertices, geometry FROM boundaries ORDER BY id")
            while try rows.step() {
                guard let text = rows.string(0), let id = PlaceID(text) else { continue }
                let polygons: [[[SIMD2<Int32>]]]
                do {
                    polygons = try rows.withBlob(5) { try GeometryBlob.decode($0) }
                } catch {
                    throw GazetteerError(path: gazetteer.path, reason: "boundary \(text): \(error)")
                }
                let shapeIndex = Int32(shapes.count)
                var ringRanges: [Range<Int>] = []
                for ring in polygons.joined() {
                    let start = xs.count
                    for p in ring + [ring[0]] { xs.append(p.x); ys.append(p.y); edgeShape.append(shapeIndex) }
                    edgeShape[edgeShape.count - 1] = -1
                    ringRanges.append(start..<xs.count)
                }
                shapes.append(BoundaryShape(id: id, country: rows.string(1) ?? "", areaKm2: rows.double(2),
                                            quality: rows.string(3) ?? "none", rings: ringRanges))
            }
        }
        return BoundaryIndex(shapes: shapes, xs: xs, ys: ys, edgeShape: edgeShape)
    }

    init(shapes: [BoundaryShape], xs: [Int32], ys: [Int32], edgeShape: [Int32]) {
        self.shapes = shapes
        self.xs = xs
        self.ys = ys
        self.edgeShape = edgeShape
        grid = Grid()
        (cellEdgeStart, cellEdges) = Self.edgesByCell(xs: xs, ys: ys, edgeShape: edgeShape)
        (cellInsideStart, cellInside) = Self.cornersInside(xs: xs, ys: ys, edgeShape: edgeShape)
    }

    // MARK: - Building the grid

    /// Each edge goes to every cell its bounding box touches.
    private static func edgesByCell(xs: [Int32], ys: [Int32], edgeShape: [Int32]) -> ([Int32], [Int32]) {
        var pairs = CSRBuilder(buckets: Grid.count)
        for i in 0..<(xs.count - 1) where edgeShape[i] >= 0 {
            let (c0, c1) = minmax(Grid.column(Double(xs[i])), Grid.column(Double(xs[i + 1])))
            let (r0, r1) = minmax(Grid.row(Double(ys[i])), Grid.row(Double(ys[i + 1])))
            for r in r0...r1 { for c in c0...c1 { pairs.add(Int32(i), to: r * Grid.columns + c) } }
        }
        return pairs.build()
    }

    /// Which shapes contain each cell's south-west corner, by one scanline per grid row: along
    /// the row's parallel, a corner is inside a shape when an odd number of the shape's edges
    /// cross the parallel east of it (the ray-casting rule).
    private static func cornersInside(xs: [Int32], ys: [Int32], edgeShape: [Int32]) -> ([Int32], [Int32]) {
        var crossingsByRow = [[(shape: Int32, x: Double)]](repeating: [], count: Grid.rows)
        for i in 0..<(xs.count - 1) where edgeShape[i] >= 0 {
            let (ya, yb) = (Double(ys[i]), Double(ys[i + 1]))
            guard ya != yb else { continue }
            let (r0, r1) = minmax(Grid.row(ya), Grid.row(yb))
            for r in r0...min(r1 + 1, Grid.rows - 1) {
                let y = Grid.cornerY(r)
                guard (ya > y) != (yb > y) else { continue }
                let (xa, xb) = (Double(xs[i]), Double(xs[i + 1]))
                crossingsByRow[r].append((edgeShape[i], xa + (y - ya) * (xb - xa) / (yb - ya)))
            }
        }
        var inside = CSRBuilder(buckets: Grid.count)
        for r in 0..<Grid.rows {
            let crossings = crossingsByRow[r].sorted { $0.shape != $1.shape ? $0.shape < $1.shape : $0.x < $1.x }
            var start = 0
            while start < crossings.count {
                var end = start
                while end < crossings.count && crossings[end].shape == crossings[start].shape { end += 1 }
                // Corners with an odd number of this shape's crossings strictly east of them.
                var k = end - 1
                while k - 1 >= start {
                    let (west, east) = (crossings[k - 1].x, crossings[k].x)
                    // corner x in [west, east): first column whose corner is ≥ west, up to the last < east.
                    let first = Int(((west + 18_000_000) / Double(Grid.size)).rounded(.up))
                    let last = Int(((east + 18_000_000) / Double(Grid.size)).rounded(.up)) - 1
                    if first <= last {
                        for c in max(0, first)...min(Grid.columns - 1, last) { inside.add(crossings[start].shape, to: r * Grid.columns + c) }
                    }
                    k -= 2
                }
                start = end
            }
        }
        return inside.build()
    }

    // MARK: - Queries

    /// The smallest country and region polygons containing `coordinate` (area, then identifier,
    /// break ties).
    public func locate(_ coordinate: GeoCoordinate) -> Hit {
        var hit = Hit()
        forEachShape(containing: coordinate) { s in
            let shape = shapes[s]
            switch shape.id.kind {
            case .country: if hit.country.map({ Self.smaller(s, than: $0, shapes) }) ?? true { hit.country = s }
            case .region: if hit.region.map({ Self.smaller(s, than: $0, shapes) }) ?? true { hit.region = s }
            default: break
            }
        }
        return hit
    }

    static func smaller(_ a: Int, than b: Int, _ shapes: [BoundaryShape]) -> Bool {
        shapes[a].areaKm2 != shapes[b].areaKm2 ? shapes[a].areaKm2 < shapes[b].areaKm2 : shapes[a].id < shapes[b].id
    }

    /// Calls `body` with every shape whose polygon contains the point.
    public func forEachShape(containing coordinate: GeoCoordinate, _ body: (Int) -> Void) {
        let px = coordinate.longitude * 100_000, py = coordinate.latitude * 100_000
        let column = Grid.column(px), row = Grid.row(py)
        let cell = row * Grid.columns + column
        let cx = Grid.cornerX(column), cy = Grid.cornerY(row)

        // Parity per candidate shape: the corner's state, flipped per crossing on the two legs.
        // A cell meets a handful of shapes; past 32 (never seen) the others are tested whole.
        withUnsafeTemporaryAllocation(of: (shape: Int32, inside: Bool).self, capacity: 32) { buffer in
            var count = 0
            var overflow: [Int32] = []
            /// The buffer slot of `shape`, or nil when it is (or now goes) on the overflow list.
            func slot(_ shape: Int32) -> Int? {
                for j in 0..<count where buffer[j].shape == shape { return j }
                if count < buffer.count {
                    buffer[count] = (shape, false)
                    count += 1
                    return count - 1
                }
                if !overflow.contains(shape) { overflow.append(shape) }
                return nil
            }
            for k in Int(cellInsideStart[cell])..<Int(cellInsideStart[cell + 1]) {
                if let j = slot(cellInside[k]) { buffer[j].inside = true }
            }
            for k in Int(cellEdgeStart[cell])..<Int(cellEdgeStart[cell + 1]) {
                let i = Int(cellEdges[k])
                let (xa, ya, xb, yb) = (Double(xs[i]), Double(ys[i]), Double(xs[i + 1]), Double(ys[i + 1]))
                var flips = false
                // East along y = cy from cx to px: crossings with x in (cx, px].
                if (ya > cy) != (yb > cy) {
                    let x = xa + (cy - ya) * (xb - xa) / (yb - ya)
                    if x > cx && x <= px { flips.toggle() }
                }
                // North along x = px from cy to py: crossings with y in (cy, py].
                if (xa > px) != (xb > px) {
                    let y = ya + (px - xa) * (yb - ya) / (xb - xa)
                    if y > cy && y <= py { flips.toggle() }
                }
                if flips, let j = slot(edgeShape[i]) { buffer[j].inside.toggle() }
            }
            for j in 0..<count where buffer[j].inside { body(Int(buffer[j].shape)) }
            for shape in overflow where contains(Int(shape), px, py) { body(Int(shape)) }
        }
    }

    /// Plain ray casting over a whole shape: the fallback for a cell crowded past the buffer.
    func contains(_ shape: Int, _ px: Double, _ py: Double) -> Bool {
        var inside = false
        for ring in shapes[shape].rings {
            for i in ring.lowerBound..<(ring.upperBound - 1) {
                let (xa, ya, xb, yb) = (Double(xs[i]), Double(ys[i]), Double(xs[i + 1]), Double(ys[i + 1]))
                if (ya > py) != (yb > py), px < xa + (py - ya) * (xb - xa) / (yb - ya) { inside.toggle() }
            }
        }
        return inside
    }
}

@inline(__always) func minmax(_ a: Int, _ b: Int) -> (Int, Int) { a < b ? (a, b) : (b, a) }

/// Collects (bucket, value) pairs and packs them as compressed sparse rows.
struct CSRBuilder {
    private var buckets: [Int32] = []
    private var values: [Int32] = []
    private let count: Int

    init(buckets: Int) { count = buckets }

    mutating func add(_ value: Int32, to bucket: Int) {
        buckets.append(Int32(bucket))
        values.append(value)
    }

    /// Offsets (count + 1) and the values grouped by bucket, in insertion order within a bucket.
    func build() -> ([Int32], [Int32]) {
        var start = [Int32](repeating: 0, count: count + 1)
        for b in buckets { start[Int(b) + 1] += 1 }
        for i in 0..<count { start[i + 1] += start[i] }
        var next = start
        var out = [Int32](repeating: 0, count: values.count)
        for (b, v) in zip(buckets, values) {
            out[Int(next[Int(b)])] = v
            next[Int(b)] += 1
        }
        return (start, out)
    }
}
