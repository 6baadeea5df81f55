import Dispatch
import Gazetteer
import TableCache

extension BoundaryIndex {
    /// The index as ``TableCache`` keeps it: its arrays as they lie in memory, its shapes field
    /// by field. Read back by ``init(unarchiving:)``.
    public func archive(into archive: inout ArchiveWriter) {
        archive.append(strings: shapes.map(\.id.description))
        archive.append(strings: shapes.map(\.country))
        archive.append(shapes.map(\.areaKm2))
        archive.append(strings: shapes.map(\.quality))
        archive.append(shapes.map { Int32($0.rings.count) })
        archive.append(shapes.flatMap { $0.rings.flatMap { [Int64($0.lowerBound), Int64($0.upperBound)] } })
        archive.append(xs)
        archive.append(ys)
        archive.append(cellOffsets)
        archive.append(rowStarts)
        archive.append(edgeBlocks)
        archive.append(cellHasEdges)
        archive.append(cellInside)
        archive.append(tiledCountryShape)
    }

    /// An index as ``archive(into:)`` wrote it, checked so that no query can read outside its
    /// arrays: every shape, ring, block and cell range must lie within them.
    public convenience init(unarchiving archive: inout ArchiveReader) throws {
        let started = DispatchTime.now().uptimeNanoseconds
        let ids = try archive.strings(), countries = try archive.strings(), areas = try archive.array(of: Double.self)
        let qualities = try archive.strings(), ringCounts = try archive.array(of: Int32.self), bounds = try archive.array(of: Int64.self)
        let xs = try archive.column(of: Int32.self), ys = try archive.column(of: Int32.self)
        func damaged(_ what: String) -> ArchiveError { ArchiveError(offset: 0, reason: "boundary index: \(what)") }
        let n = ids.count
        guard countries.count == n, areas.count == n, qualities.count == n, ringCounts.count == n, xs.count == ys.count,
              bounds.count == 2 * ringCounts.reduce(0, { $0 + max(0, Int($1)) }) else { throw damaged("the shapes' columns disagree") }
        var shapes: [BoundaryShape] = []
        shapes.reserveCapacity(n)
        var next = 0
        for s in 0..<n {
            guard let id = PlaceID(ids[s]) else { throw damaged("shape \(ids[s])") }
            var rings: [Range<Int>] = []
            for _ in 0..<Int(ringCounts[s]) {
                let (lower, upper) = (Int(bounds[next]), Int(bounds[next + 1]))
                guard lower >= 0, lower < upper, upper <= xs.count else { throw damaged("a ring of \(id) outside the vertices") }
                rings.append(lower..<upper)
                next += 2
            }
            shapes.append(BoundaryShape(id: id, country: countries[s], areaKm2: areas[s], quality: qualities[s], rings: rings))
        }
        let cellOffsets = try archive.column(of: UInt16.self), rowStarts = try archive.array(of: Int32.self)
        let edgeBlocks = try archive.column(of: EdgeBlock.self), cellHasEdges = try archive.array(of: UInt64.self)
        let cellInside = try archive.column(of: Int32.self), tiled = try archive.array(of: Int32.self)
        guard cellOffsets.count == 2 * Grid.count + 2, rowStarts.count == 2 * Grid.rows + 2,
              cellHasEdges.count == (Grid.count + 63) / 64, tiled.count == n else { throw damaged("the grid's sizes") }
        guard edgeBlocks.allSatisfy({ $0.first >= 0 && $0.first <= $0.end && Int($0.end) < xs.count && $0.shape >= 0 && Int($0.shape) < n }),
              cellInside.allSatisfy({ $0 >= 0 && Int($0) < n }), tiled.allSatisfy({ $0 >= -1 && Int($0) < n }) else {
            throw damaged("an edge block or a shape number out of range")
        }
        // Each slot's cell ranges (as ``blocks(inCell:)`` and ``shapesInside(cell:)`` make them)
        // must run forward within their array: a cell's range ends where the next one starts,
        // in the next row for a row's last cell. Two million cells, read through a pointer.
        for (slot, count) in [(0, edgeBlocks.count), (1, cellInside.count)] {
            let ordered = cellOffsets.withUnsafeBufferPointer { offsets in
                var end = 0
                for row in 0..<Grid.rows {
                    let base = Int(rowStarts[2 * row + slot])
                    for cell in (row * Grid.columns)..<((row + 1) * Grid.columns) {
                        let lower = base + Int(offsets[2 * cell + slot])
                        guard lower >= end, lower <= count else { return false }
                        end = lower
                    }
                }
                // The last cell ends at the row past the grid's start plus the closing offset.
                let last = Int(rowStarts[2 * Grid.rows + slot]) + Int(offsets[2 * Grid.count + slot])
                return last >= end && last <= count
            }
            guard ordered else { throw damaged("the cells' ranges in slot \(slot)") }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        self.init(shapes: shapes, xs: xs, ys: ys, cellOffsets: cellOffsets, rowStarts: rowStarts, edgeBlocks: edgeBlocks,
                  cellHasEdges: cellHasEdges, cellInside: cellInside, tiledCountryShape: tiled,
                  buildTimings: [("read from the cache", seconds)])
    }

    /// The index of `table` from `cache`, else decoded and built from the gazetteer and then
    /// kept in `cache` for the next process.
    public static func load(from gazetteer: Gazetteer, table: String = "boundaries", cache: TableCache?) throws -> BoundaryIndex {
        try TableCache.table(table, in: cache, decode: { try BoundaryIndex(unarchiving: &$0) },
                             derive: { try load(from: gazetteer, table: table) }, encode: { $0.archive(into: &$1) })
    }
}
