extension BoundaryIndex {
    /// A run of up to ``size`` consecutive entries of one cell's edge list, all of one shape,
    /// with the box around them: a query skips the whole run when the box is out of reach or the
    /// shape does not count, instead of testing each edge.
    ///
    /// A cell lists its edges in edge order, and a shape's edges are consecutive in that order,
    /// so a run is a stretch of one ring, and its box is tight.
    ///
    /// ```swift
    /// for b in blocks(of: cell) where index.edgeBlocks[b].maxY > cy { ... }
    /// ```
    struct EdgeBlock: Sendable {
        static let size = 16
        /// Position of its first edge in `cellEdges`; the block ends where the next one starts.
        var first: Int32
        var shape: Int32
        var minX: Int32, minY: Int32, maxX: Int32, maxY: Int32
    }

    /// Positions in `cellEdges` of the edges crossing `cell`.
    func edges(inCell cell: Int) -> Range<Int> {
        Int(edgeBlocks[Int(cellBlockStart[cell])].first)..<Int(edgeBlocks[Int(cellBlockStart[cell + 1])].first)
    }

    /// Cuts each cell's edge list into blocks (`cellBlockStart` has a block range per cell; the
    /// last block is a sentinel that starts at the end of `cellEdges`).
    static func blocksByCell(xs: [Int32], ys: [Int32], edgeShape: [Int32], cellEdgeStart: [Int32], cellEdges: [Int32]) -> ([Int32], [EdgeBlock]) {
        var cellBlockStart = [Int32](repeating: 0, count: Grid.count + 1)
        var blocks: [EdgeBlock] = []
        blocks.reserveCapacity(cellEdges.count / 4)
        xs.withUnsafeBufferPointer { x in ys.withUnsafeBufferPointer { y in edgeShape.withUnsafeBufferPointer { shape in
            cellEdges.withUnsafeBufferPointer { edges in cellEdgeStart.withUnsafeBufferPointer { start in
                for cell in 0..<Grid.count {
                    cellBlockStart[cell] = Int32(blocks.count)
                    var k = Int(start[cell])
                    let end = Int(start[cell + 1])
                    while k < end {
                        let s = shape[Int(edges[k])]
                        var block = EdgeBlock(first: Int32(k), shape: s, minX: .max, minY: .max, maxX: .min, maxY: .min)
                        let last = min(end, k + EdgeBlock.size)
                        while k < last && shape[Int(edges[k])] == s {
                            let i = Int(edges[k])
                            // Two-argument min and max: the three-argument ones are variadic.
                            let (x0, x1) = x[i] < x[i + 1] ? (x[i], x[i + 1]) : (x[i + 1], x[i])
                            let (y0, y1) = y[i] < y[i + 1] ? (y[i], y[i + 1]) : (y[i + 1], y[i])
                            block.minX = min(block.minX, x0)
                            block.maxX = max(block.maxX, x1)
                            block.minY = min(block.minY, y0)
                            block.maxY = max(block.maxY, y1)
                            k += 1
                        }
                        blocks.append(block)
                    }
                }
            } }
        } } }
        cellBlockStart[Grid.count] = Int32(blocks.count)
        blocks.append(EdgeBlock(first: Int32(cellEdges.count), shape: -1, minX: 0, minY: 0, maxX: 0, maxY: 0))
        return (cellBlockStart, blocks)
    }
}
