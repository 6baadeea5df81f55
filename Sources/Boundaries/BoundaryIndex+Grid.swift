import Foundation

extension BoundaryIndex {
    /// The world in 0.25° cells, in the ×10⁵ integer units of the vertices.
    enum Grid {
        static let size: Int32 = 25_000
        static let columns = 1440, rows = 720
        static var count: Int { columns * rows }

        @inline(__always) static func column(_ x: Double) -> Int { max(0, min(columns - 1, Int(((x + 18_000_000) / Double(size)).rounded(.down)))) }
        @inline(__always) static func row(_ y: Double) -> Int { max(0, min(rows - 1, Int(((y + 9_000_000) / Double(size)).rounded(.down)))) }
        @inline(__always) static func cornerX(_ column: Int) -> Double { Double(column) * Double(size) - 18_000_000 }
        @inline(__always) static func cornerY(_ row: Int) -> Double { Double(row) * Double(size) - 9_000_000 }
        /// Exact integer versions for vertices.
        @inline(__always) static func column(_ x: Int32) -> Int { min(columns - 1, Int((x + 18_000_000) / size)) }
        @inline(__always) static func row(_ y: Int32) -> Int { min(rows - 1, Int((y + 9_000_000) / size)) }
    }

    /// Which shapes contain each cell's south-west corner, by one scanline per grid row: along
    /// the row's parallel, a corner is inside a shape when an odd number of the shape's edges
    /// cross the parallel east of it (the ray-casting rule).
    static func cornersInside(shapes: [BoundaryShape], xs: [Int32], ys: [Int32]) -> ([Int32], [Int32]) {
        var crossingsByRow = [[(shape: Int32, x: Double)]](repeating: [], count: Grid.rows)
        xs.withUnsafeBufferPointer { xs in ys.withUnsafeBufferPointer { ys in
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
        } }
        var inside = CSRBuilder(buckets: Grid.count)
        for r in 0..<Grid.rows {
            // Already grouped by shape (edges come in shape order): only each group needs sorting.
            var crossings = crossingsByRow[r]
            var start = 0
            while start < crossings.count {
                var end = start
                while end < crossings.count && crossings[end].shape == crossings[start].shape { end += 1 }
                crossings[start..<end].sort { $0.x < $1.x }
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
