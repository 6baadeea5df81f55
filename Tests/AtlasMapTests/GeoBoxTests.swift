import Testing
@testable import AtlasMap

@Suite struct GeoBoxTests {
    @Test func aBoxHoldsItsPointsAndGrows() {
        let box = GeoBox(points: [(4.8, 45.7), (-9.1, 38.7), (9.2, 45.5)])
        #expect(box == GeoBox(west: -9.1, south: 38.7, east: 9.2, north: 45.7))
        let padded = box.padded(by: 0.5)
        #expect(padded.west < -9.1 - 9 && padded.east > 9.2 + 9)       // half the width on each side
        #expect(padded.contains(longitude: 0, latitude: 42) && !box.contains(longitude: 10, latitude: 42))
    }

    @Test func aSingleCityIsShownWithItsSurroundings() {
        let lyon = GeoBox(points: [(4.85, 45.75)]).padded(by: 0, minimum: 6)
        #expect(abs((lyon.east - lyon.west) - 6) < 1e-9 && abs((lyon.north - lyon.south) - 3) < 1e-9)
    }

    @Test func paddingStopsAtTheEdgesOfTheWorld() {
        let fiji = GeoBox(west: 177, south: -19, east: 179.9, north: -16).padded(by: 1, minimum: 10)
        #expect(fiji.east == 180 && fiji.west > 160)
        #expect(GeoBox(points: []) == .world)
    }

    /// Fiji to Samoa and Tonga is 11° across the antimeridian, not 349° the other way.
    @Test func aBoxAcrossTheAntimeridianIsTheNarrowOne() {
        let nadi = (177.44, -17.76), apia = (-171.77, -13.83), nukualofa = (-175.2, -21.14)
        let pacific = GeoBox(enclosing: [nadi, apia, nukualofa])
        #expect(abs(pacific.west - 177.44) < 1e-9 && abs(pacific.east - 188.23) < 1e-9 && pacific.crossesAntimeridian)
        #expect(pacific.south == -21.14 && pacific.north == -13.83)
        // Padding keeps it across, not clamped at 180.
        let padded = pacific.padded(by: 0.2, minimum: 6)
        #expect(padded.west < 177.44 && padded.east > 188.23 && padded.crossesAntimeridian)
        // Lyon and Lisbon stay a plain box; one point is its own box.
        #expect(GeoBox(enclosing: [(4.85, 45.75), (-9.14, 38.72)]) == GeoBox(points: [(4.85, 45.75), (-9.14, 38.72)]))
        #expect(GeoBox(enclosing: [(100, 10)]) == GeoBox(west: 100, south: 10, east: 100, north: 10))
        // A trip round the world is the plain box.
        let round = GeoBox(enclosing: [(0, 0), (90, 0), (180, 0), (-90, 0)])
        #expect(!round.crossesAntimeridian && round.east - round.west == 270)
    }
}
