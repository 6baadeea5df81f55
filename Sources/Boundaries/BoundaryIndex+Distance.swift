import Foundation
import Gazetteer

extension BoundaryIndex {
    /// Kilometres per 10⁵-degree unit of latitude.
    static let kmPerUnit = GeoCoordinate.earthRadiusKm * Double.pi / 180 / 100_000

    /// The nearest edge within `radiusKm` among the shapes `filter` accepts: the shape and the
    /// distance in km. Distances use a local equirectangular projection, exact to well under
    /// 1% at the tens of kilometres this is asked for. A caller that already has
    /// `cos(latitude * .pi / 180)` passes it as `cosLatitude`, saving the cosine.
    public func nearestEdge(to coordinate: GeoCoordinate, withinKm radiusKm: Double, cosLatitude: Double? = nil,
                            where filter: (Int) -> Bool) -> (shape: Int, km: Double)? {
        let px = coordinate.longitude * 100_000, py = coordinate.latitude * 100_000
        let scale = max(cosLatitude ?? cos(coordinate.latitude * .pi / 180), 1e-6)  // x units shrink toward the poles
        let reachY = radiusKm / Self.kmPerUnit, reachX = reachY / scale
        let (c0, c1) = (Grid.column(px - reachX), Grid.column(px + reachX))
        let (r0, r1) = (Grid.row(py - reachY), Grid.row(py + reachY))
        var best: (shape: Int, km: Double)?
        var bestSquared = (radiusKm / Self.kmPerUnit) * (radiusKm / Self.kmPerUnit)
        var reach = bestSquared.squareRoot()
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
