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
    @inline(__always) func blocks(inCell cell: Int) -> Range<Int> { range(of: cell, slot: 0) }

    @inline(__always) func hasEdges(cell: Int) -> Bool {
        cellHasEdges[cell >> 6] & (1 << UInt64(cell & 63)) != 0
    }

    /// Positions in `cellInside` of the shapes containing `cell`'s south-west corner.
    @inline(__always) func shapesInside(cell: Int) -> Range<Int> { range(of: cell, slot: 1) }

    /// From the start of `cell` to the start of the next (in the next row, past a row's end).
    @inline(__always) private func range(of cell: Int, slot: Int) -> Range<Int> {
        let (row, nextRow) = (cell / Grid.columns, (cell + 1) / Grid.columns)
        return (Int(rowStarts[2 * row + slot]) + Int(cellOffsets[2 * cell + slot]))..<(Int(rowStarts[2 * nextRow + slot]) + Int(cellOffsets[2 * cell + 2 + slot]))
    }

    /// Each edge goes to every cell its bounding box touches, as part of a block: one pass over
    /// the rings extends the cell's block of the previous edge when it has room, else opens one
    /// (``BlockBuilder``); a stable counting sort then groups the blocks by cell.
    ///
    /// Returns the blocks, ``cellHasEdges``, and ``cellOffsets`` and ``rowStarts`` with the
    /// blocks' half filled in (even slots), leaving the corner shapes' half (odd slots) to the
    /// caller: the offsets are counted in place, with no grid-sized array of their own.
    /// (Unsafe buffers: this runs over every edge at every start-up.)
    static func blocksByCell(shapes: [BoundaryShape], xs: [Int32], ys: [Int32]) throws(GridOverflow)
        -> (blocks: [EdgeBlock], offsets: [UInt16], rowStarts: [Int32], hasEdges: [UInt64]) {
        // The builder is a local of the closure, not captured by it: a captured variable would
        // be checked for exclusive access at run time on every edge.
        let (blocks, blockCell) = xs.withUnsafeBufferPointer { x in ys.withUnsafeBufferPointer { y in
            var builder = BlockBuilder(capacity: x.count / 4)
            @inline(__always) func cell(_ i: Int) -> Int { Grid.row(y[i]) * Grid.columns + Grid.column(x[i]) }
            for (s, shape) in shapes.enumerated() {
                for ring in shape.rings {
                    var cellA = cell(ring.lowerBound)
                    var i = ring.lowerBound
                    while i < ring.upperBound - 1 {
                        let cellB = cell(i + 1)
                        // Most edges continue the open block in its cell: those in a tight loop.
                        if cellA == cellB && builder.takesRun(at: i, in: cellA) {
                            i = builder.extendRun(from: i, last: ring.upperBound - 1, x: x, y: y)
                            continue
                        }
                        builder.addEdge(i, of: Int32(s), from: cellA, to: cellB, x: x, y: y)
                        i += 1
                        cellA = cellB
                    }
                }
            }
            return builder.finish()
        } }
        // Counted per row (each must fit 16 bits) and per cell; each cell's count becomes its
        // start within the row, then its cursor while the blocks are placed, which leaves it at
        // the next cell's start, so one shift per row restores the starts.
        var offsets = [UInt16](repeating: 0, count: 2 * Grid.count + 2)
        var rowStarts = [Int32](repeating: 0, count: 2 * Grid.rows + 2)
        var rowCounts = [Int](repeating: 0, count: Grid.rows)
        var hasEdges = [UInt64](repeating: 0, count: (Grid.count + 63) / 64)
        for c in blockCell {
            rowCounts[Int(c) / Grid.columns] += 1
            hasEdges[Int(c) >> 6] |= 1 << UInt64(c & 63)
            // Wrapping is harmless: a cell holds at most its row's count, checked below.
            offsets[2 * Int(c)] &+= 1
        }
        for (r, n) in rowCounts.enumerated() {
            guard n <= Int(UInt16.max) else { throw GridOverflow(row: r, what: "edge blocks", count: n) }
            rowStarts[2 * r + 2] = rowStarts[2 * r] + Int32(n)
        }
        let grouped = [EdgeBlock](unsafeUninitializedCapacity: blocks.count) { out, count in
            offsets.withUnsafeMutableBufferPointer { offsets in rowStarts.withUnsafeBufferPointer { rowStarts in
                for r in 0..<Grid.rows {
                    var start: UInt16 = 0
                    for c in (r * Grid.columns)..<((r + 1) * Grid.columns) { (offsets[2 * c], start) = (start, start &+ offsets[2 * c]) }
                }
                for (block, c) in zip(blocks, blockCell) {
                    let c = Int(c)
                    out.initializeElement(at: Int(rowStarts[2 * (c / Grid.columns)]) + Int(offsets[2 * c]), to: block)
                    offsets[2 * c] += 1
                }
                for r in 0..<Grid.rows {
                    let first = r * Grid.columns
                    for c in stride(from: first + Grid.columns - 1, to: first, by: -1) { offsets[2 * c] = offsets[2 * c - 2] }
                    offsets[2 * first] = 0
                }
            } }
            count = blocks.count
        }
        return (grouped, offsets, rowStarts, hasEdges)
    }

    /// Blocks in the order they open, each with its cell. Consecutive edges mostly stay in one
    /// cell, so the open block lives apart and joins the arrays only when the ring moves on.
    private struct BlockBuilder {
        private(set) var blocks: [EdgeBlock] = []
        private(set) var blockCell: [Int32] = []
        private var open = EdgeBlock(first: 0, end: 0, shape: -1, minX: 0, minY: 0, maxX: 0, maxY: 0)
        private var openCell = -1
        /// The blocks already in the arrays that hold the previous edge, and those that hold
        /// the edge being added, with their cells: only a block holding the previous edge can
        /// take the next one, and an edge leaves a block in the arrays only when it crosses
        /// cells, so these lists are mostly empty. (After a ring's last edge they hold blocks
        /// that no edge continues.)
        private var previous = PendingBlocks(), current = PendingBlocks()

        init(capacity: Int) {
            blocks.reserveCapacity(capacity)
            blockCell.reserveCapacity(capacity)
        }

        /// Whether edge `i`, both of whose ends lie in `cell`, is the next edge of the open
        /// block, which is in that cell and has room, with no other block waiting for a
        /// continuation: then the edge and those after it in the cell belong to the open block
        /// (``extendRun``).
        @inline(__always) func takesRun(at i: Int, in cell: Int) -> Bool {
            cell == openCell && open.end == Int32(i) && open.end - open.first < EdgeBlock.size && previous.isEmpty && current.isEmpty
        }

        /// Adds edge `i` (see ``takesRun(at:in:)``) and those after it to the open block while
        /// they stay in its cell and it has room; returns the first edge not added. An edge
        /// starts where the block ends, so only its far vertex can widen the box.
        @inline(__always) mutating func extendRun(from i: Int, last: Int, x: UnsafeBufferPointer<Int32>, y: UnsafeBufferPointer<Int32>) -> Int {
            var block = open
            var k = i
            repeat {
                block.minX = min(block.minX, x[k + 1])
                block.maxX = max(block.maxX, x[k + 1])
                block.minY = min(block.minY, y[k + 1])
                block.maxY = max(block.maxY, y[k + 1])
                k += 1
            } while k < last && k - Int(block.first) < Int(EdgeBlock.size)
                && Grid.row(y[k + 1]) * Grid.columns + Grid.column(x[k + 1]) == openCell
            block.end = Int32(k)
            open = block
            return k
        }

        /// Adds edge `i` of `shape`, from a vertex in `cellA` to one in `cellB`, to every cell
        /// its box touches. Apart from the run loop (``extendRun``), which it would crowd out of
        /// registers.
        @inline(never) mutating func addEdge(_ i: Int, of shape: Int32, from cellA: Int, to cellB: Int,
                                             x: UnsafeBufferPointer<Int32>, y: UnsafeBufferPointer<Int32>) {
            // Two-argument min and max: the three-argument ones are variadic.
            let (x0, x1) = x[i] < x[i + 1] ? (x[i], x[i + 1]) : (x[i + 1], x[i])
            let (y0, y1) = y[i] < y[i + 1] ? (y[i], y[i + 1]) : (y[i + 1], y[i])
            let edge = EdgeBlock(first: Int32(i), end: Int32(i + 1), shape: shape, minX: x0, minY: y0, maxX: x1, maxY: y1)
            nextEdge()
            if cellA == cellB {
                add(edge, to: cellA)
            } else {
                let (c0, c1) = minmax(cellA % Grid.columns, cellB % Grid.columns)
                let (r0, r1) = minmax(cellA / Grid.columns, cellB / Grid.columns)
                for r in r0...r1 { for c in c0...c1 { add(edge, to: r * Grid.columns + c) } }
            }
        }

        /// Call before adding each edge to its cells.
        mutating func nextEdge() {
            guard !previous.isEmpty || !current.isEmpty else { return }
            swap(&previous, &current)
            current.removeAll()
        }

        /// Adds a one-edge block to `cell`, merged into the cell's block of the previous edge
        /// when that one has room.
        @inline(__always) mutating func add(_ edge: EdgeBlock, to cell: Int) {
            if cell == openCell && open.end == edge.first {
                // The open block holds the previous edge, so no other block of the cell can.
                if open.end - open.first < EdgeBlock.size { return open.merge(edge) }
            } else if let p = previous.block(inCell: cell), blocks[p].continues(with: edge) {
                blocks[p].merge(edge)
                current.append((cell, p))
                return
            }
            flush(before: edge)
            open = edge
            openCell = cell
        }

        private mutating func flush(before edge: EdgeBlock) {
            guard openCell >= 0 else { return }
            if open.end == edge.end { current.append((openCell, blocks.count)) }
            else if open.end == edge.first { previous.append((openCell, blocks.count)) }
            blocks.append(open)
            blockCell.append(Int32(openCell))
        }

        mutating func finish() -> ([EdgeBlock], [Int32]) {
            flush(before: EdgeBlock(first: -1, end: -1, shape: -1, minX: 0, minY: 0, maxX: 0, maxY: 0))
            return (blocks, blockCell)
        }
    }
}

/// (cell, block) pairs that keep their storage when emptied: the lists are emptied at nearly
/// every edge that leaves its cell, where an array's `removeAll(keepingCapacity:)` cost a call
/// into its storage each time.
private struct PendingBlocks {
    private var items: [(cell: Int, block: Int)] = []
    private var count = 0

    var isEmpty: Bool { count == 0 }

    mutating func append(_ item: (cell: Int, block: Int)) {
        if count < items.count { items[count] = item } else { items.append(item) }
        count += 1
    }

    mutating func removeAll() { count = 0 }

    /// The block of `cell`, if the list has one.
    func block(inCell cell: Int) -> Int? {
        for k in 0..<count where items[k].cell == cell { return items[k].block }
        return nil
    }
}

extension BoundaryIndex.EdgeBlock {
    /// Whether the block ends where `edge` starts (in the same ring, then) and has room for it.
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
