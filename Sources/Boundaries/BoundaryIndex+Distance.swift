import Foundation
import Gazetteer

extension BoundaryIndex {
    /// Kilometres per 10⁵-degree unit of latitude.
    static let kmPerUnit = GeoCoordinate.earthRadiusKm * Double.pi / 180 / 100_000

    /// The nearest edge within `radiusKm` among the shapes `filter` accepts: the shape and the
    /// distance in km. Distances use a local equirectangular projection, exact to well under
    /// 1% at the tens of kilometres this is asked for. A caller that already has
    /// `cos(latitude * .pi / 180)` passes it as `cosLatitude`, saving the cosine.
    ///
    /// The search wraps at ±180°: where the reach runs past the seam, the cells on the other
    /// side are searched too, with the point moved a full turn (so the longitude difference to
    /// their edges is the one wrapped into [-180°, 180°]). A coast at 179.99° is as near to a
    /// point at -179.99° as to one at 179.97°.
    public func nearestEdge(to coordinate: GeoCoordinate, withinKm radiusKm: Double, cosLatitude: Double? = nil,
                            where filter: (Int) -> Bool) -> (shape: Int, km: Double)? {
        let px = coordinate.longitude * 100_000, py = coordinate.latitude * 100_000
        let scale = max(cosLatitude ?? cos(coordinate.latitude * .pi / 180), 1e-6)  // x units shrink toward the poles
        let reachY = radiusKm / Self.kmPerUnit, reachX = reachY / scale
        let (r0, r1) = (Grid.row(py - reachY), Grid.row(py + reachY))
        var best: (shape: Int, km: Double)?
        var bestSquared = (radiusKm / Self.kmPerUnit) * (radiusKm / Self.kmPerUnit)
        var reach = bestSquared.squareRoot()
        /// Every edge in columns `c0...c1` of the rows in reach, measured from the point at `px`.
        @inline(__always) func search(from px: Double, columns c0: Int, _ c1: Int) {
            for r in r0...r1 {
                for c in c0...c1 {
                    let cell = r * Grid.columns + c
                    // Most cells within a few km of an inland point have no edges at all.
                    guard hasEdges(cell: cell) else { continue }
                    for b in blocks(inCell: cell) {
                        // The per-edge tests below, on the block's box: true for the box means true
                        // for every edge in it, so a skipped block held no candidate.
                        let box = edgeBlocks[b]
                        if Double(box.minY) - py > reach || Double(box.maxY) - py < -reach { continue }
                        if (Double(box.minX) - px) * scale > reach || (Double(box.maxX) - px) * scale < -reach { continue }
                        let shape = Int(box.shape)
                        guard filter(shape) else { continue }
                        for i in box.edges {
                            // Project into a plane where one unit is the same length on both axes.
                            let ay = Double(ys[i]) - py, by = Double(ys[i + 1]) - py
                            // Most edges lie wholly beyond the best distance on one axis: skip them cheaply.
                            if (ay > reach && by > reach) || (ay < -reach && by < -reach) { continue }
                            let ax = (Double(xs[i]) - px) * scale, bx = (Double(xs[i + 1]) - px) * scale
                            if (ax > reach && bx > reach) || (ax < -reach && bx < -reach) { continue }
                            let d = Self.squaredDistanceToSegment(ax, ay, bx, by)
                            guard d <= bestSquared else { continue }
                            if d < bestSquared || best.map({ Self.smaller(shape, than: $0.shape, shapes) }) ?? true {
                                bestSquared = d
                                reach = d.squareRoot()
                                best = (shape, reach * Self.kmPerUnit)
                            }
                        }
                    }
                }
            }
        }
        let (west, east) = (px - reachX, px + reachX)
        search(from: px, columns: Grid.column(west), Grid.column(east))
        // Past -180° the reach goes on at 180°, and past 180° at -180°.
        if west < -Grid.halfTurn { search(from: px + 2 * Grid.halfTurn, columns: Grid.column(west + 2 * Grid.halfTurn), Grid.columns - 1) }
        if east > Grid.halfTurn { search(from: px - 2 * Grid.halfTurn, columns: 0, Grid.column(east - 2 * Grid.halfTurn)) }
        return best
    }

    /// Squared distance from the origin to the segment a–b.
    @inline(__always)
    static func squaredDistanceToSegment(_ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
        let dx = bx - ax, dy = by - ay
        let length = dx * dx + dy * dy
        var t = length > 0 ? -(ax * dx + ay * dy) / length : 0
        t = min(1, max(0, t))
        let x = ax + t * dx, y = ay + t * dy
        return x * x + y * y
    }
}
