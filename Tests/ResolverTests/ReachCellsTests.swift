import Foundation
import Testing
@testable import Resolver

/// A clear cell must be right: no point of a set reaches it. Checked against the great-circle
/// distance the searches use, around points near the equator, the antimeridian and a pole,
/// with reaches from an airport's to a metropolis's.
@Suite struct ReachCellsTests {
    static let centres: [(latitude: Double, longitude: Double, reachKm: Double)] = [
        (0.1, 10.2, 4), (48.85, 2.35, 25), (35.68, 139.77, 60), (-33.9, 179.95, 30), (71.0, -179.9, 40), (88.5, 45, 20),
    ]

    @Test func everyPointWithinReachIsInAMarkedCell() {
        let cells = ReachCells(latitudes: Self.centres.map(\.latitude), longitudes: Self.centres.map(\.longitude),
                               reachDegrees: Self.centres.map { $0.reachKm / PointIndex.kmPerDegree })
        var random = SystemRandomNumberGenerator()
        for centre in Self.centres {
            let c = PointQuery(latitude: centre.latitude, longitude: centre.longitude)
            let box = 1.5 * centre.reachKm / PointIndex.kmPerDegree
            var (inside, outside) = (0, 0)
            for _ in 0..<4_000 {
                let latitude = max(-90, min(90, centre.latitude + Double.random(in: -box...box, using: &random)))
                let spread = min(180, box / max(0.05, cos(latitude * .pi / 180)))
                var longitude = centre.longitude + Double.random(in: -spread...spread, using: &random)
                longitude = longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude
                let p = PointQuery(latitude: latitude, longitude: longitude)
                let chord = (p.x - c.x) * (p.x - c.x) + (p.y - c.y) * (p.y - c.y) + (p.z - c.z) * (p.z - c.z)
                guard PointStorage.kilometres(squaredChord: chord) <= centre.reachKm else { outside += 1; continue }
                inside += 1
                #expect(cells.mayReach(latitude: latitude, longitude: longitude), "\(latitude), \(longitude) near \(centre)")
            }
            #expect(inside > 100 && outside > 100)
        }
        // Far from all of them: clear.
        #expect(!cells.mayReach(latitude: 20, longitude: -40))
        #expect(!cells.mayReach(latitude: 48.85, longitude: 4.0))
    }
}
