import Gazetteer

extension ZonePieces {
    /// The pieces of a list whose bounding boxes reach each cell of a 1° grid, in the list's
    /// order: a point at sea, which asks every land zone of the world in turn, tests the few
    /// whose boxes reach its cell instead of four hundred boxes. The first piece of the list
    /// containing a point is the first of its cell's that does.
    ///
    /// ```swift
    /// let cells = ZonePieces.Cells(zones, order: zones.smallestFirst)
    /// zones.pieceIndex(at: coordinate, among: cells)   // as zones.pieceIndex(at: coordinate, amongPieces: order)
    /// ```
    ///
    /// Immutable; safe to share between threads.
    public struct Cells: Sendable {
        private static let rows = 180, columns = 360
        /// Where each cell's pieces start in `members` (one more entry than cells).
        private let starts: [Int32]
        private let members: [Int32]

        public init(_ zones: ZonePieces, order: [Int]) {
            // Each box widened by a cell on every side: a coordinate in its box by the test in
            // 10⁻⁵ degrees may round into the next cell in degrees.
            func cells(_ k: Int) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>) {
                let p = zones.pieces[k]
                let r0 = Self.row(Double(p.minY) / 100_000) - 1, r1 = Self.row(Double(p.maxY) / 100_000) + 1
                let c0 = Self.column(Double(p.minX) / 100_000) - 1, c1 = Self.column(Double(p.maxX) / 100_000) + 1
                return (max(0, r0)...min(Self.rows - 1, r1), max(0, c0)...min(Self.columns - 1, c1))
            }
            // A counting sort: a count per cell, the counts summed into starts, then each piece
            // at its cells' cursors, in the list's order.
            var cursor = [Int32](repeating: 0, count: Self.rows * Self.columns + 1)
            for k in order {
                let (rows, columns) = cells(k)
                for r in rows { for c in columns { cursor[r * Self.columns + c + 1] += 1 } }
            }
            for i in 1..<cursor.count { cursor[i] += cursor[i - 1] }
            starts = cursor
            var members = [Int32](repeating: 0, count: Int(cursor[cursor.count - 1]))
            for k in order {
                let (rows, columns) = cells(k)
                for r in rows {
                    for c in columns {
                        members[Int(cursor[r * Self.columns + c])] = Int32(k)
                        cursor[r * Self.columns + c] += 1
                    }
                }
            }
            self.members = members
        }

        /// The pieces whose boxes may hold `coordinate`, in the list's order.
        func candidates(at coordinate: GeoCoordinate) -> ArraySlice<Int32> {
            let cell = Self.row(coordinate.latitude) * Self.columns + Self.column(coordinate.longitude)
            return members[Int(starts[cell])..<Int(starts[cell + 1])]
        }

        private static func row(_ latitude: Double) -> Int { min(rows - 1, max(0, Int((latitude + 90).rounded(.down)))) }
        private static func column(_ longitude: Double) -> Int { min(columns - 1, max(0, Int((longitude + 180).rounded(.down)))) }
    }

    /// ``pieceIndex(at:amongPieces:)`` for the list `cells` was made of.
    public func pieceIndex(at coordinate: GeoCoordinate, among cells: Cells) -> Int? {
        pieceIndex(at: coordinate, amongPieces: cells.candidates(at: coordinate).lazy.map { Int($0) })
    }
}
