import Foundation

extension BoundaryIndex {
    /// The world in 0.25° cells, in the ×10⁵ integer units of the vertices.
    enum Grid {
        static let size: Int32 = 25_000
        static let columns = 1440, rows = 720
        /// 180° in vertex units. Columns clamp at ±180° rather than wrap: containment needs no
        /// more (polygons are split at the seam), and a distance search wraps on its own.
        static let halfTurn = 18_000_000.0
        static var count: Int { columns * rows }

        @inline(__always) static func column(_ x: Double) -> Int { max(0, min(columns - 1, Int(((x + 18_000_000) / Double(size)).rounded(.down)))) }
        @inline(__always) static func row(_ y: Double) -> Int { max(0, min(rows - 1, Int(((y + 9_000_000) / Double(size)).rounded(.down)))) }
        @inline(__always) static func cornerX(_ column: Int) -> Double { Double(column) * Double(size) - 18_000_000 }
        @inline(__always) static func cornerY(_ row: Int) -> Double { Double(row) * Double(size) - 9_000_000 }
        /// Exact integer versions for vertices.
        @inline(__always) static func column(_ x: Int32) -> Int { min(columns - 1, Int((x + 18_000_000) / size)) }
        @inline(__always) static func row(_ y: Int32) -> Int { min(rows - 1, Int((y + 9_000_000) / size)) }
    }

    /// Which shapes contain each cell's south-west corner (offsets per cell, relative to their
    /// row, and the shapes, as compressed rows), and how long finding out took.
    package struct CornerStates: Sendable {
        let offsets: [UInt16], rowStarts: [Int32], inside: [Int32]
        let seconds: Double
    }

    package static func cornerStates(of outlines: Outlines) throws(GridOverflow) -> CornerStates {
        let started = DispatchTime.now().uptimeNanoseconds
        let (offsets, rowStarts, inside) = try cornersInside(shapes: outlines.shapes, xs: outlines.xs, ys: outlines.ys)
        return CornerStates(offsets: offsets, rowStarts: rowStarts, inside: inside,
                            seconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
    }

    /// Which shapes contain each cell's south-west corner, by one scanline per grid row: along
    /// the row's parallel, a corner is inside a shape when an odd number of the shape's edges
    /// cross the parallel east of it (the ray-casting rule).
    static func cornersInside(shapes: [BoundaryShape], xs: [Int32], ys: [Int32]) throws(GridOverflow) -> (offsets: [UInt16], rowStarts: [Int32], inside: [Int32]) {
        // A local of the closure, not captured by it: a captured array would be checked for
        // exclusive access at run time on every append.
        let crossingsByRow = xs.withUnsafeBufferPointer { xs in ys.withUnsafeBufferPointer { ys in
            var crossingsByRow = [[(shape: Int32, x: Double)]](repeating: [], count: Grid.rows)
            for (s, shape) in shapes.enumerated() {
                for ring in shape.rings {
                    for i in ring.lowerBound..<(ring.upperBound - 1) {
                        let (ya, yb) = (Double(ys[i]), Double(ys[i + 1]))
                        guard ya != yb else { continue }
                        let (r0, r1) = minmax(Grid.row(ys[i]), Grid.row(ys[i + 1]))
                        for r in r0...r1 {
                            let y = Grid.cornerY(r)
                            guard (ya > y) != (yb > y) else { continue }
                            let (xa, xb) = (Double(xs[i]), Double(xs[i + 1]))
                            crossingsByRow[r].append((Int32(s), xa + (y - ya) * (xb - xa) / (yb - ya)))
                        }
                    }
                }
            }
            return crossingsByRow
        } }
        // Row by row, the (column, shape) pairs of the row go into the final arrays grouped by
        // column, keeping their order within a column (a counting sort over the row's columns).
        var offsets = [UInt16](repeating: 0, count: Grid.count + 1)
        var rowStarts = [Int32](repeating: 0, count: Grid.rows + 1)
        var values: [Int32] = []
        var pairs: [(column: Int32, shape: Int32)] = []
        var next = [Int32](repeating: 0, count: Grid.columns + 1)
        for r in 0..<Grid.rows {
            // Already grouped by shape (edges come in shape order): only each group needs sorting.
            var crossings = crossingsByRow[r]
            pairs.removeAll(keepingCapacity: true)
            var first = 0
            while first < crossings.count {
                var end = first
                let shape = crossings[first].shape
                while end < crossings.count && crossings[end].shape == shape { end += 1 }
                crossings[first..<end].sort { $0.x < $1.x }
                // Corners with an odd number of this shape's crossings strictly east of them.
                var k = end - 1
                while k - 1 >= first {
                    let (west, east) = (crossings[k - 1].x, crossings[k].x)
                    // corner x in [west, east): first column whose corner is ≥ west, up to the last < east.
                    let c0 = Int(((west + 18_000_000) / Double(Grid.size)).rounded(.up))
                    let c1 = Int(((east + 18_000_000) / Double(Grid.size)).rounded(.up)) - 1
                    if c0 <= c1 {
                        for c in max(0, c0)...min(Grid.columns - 1, c1) { pairs.append((Int32(c), shape)) }
                    }
                    k -= 2
                }
                first = end
            }
            guard pairs.count <= Int(UInt16.max) else { throw GridOverflow(row: r, what: "corner shapes", count: pairs.count) }
            let base = values.count
            rowStarts[r] = Int32(base)
            values.append(contentsOf: repeatElement(0, count: pairs.count))
            values.withUnsafeMutableBufferPointer { values in next.withUnsafeMutableBufferPointer { next in
                offsets.withUnsafeMutableBufferPointer { offsets in
                    next.update(repeating: 0)
                    for p in pairs { next[Int(p.column) + 1] += 1 }
                    for c in 0..<Grid.columns { next[c + 1] += next[c] }
                    for c in 0..<Grid.columns { offsets[r * Grid.columns + c] = UInt16(next[c]) }
                    for p in pairs {
                        values[base + Int(next[Int(p.column)])] = p.shape
                        next[Int(p.column)] += 1
                    }
                }
            } }
        }
        rowStarts[Grid.rows] = Int32(values.count)
        return (offsets, rowStarts, values)
    }
}

/// A row of the grid with more edge blocks or corner shapes than the 16-bit offsets of its
/// cells can count (65,535): boundaries far denser than the gazetteer's.
public struct GridOverflow: Error, CustomStringConvertible {
    public let row: Int
    public let what: String
    public let count: Int

    public var description: String { "grid row \(row) holds \(count) \(what), more than its offsets can count (65,535)" }
}

@inline(__always) func minmax(_ a: Int, _ b: Int) -> (Int, Int) { a < b ? (a, b) : (b, a) }
