import Gazetteer
import Testing
@testable import Boundaries

/// Zone pieces built from rings written here, answered against containment worked out by hand.
@Suite struct ZonePiecesTests {
    /// Closed rings (first vertex repeated) of degree corners, as the loader hands them over.
    private func pieces(_ input: [(zone: String, owner: String, area: Double, rings: [[(Double, Double)]])]) -> ZonePieces {
        var xs: [Int32] = [], ys: [Int32] = []
        var shaped: [(zone: String, owner: String, areaKm2: Double, rings: [Range<Int>])] = []
        for p in input {
            var ranges: [Range<Int>] = []
            for ring in p.rings {
                let start = xs.count
                for (x, y) in ring + [ring[0]] {
                    xs.append(Int32((x * 100_000).rounded()))
                    ys.append(Int32((y * 100_000).rounded()))
                }
                ranges.append(start..<xs.count)
            }
            shaped.append((p.zone, p.owner, p.area, ranges))
        }
        return ZonePieces(pieces: shaped, xs: xs, ys: ys)
    }

    private func at(_ lat: Double, _ lon: Double) -> GeoCoordinate { GeoCoordinate(latitude: lat, longitude: lon) }

    /// A 2°-tall square spans 40 bands of 0.05°; a hole in its middle; a triangle beside it.
    @Test func pointsInsideTheRingsAndNotInTheirHoles() {
        let index = pieces([
            ("America/Denver", "region:US.AZ", 100, [[(-110, 35), (-108, 35), (-108, 37), (-110, 37)],
                                                     [(-109.5, 35.5), (-108.5, 35.5), (-108.5, 36.5), (-109.5, 36.5)]]),
            ("America/Chicago", "region:US.IN", 10, [[(-88, 38), (-87, 38), (-87.5, 39)]]),
        ])
        #expect(index.zone(at: at(35.2, -109.8), in: "region:US.AZ") == "America/Denver")
        #expect(index.zone(at: at(36.95, -108.05), in: "region:US.AZ") == "America/Denver")   // top band
        #expect(index.zone(at: at(36.0, -109.0), in: "region:US.AZ") == nil)                  // in the hole
        #expect(index.zone(at: at(34.9, -109.0), in: "region:US.AZ") == nil)                  // below
        #expect(index.zone(at: at(35.2, -107.9), in: "region:US.AZ") == nil)                  // east of it
        #expect(index.zone(at: at(35.2, -109.8), in: "region:US.NM") == nil)                  // another owner
        // The triangle's apex: inside near the axis, outside beside it at the same latitude.
        #expect(index.zone(at: at(38.9, -87.5), in: "region:US.IN") == "America/Chicago")
        #expect(index.zone(at: at(38.9, -87.2), in: "region:US.IN") == nil)
        #expect(Set(index.assignments.map(\.owner)).sorted() == ["region:US.AZ", "region:US.IN"])
    }

    /// Where two pieces of one owner overlap (zones overlap where a border is disputed), the
    /// smaller answers, whatever their order.
    @Test func theSmallerOfOverlappingPiecesAnswers() {
        let big: (String, String, Double, [[(Double, Double)]]) = ("Asia/Jerusalem", "region:PS.WE", 50, [[(35, 31.5), (35.5, 31.5), (35.5, 32), (35, 32)]])
        let small: (String, String, Double, [[(Double, Double)]]) = ("Asia/Hebron", "region:PS.WE", 5, [[(35.1, 31.6), (35.2, 31.6), (35.2, 31.7), (35.1, 31.7)]])
        for order in [[big, small], [small, big]] {
            let index = pieces(order.map { (zone: $0.0, owner: $0.1, area: $0.2, rings: $0.3) })
            #expect(index.zone(at: at(31.65, 35.15), in: "region:PS.WE") == "Asia/Hebron")
            #expect(index.zone(at: at(31.9, 35.4), in: "region:PS.WE") == "Asia/Jerusalem")
        }
    }
}
