import Foundation
import Testing
@testable import AtlasMap

/// Shapes into SVG path data (``MapFrame``).
@Suite struct MapFrameTests {
    let frame = MapFrame(width: 1000)

    /// The points of path data, from its numbers.
    func points(_ d: String) -> [[(Double, Double)]] {
        var pieces: [[(Double, Double)]] = []
        let scanner = Scanner(string: d)
        while !scanner.isAtEnd {
            guard let command = scanner.scanCharacter() else { break }
            if command == "Z" { continue }
            if command == "M" { pieces.append([]) }
            guard let x = scanner.scanDouble(), let y = scanner.scanDouble() else { break }
            pieces[pieces.count - 1].append((x, y))
        }
        return pieces
    }

    @Test func theWorldFillsThePicture() {
        let (west, east) = (frame.point(longitude: -180, latitude: 0), frame.point(longitude: 180, latitude: 0))
        let (north, south) = (frame.point(longitude: 0, latitude: 90), frame.point(longitude: 0, latitude: -90))
        #expect(abs(west.x) < 1e-9 && abs(east.x - 1000) < 1e-9 && abs(west.y - frame.height / 2) < 1e-9)
        #expect(abs(north.y) < 1e-9 && abs(south.y - frame.height) < 1e-9 && abs(north.x - 500) < 1e-9)
        // Tokyo lies east of the centre and north of the equator: right and up in the picture.
        let tokyo = frame.point(longitude: 139.69, latitude: 35.69)
        #expect(tokyo.x > 500 && tokyo.y < frame.height / 2)
    }

    @Test func aRingOnOneSideIsOnePiece() {
        let italy = [(6.6, 45.0), (13.0, 45.0), (13.0, 38.0), (6.6, 38.0)]
        let pieces = points(frame.path([italy]))
        #expect(pieces.count == 1 && pieces[0].count == 4)
        let expected = italy.map { frame.point(longitude: $0.0, latitude: $0.1) }
        for (p, e) in zip(pieces[0], expected) { #expect(abs(p.0 - e.x) <= 0.05 && abs(p.1 - e.y) <= 0.05) }
    }

    @Test func aRingAcrossTheAntimeridianIsDrawnOnBothEdgesNotAcrossTheWorld() {
        // Fiji's Vanua Levu reaches past 180°: written with longitudes jumping from 179.9 to -179.9.
        let ring = [(178.5, -16.0), (179.9, -16.2), (-179.9, -16.5), (-179.8, -16.9), (178.5, -17.0)]
        let pieces = points(frame.path([ring]))
        #expect(pieces.count == 2)
        for piece in pieces {
            // No edge spans half the world: each piece hugs one edge of the map.
            let xs = piece.map(\.0)
            #expect(xs.max()! - xs.min()! < 20, "\(xs)")
        }
        #expect(pieces[0].allSatisfy { $0.0 > 900 } && pieces[1].allSatisfy { $0.0 < 100 || $0.0 > 900 })
        #expect(pieces.flatMap { $0 }.contains { $0.0 < 100 })
    }

    @Test func theSameShapeGivesTheSameBytes() {
        let ring = [(-0.00001, 0.00001), (10, 0), (10, 10)]
        #expect(frame.path([ring]) == frame.path([ring]) && !frame.path([ring]).contains("-0.0 ") && !frame.path([ring]).contains("e"))
        #expect(MapFrame.number(-0.04) == "0.0" && MapFrame.number(12.345) == "12.3" && MapFrame.number(1e-20) == "0.0")
        #expect(frame.path([[(0, 0), (1, 1)]]).isEmpty)
        #expect(frame.outline.hasPrefix("M") && frame.outline.hasSuffix("Z"))
    }

    /// A thinned outline keeps fewer points, none closer than the spacing, and no spacing is
    /// the plain path.
    @Test func aThinnedPathKeepsPointsApart() {
        let frame = MapFrame(width: 1000)
        let ring = (0...100).map { (Double($0) * 0.01, sin(Double($0)) * 0.01) } + [(1.0, 5.0), (0.0, 5.0)]
        #expect(frame.path([ring], spacing: 0) == frame.path([ring]))
        let thin = frame.path([ring], spacing: 1)
        #expect(thin.filter { $0 == "L" }.count < 6 && thin.hasPrefix("M") && thin.hasSuffix("Z"))
    }
}
