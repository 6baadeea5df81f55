extension BoundaryIndex {
    /// Up to ``size`` consecutive edges of one ring that touch one cell, with the box around
    /// them: a query skips the whole block when the box is out of reach or the shape does not
    /// count, instead of testing each edge, and reads the edges it does test in vertex order.
    ///
    /// ```swift
    /// for b in blocks(inCell: cell) where index.edgeBlocks[b].maxY > cy {
    ///     for i in index.edgeBlocks[b].edges { /* vertex i to vertex i + 1 */ }
    /// }
    /// ```
    struct EdgeBlock: Sendable {
        static let size: Int32 = 16
        /// Edge i runs from vertex i to vertex i + 1; the block holds edges `first..<end`.
        var first: Int32, end: Int32
        var shape: Int32
        var minX: Int32, minY: Int32, maxX: Int32, maxY: Int32

        var edges: Range<Int> { Int(first)..<Int(end) }
    }

    /// Positions in `edgeBlocks` of the blocks of `cell`.
    @inline(__always) func blocks(inCell cell: Int) -> Range<Int> {
        Int(cellRanges[2 * cell])..<Int(cellRanges[2 * cell + 2])
    }

    @inline(__always) func hasEdges(cell: Int) -> Bool {
        cellHasEdges[cell >> 6] & (1 << UInt64(cell & 63)) != 0
    }

    /// Positions in `cellInside` of the shapes containing `cell`'s south-west corner.
    @inline(__always) func shapesInside(cell: Int) -> Range<Int> {
        Int(cellRanges[2 * cell + 1])..<Int(cellRanges[2 * cell + 3])
    }

    /// Each edge goes to every cell its bounding box touches, as part of a block: one pass over
    /// the rings extends the cell's latest block when the edge continues it, else opens one
    /// (``BlockBuilder``); a stable counting sort then groups the blocks by cell (`start` has a
    /// range per cell). (Unsafe buffers: this runs over every edge at every start-up.)
    static func blocksByCell(shapes: [BoundaryShape], xs: [Int32], ys: [Int32]) -> (start: [Int32], blocks: [EdgeBlock]) {
        // The builder is a local of the closure, not captured by it: a captured variable would
        // be checked for exclusive access at run time on every edge.
        let (blocks, blockCell) = xs.withUnsafeBufferPointer { x in ys.withUnsafeBufferPointer { y in
            var builder = BlockBuilder(capacity: x.count / 4)
            @inline(__always) func cell(_ i: Int) -> Int { Grid.row(y[i]) * Grid.columns + Grid.column(x[i]) }
            for (s, shape) in shapes.enumerated() {
                for ring in shape.rings {
                    var cellA = cell(ring.lowerBound)
                    for i in ring.lowerBound..<(ring.upperBound - 1) {
                        let cellB = cell(i + 1)
                        // Two-argument min and max: the three-argument ones are variadic.
                        let (x0, x1) = x[i] < x[i + 1] ? (x[i], x[i + 1]) : (x[i + 1], x[i])
                        let (y0, y1) = y[i] < y[i + 1] ? (y[i], y[i + 1]) : (y[i + 1], y[i])
                        let edge = EdgeBlock(first: Int32(i), end: Int32(i + 1), shape: Int32(s), minX: x0, minY: y0, maxX: x1, maxY: y1)
                        if cellA == cellB {
                            builder.add(edge, to: cellA)
                        } else {
                            let (c0, c1) = minmax(cellA % Grid.columns, cellB % Grid.columns)
                            let (r0, r1) = minmax(cellA / Grid.columns, cellB / Grid.columns)
                            for r in r0...r1 { for c in c0...c1 { builder.add(edge, to: r * Grid.columns + c) } }
                        }
                        cellA = cellB
                    }
                }
            }
            return builder.finish()
        } }
        var start = [Int32](repeating: 0, count: Grid.count + 1)
        let grouped = [EdgeBlock](unsafeUninitializedCapacity: blocks.count) { out, count in
            start.withUnsafeMutableBufferPointer { start in
                for c in blockCell { start[Int(c) + 1] += 1 }
                for c in 0..<Grid.count { start[c + 1] += start[c] }
                var next = Array(start)
                for (block, c) in zip(blocks, blockCell) {
                    out.initializeElement(at: Int(next[Int(c)]), to: block)
                    next[Int(c)] += 1
                }
            }
            count = blocks.count
        }
        return (start, grouped)
    }

    /// Blocks in the order they open, each with its cell. Consecutive edges mostly stay in one
    /// cell, so the open block lives apart and joins the arrays only when the ring moves on.
    private struct BlockBuilder {
        var blocks: [EdgeBlock] = []
        var blockCell: [Int32] = []
        /// Cell → its latest block in `blocks`, or -1.
        var latest = [Int32](repeating: -1, count: Grid.count)
        var open = EdgeBlock(first: 0, end: 0, shape: -1, minX: 0, minY: 0, maxX: 0, maxY: 0)
        var openCell = -1

        init(capacity: Int) {
            blocks.reserveCapacity(capacity)
            blockCell.reserveCapacity(capacity)
        }

        /// Adds a one-edge block to `cell`, merged into the block it continues if any. A block
        /// ending where the edge starts is of the edge's ring: rings do not share edges.
        @inline(__always) mutating func add(_ edge: EdgeBlock, to cell: Int) {
            if cell == openCell && open.end == edge.first {
                // The open block holds the previous edge, so no other block of the cell can.
                if open.end - open.first < EdgeBlock.size { return open.merge(edge) }
            } else {
                let b = Int(latest[cell])
                if b >= 0 && blocks[b].continues(with: edge) { return blocks[b].merge(edge) }
            }
            flush()
            open = edge
            openCell = cell
        }

        private mutating func flush() {
            guard openCell >= 0 else { return }
            latest[openCell] = Int32(blocks.count)
            blocks.append(open)
            blockCell.append(Int32(openCell))
        }

        mutating func finish() -> ([EdgeBlock], [Int32]) {
            flush()
            return (blocks, blockCell)
        }
    }
}

extension BoundaryIndex.EdgeBlock {
    @inline(__always) func continues(with edge: Self) -> Bool {
        end == edge.first && end - first < Self.size
    }

    /// Takes in the edge that follows. (Two-argument min and max: the three-argument ones are
    /// variadic.)
    @inline(__always) mutating func merge(_ edge: Self) {
        end = edge.end
        minX = min(minX, edge.minX)
        maxX = max(maxX, edge.maxX)
        minY = min(minY, edge.minY)
        maxY = max(maxY, edge.maxY)
    }
}
