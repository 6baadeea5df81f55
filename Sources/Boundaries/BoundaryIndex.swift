import Foundation
import Gazetteer
import TableCache

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
    let xs: Column<Int32>, ys: Column<Int32>
    /// Per cell, two offsets side by side, so that one memory read finds both: where the cell's
    /// blocks start in `edgeBlocks`, and where the shapes containing its south-west corner
    /// start in `cellInside`, each counted from its row's start in ``rowStarts`` so that 16
    /// bits hold it (2 × cells + 2 entries; see ``blocks(inCell:)``). Half the 8 MB of 32-bit
    /// offsets, filled at every load.
    let cellOffsets: Column<UInt16>
    /// Per row, where its blocks and its corner shapes start (2 × rows + 2 entries).
    let rowStarts: [Int32]
    let edgeBlocks: Column<EdgeBlock>
    /// A bit per cell, set when edges cross it: 128 KB that stay in cache, where a read of
    /// `cellOffsets` for an empty cell would miss it.
    let cellHasEdges: [UInt64]
    let cellInside: Column<Int32>
    /// Seconds each building phase took: decoding, edge blocks, corner states, waiting for them.
    public let buildTimings: [(phase: String, seconds: Double)]
    /// Region shape → the shape of its country when that country is answered through its
    /// regions (no rings of its own), else -1: a lookup by index, not by country code, per point.
    let tiledCountryShape: [Int32]

    /// What contains a point: indices into ``shapes`` (the smallest country and region).
    public struct Hit: Sendable, Equatable {
        public var country: Int?
        public var region: Int?

        public init(country: Int? = nil, region: Int? = nil) {
            self.country = country
            self.region = region
        }
    }

    /// Builds the grid over decoded outlines: the edge blocks here, then the corner states from
    /// `cornerStates`, which may have been building them on another thread meanwhile.
    package init(_ outlines: Outlines, cornerStates: () throws -> CornerStates) throws {
        let (shapes, xs, ys) = (outlines.shapes, outlines.xs, outlines.ys)
        self.shapes = shapes
        self.xs = Column(xs)
        self.ys = Column(ys)
        let countryShape = Dictionary(shapes.indices.filter { shapes[$0].id.kind == .country }.map { (shapes[$0].country, $0) }, uniquingKeysWith: min)
        tiledCountryShape = shapes.map { shape in
            guard shape.id.kind == .region, let country = countryShape[shape.country], shapes[country].rings.isEmpty else { return -1 }
            return Int32(country)
        }
        let t0 = DispatchTime.now().uptimeNanoseconds
        var (offsets, starts): ([UInt16], [Int32])
        let blocks: [EdgeBlock]
        (blocks, offsets, starts, cellHasEdges) = try Self.blocksByCell(shapes: shapes, xs: xs, ys: ys)
        edgeBlocks = Column(blocks)
        let t1 = DispatchTime.now().uptimeNanoseconds
        let corners = try cornerStates()
        let t2 = DispatchTime.now().uptimeNanoseconds
        cellInside = Column(corners.inside)
        offsets.withUnsafeMutableBufferPointer { offsets in corners.offsets.withUnsafeBufferPointer { corner in
            for c in 0...Grid.count { offsets[2 * c + 1] = corner[c] }
        } }
        for r in 0...Grid.rows { starts[2 * r + 1] = corners.rowStarts[r] }
        (cellOffsets, rowStarts) = (Column(offsets), starts)
        buildTimings = [("decode", outlines.decodeSeconds), ("edge blocks", Double(t1 - t0) / 1e9),
                        ("corner states (on either core)", corners.seconds), ("waiting for them", Double(t2 - t1) / 1e9)]
    }

    /// An index from its parts as ``archive(into:)`` keeps them, already checked.
    init(shapes: [BoundaryShape], xs: Column<Int32>, ys: Column<Int32>, cellOffsets: Column<UInt16>, rowStarts: [Int32], edgeBlocks: Column<EdgeBlock>,
         cellHasEdges: [UInt64], cellInside: Column<Int32>, tiledCountryShape: [Int32], buildTimings: [(phase: String, seconds: Double)]) {
        (self.shapes, self.xs, self.ys, self.cellOffsets, self.rowStarts) = (shapes, xs, ys, cellOffsets, rowStarts)
        (self.edgeBlocks, self.cellHasEdges, self.cellInside, self.tiledCountryShape) = (edgeBlocks, cellHasEdges, cellInside, tiledCountryShape)
        self.buildTimings = buildTimings
    }

    // MARK: - Queries

    /// The smallest country and region polygons containing `coordinate` (area, then identifier,
    /// break ties).
    public func locate(_ coordinate: GeoCoordinate) -> Hit {
        var hit = Hit()
        // The shapes read through a pointer: a closure that read them through `self` retained
        // and released the index, which every answering thread shares, at every point.
        shapes.withUnsafeBufferPointer { shapes in
            forEachShape(containing: coordinate) { s in
                // The kind read in place: a copy of the shape would retain its strings and rings.
                switch shapes[s].id.kind {
                case .country: if hit.country.map({ Self.smaller(s, than: $0, shapes) }) ?? true { hit.country = s }
                case .region: if hit.region.map({ Self.smaller(s, than: $0, shapes) }) ?? true { hit.region = s }
                default: break
                }
            }
        }
        // A country answered through its regions has no outline of its own in the grid.
        if hit.country == nil, let region = hit.region, tiledCountryShape[region] >= 0 {
            hit.country = Int(tiledCountryShape[region])
        }
        return hit
    }

    static func smaller(_ a: Int, than b: Int, _ shapes: [BoundaryShape]) -> Bool {
        shapes.withUnsafeBufferPointer { smaller(a, than: b, $0) }
    }

    static func smaller(_ a: Int, than b: Int, _ shapes: UnsafeBufferPointer<BoundaryShape>) -> Bool {
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
            for k in shapesInside(cell: cell) {
                if let j = slot(cellInside[k]) { buffer[j].inside = true }
            }
            for b in blocks(inCell: cell) {
                // A crossing lies within its edge's box (the rounded interpolation cannot leave
                // it), so a block whose box misses both legs holds no crossing.
                let box = edgeBlocks[b]
                let (minX, minY, maxX, maxY) = (Double(box.minX), Double(box.minY), Double(box.maxX), Double(box.maxY))
                let eastLeg = minY <= cy && maxY > cy && maxX > cx && minX <= px
                let northLeg = minX <= px && maxX > px && maxY > cy && minY <= py
                guard eastLeg || northLeg else { continue }
                var flips = false
                for i in box.edges {
                    let (xa, ya, xb, yb) = (Double(xs[i]), Double(ys[i]), Double(xs[i + 1]), Double(ys[i + 1]))
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
                }
                if flips, let j = slot(box.shape) { buffer[j].inside.toggle() }
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
