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
        var (crossings, rowFirst) = parallelCrossings(shapes: shapes, xs: xs, ys: ys)
        // Per row, each shape's crossings sorted west to east pair up into runs of columns
        // whose corners are inside (spans); counted first, so that the shapes are written once
        // into an array of the right size.
        var spans: [(first: Int32, last: Int32, shape: Int32)] = []
        var rowSpans = [Int](repeating: 0, count: Grid.rows + 1)
        var rowStarts = [Int32](repeating: 0, count: Grid.rows + 1)
        var total = 0
        for r in 0..<Grid.rows {
            var count = 0
            var first = rowFirst[r]
            while first < rowFirst[r + 1] {
                // A row's crossings are grouped by shape (edges come in shape order).
                var end = first
                let shape = crossings[first].shape
                while end < rowFirst[r + 1] && crossings[end].shape == shape { end += 1 }
                crossings[first..<end].sort { $0.x < $1.x }
                // Corners with an odd number of this shape's crossings strictly east of them:
                // corner x in [west, east), from the first column whose corner is ≥ west to the
                // last one < east.
                var k = end - 1
                while k - 1 >= first {
                    let (west, east) = (crossings[k - 1].x, crossings[k].x)
                    let c0 = max(0, Int(((west + 18_000_000) / Double(Grid.size)).rounded(.up)))
                    let c1 = min(Grid.columns - 1, Int(((east + 18_000_000) / Double(Grid.size)).rounded(.up)) - 1)
                    if c0 <= c1 {
                        spans.append((Int32(c0), Int32(c1), shape))
                        count += c1 - c0 + 1
                    }
                    k -= 2
                }
                first = end
            }
            guard count <= Int(UInt16.max) else { throw GridOverflow(row: r, what: "corner shapes", count: count) }
            rowSpans[r + 1] = spans.count
            rowStarts[r] = Int32(total)
            total += count
        }
        rowStarts[Grid.rows] = Int32(total)
        // Row by row, the shapes go into place grouped by column, in span order within a
        // column (a counting sort over the row's columns).
        var offsets = [UInt16](repeating: 0, count: Grid.count + 1)
        var next = [Int32](repeating: 0, count: Grid.columns + 1)
        let values = [Int32](unsafeUninitializedCapacity: total) { values, initialized in
            offsets.withUnsafeMutableBufferPointer { offsets in next.withUnsafeMutableBufferPointer { next in
                for r in 0..<Grid.rows {
                    let rowSpanRange = rowSpans[r]..<rowSpans[r + 1]
                    next.update(repeating: 0)
                    for span in spans[rowSpanRange] {
                        for c in Int(span.first)...Int(span.last) { next[c + 1] += 1 }
                    }
                    for c in 0..<Grid.columns { next[c + 1] += next[c] }
                    for c in 0..<Grid.columns { offsets[r * Grid.columns + c] = UInt16(next[c]) }
                    let base = Int(rowStarts[r])
                    for span in spans[rowSpanRange] {
                        for c in Int(span.first)...Int(span.last) {
                            values.initializeElement(at: base + Int(next[c]), to: span.shape)
                            next[c] += 1
                        }
                    }
                }
            } }
            initialized = total
        }
        return (offsets, rowStarts, values)
    }

    /// Where the edges cross the rows' parallels (the corners' latitudes): each crossing's
    /// shape and longitude, grouped by row (`rowFirst[r]..<rowFirst[r + 1]`), in edge order
    /// within a row. A parallel lies between an edge's ends when it lies below one end and not
    /// the other: a count per vertex of the parallels strictly below it finds the few edges
    /// that cross one, with no division per edge.
    static func parallelCrossings(shapes: [BoundaryShape], xs: [Int32], ys: [Int32]) -> (crossings: [(shape: Int32, x: Double)], rowFirst: [Int]) {
        var found: [(row: Int32, shape: Int32, x: Double)] = []
        xs.withUnsafeBufferPointer { xs in ys.withUnsafeBufferPointer { ys in
            // Parallels r (latitude Grid.cornerY(r)) with r < below(y) lie strictly below y:
            // y + 90° over the row height, rounded up. Decoded vertices lie within ±90°.
            @inline(__always) func below(_ y: Int32) -> Int {
                min(Grid.rows, max(0, (Int(y) + 9_000_000 + Int(Grid.size) - 1) / Int(Grid.size)))
            }
            for (s, shape) in shapes.enumerated() {
                for ring in shape.rings {
                    var belowA = below(ys[ring.lowerBound])
                    for i in ring.lowerBound..<(ring.upperBound - 1) {
                        let belowB = below(ys[i + 1])
                        if belowA != belowB {
                            let (xa, ya, xb, yb) = (Double(xs[i]), Double(ys[i]), Double(xs[i + 1]), Double(ys[i + 1]))
                            for r in min(belowA, belowB)..<max(belowA, belowB) {
                                let y = Grid.cornerY(r)
                                found.append((Int32(r), Int32(s), xa + (y - ya) * (xb - xa) / (yb - ya)))
                            }
                        }
                        belowA = belowB
                    }
                }
            }
        } }
        // A stable counting sort by row.
        var rowFirst = [Int](repeating: 0, count: Grid.rows + 1)
        for f in found { rowFirst[Int(f.row) + 1] += 1 }
        for r in 0..<Grid.rows { rowFirst[r + 1] += rowFirst[r] }
        var cursor = rowFirst
        let crossings = [(shape: Int32, x: Double)](unsafeUninitializedCapacity: found.count) { out, initialized in
            for f in found {
                out.initializeElement(at: cursor[Int(f.row)], to: (f.shape, f.x))
                cursor[Int(f.row)] += 1
            }
            initialized = found.count
        }
        return (crossings, rowFirst)
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
