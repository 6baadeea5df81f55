import Gazetteer
import SyntheticPhotos
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

    /// Filed by 1° cells, the pieces answer as the whole list does: at every point of a lattice
    /// over them and around, on the cells' edges (whole degrees, which the boxes' edges here lie
    /// on) and a hair to either side of them; and far from every box, a cell holds none.
    @Test func piecesFiledByCellAnswerAsTheWholeList() {
        let zones = pieces([
            ("Big/Zone", "country:AA", 500, [[(-10, -5), (10, -5), (10, 5), (-10, 5)]]),
            ("Small/Zone", "country:BB", 5, [[(-2, -1), (2, -1), (2, 1), (-2, 1)]]),
            ("Thin/Zone", "country:CC", 1, [[(3.3, -4.7), (9.9, 4.1), (9.8, 4.2)]]),
            ("Edge/Zone", "country:DD", 50, [[(11, -3), (14, -3), (14, 0), (11, 0)], [(12, -2), (13, -2), (13, -1), (12, -1)]]),
        ])
        let order = zones.smallestFirst
        let cells = ZonePieces.Cells(zones, order: order)
        var latitudes: [Double] = [], longitudes: [Double] = []
        for tenth in stride(from: -70, through: 70, by: 3) { latitudes.append(Double(tenth) / 10) }
        for tenth in stride(from: -130, through: 160, by: 3) { longitudes.append(Double(tenth) / 10) }
        for whole in -8...16 { for hair in [-1e-9, 0, 1e-9] { latitudes.append(Double(whole) + hair); longitudes.append(Double(whole) + hair) } }
        var found = 0
        for lat in latitudes where (-90...90).contains(lat) {
            for lon in longitudes {
                let point = at(lat, lon)
                let expected = zones.pieceIndex(at: point, amongPieces: order)
                #expect(zones.pieceIndex(at: point, among: cells) == expected, "\(lat), \(lon)")
                if expected != nil { found += 1 }
            }
        }
        #expect(found > 1_000)
        #expect(zones.pieceIndex(at: at(0, 0), among: cells).map { zones.assignments[$0].zone } == "Small/Zone")
        #expect(cells.candidates(at: at(40, 100)).isEmpty && cells.candidates(at: at(-89.9, -179.9)).isEmpty)
        #expect(cells.candidates(at: at(0.5, 0.5)).map { zones.assignments[Int($0)].zone } == ["Small/Zone", "Big/Zone"])
    }
}

/// The band filing against a plain one worked out edge by edge: a band lists, in ring order,
/// every edge whose latitude span reaches it.
@Suite struct ZonePiecesFilingTests {
    @Test func everyBandListsTheEdgesThatReachIt() {
        var generator = SplitMix64(seed: 7)
        func next(below bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        var xs: [Int32] = [], ys: [Int32] = []
        var input: [(zone: String, owner: String, areaKm2: Double, rings: [Range<Int>])] = []
        for piece in 0..<40 {
            var rings: [Range<Int>] = []
            for _ in 0..<(1 + piece % 3) {
                let start = xs.count
                let (cx, cy) = (Int32(next(below: 2_000_000)) - 1_000_000, Int32(next(below: 1_000_000)) - 500_000)
                let count = 3 + next(below: 30)
                for _ in 0..<count {
                    // Edges from a hair to a few bands tall, some exactly on a band's edge.
                    xs.append(cx + Int32(next(below: 60_000)))
                    ys.append(cy + Int32(next(below: 12)) * (next(below: 2) == 0 ? 5_000 : 1_237))
                }
                xs.append(xs[start]); ys.append(ys[start])
                rings.append(start..<xs.count)
            }
            input.append(("Zone/\(piece)", "country:\(piece % 5)", Double(piece), rings))
        }
        input.append(("Empty/Zone", "country:X", 1, []))
        let zones = ZonePieces(pieces: input, xs: xs, ys: ys)
        #expect(zones.pieces.count == 40)
        for (k, p) in input.dropLast().enumerated() {
            let piece = zones.pieces[k]
            let points = p.rings.flatMap { Array($0) }
            #expect(piece.minY == points.map { ys[$0] }.min() && piece.maxX == points.map { xs[$0] }.max())
            for band in 0..<piece.bands {
                let bottom = piece.minY + Int32(band) * 5_000, top = bottom + 5_000
                var expected: [Int32] = []
                for ring in p.rings {
                    for i in ring.lowerBound..<(ring.upperBound - 1) {
                        let (low, high) = (min(ys[i], ys[i + 1]), max(ys[i], ys[i + 1]))
                        // Reaches [bottom, top): its span meets the band, a top on the band's top excluded.
                        if low < top && high >= bottom { expected.append(Int32(i)) }
                    }
                }
                let listed = zones.bandEdges[Int(zones.bandStarts[piece.firstBand + band])..<Int(zones.bandStarts[piece.firstBand + band + 1])]
                #expect(Array(listed) == expected, "piece \(k) band \(band)")
            }
        }
        #expect(zones.bandStarts.last.map(Int.init) == zones.bandEdges.count)
    }
}

