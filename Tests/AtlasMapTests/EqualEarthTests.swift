import Foundation
import Testing
@testable import AtlasMap

/// The projection against published values and against what equal area means.
@Suite struct EqualEarthTests {
    /// WGS84's authalic radius: the sphere of the ellipsoid's area, on which PROJ's ellipsoidal
    /// Equal Earth has the same edge as the spherical one.
    static let authalicRadius: Double = {
        let a = 6_378_137.0, f = 1 / 298.257223563
        let e = (f * (2 - f)).squareRoot()
        let q = 1 + (1 - e * e) / (2 * e) * log((1 + e) / (1 - e))
        return a * (q / 2).squareRoot()
    }()

    @Test func theMapsEdgeIsPROJsAndThePapersAspectRatio() {
        // PROJ (cartopy's tests): x limits ±17,243,959.0622169 m, y limits ±8,392,927.59846646 m.
        #expect(abs(EqualEarth.halfWidth * Self.authalicRadius - 17_243_959.0622169) < 0.01)
        #expect(abs(EqualEarth.halfHeight * Self.authalicRadius - 8_392_927.59846646) < 0.01)
        #expect(abs(EqualEarth.halfWidth / EqualEarth.halfHeight - 2.05458) < 0.000005)
    }

    @Test func bandsOfLatitudeKeepTheirShareOfTheSphere() {
        // A band's area on the map, integrated over its height, against 2π(sin φ₂ − sin φ₁).
        for (south, north) in [(-90.0, 90.0), (0.0, 30.0), (45.0, 60.0), (-80.0, -10.0)] {
            var area = 0.0
            let steps = 20_000
            for i in 0..<steps {
                let (a, b) = (south + (north - south) * Double(i) / Double(steps), south + (north - south) * Double(i + 1) / Double(steps))
                let (pa, pb) = (EqualEarth.project(longitude: 180, latitude: a), EqualEarth.project(longitude: 180, latitude: b))
                area += (pa.x + pb.x) * (pb.y - pa.y)   // width 2x, trapezoid of the two edges
            }
            let sphere = 2 * Double.pi * (sin(north * .pi / 180) - sin(south * .pi / 180))
            #expect(abs(area - sphere) / sphere < 1e-4, "\(south)…\(north): \(area) vs \(sphere)")
        }
    }

    @Test func symmetryAndStraightParallels() {
        let tokyo = EqualEarth.project(longitude: 139.69, latitude: 35.69)
        let mirrored = EqualEarth.project(longitude: -139.69, latitude: -35.69)
        #expect(tokyo.x == -mirrored.x && tokyo.y == -mirrored.y)
        #expect(EqualEarth.project(longitude: 10, latitude: 35.69).y == tokyo.y)
        #expect(EqualEarth.project(longitude: 0, latitude: 0) == (0, 0))
    }
}
