import Gazetteer
import TableCache
import Testing
@testable import Boundaries

/// The gazetteer's land zones read back from their archive answer as the zones read from the
/// gazetteer; an archive whose bands or edges point outside their arrays is refused.
@Suite struct ZonePiecesArchiveTests {
    static let gazetteer = try! Gazetteer.open()

    private func archived(_ pieces: ZonePieces) -> [UInt8] {
        var writer = ArchiveWriter()
        pieces.archive(into: &writer)
        return writer.bytes
    }

    @Test func zonesReadBackAnswerAsTheZonesRead() throws {
        let zones = try ZonePieces.loadZones(from: Self.gazetteer)
        let back = try ArchiveReader.reading(archived(zones)) { try ZonePieces(unarchiving: &$0) }
        #expect(back.assignments.map(\.zone) == zones.assignments.map(\.zone))
        #expect(back.assignments.map(\.owner) == zones.assignments.map(\.owner))
        let (order, backOrder) = (ZonePieces.Cells(zones, order: zones.smallestFirst), ZonePieces.Cells(back, order: back.smallestFirst))
        var random = SystemRandomNumberGenerator()
        var differences = 0
        for _ in 0..<20_000 {
            let point = GeoCoordinate(latitude: Double.random(in: -60...75, using: &random), longitude: Double.random(in: -180..<180, using: &random))
            if zones.pieceIndex(at: point, among: order) != back.pieceIndex(at: point, among: backOrder) { differences += 1 }
        }
        #expect(differences == 0)
    }

    /// One number out of range in each array a test indexes with: each is refused.
    @Test func bandsOrEdgesOutOfRangeAreRefused() throws {
        let square: [Int32] = [0, 100_000, 100_000, 0, 0], ys: [Int32] = [0, 0, 100_000, 100_000, 0]
        let good = ZonePieces(pieces: [("Etc/Test", "region:ZZ.1", 1, [0..<5])], xs: square, ys: ys)
        _ = try ArchiveReader.reading(archived(good)) { try ZonePieces(unarchiving: &$0) }
        var edges = Array(good.bandEdges)
        edges[0] = 4   // an edge from the last vertex, which has no next one
        var starts = good.bandStarts
        starts[starts.count - 1] = Int32(edges.count + 1)
        var piece = good.pieces[0]
        piece = ZonePieces.Piece(zone: piece.zone, owner: piece.owner, areaKm2: piece.areaKm2, minX: piece.minX, minY: piece.minY,
                                 maxX: piece.maxX, maxY: piece.maxY, firstBand: piece.firstBand, bands: good.bandStarts.count)
        for bad in [ZonePieces(pieces: good.pieces, bandEdges: Column(edges), bandStarts: good.bandStarts, xs: good.xs, ys: good.ys),
                    ZonePieces(pieces: good.pieces, bandEdges: good.bandEdges, bandStarts: starts, xs: good.xs, ys: good.ys),
                    ZonePieces(pieces: [piece], bandEdges: good.bandEdges, bandStarts: good.bandStarts, xs: good.xs, ys: good.ys)] {
            #expect(throws: ArchiveError.self) { try ArchiveReader.reading(archived(bad)) { try ZonePieces(unarchiving: &$0) } }
        }
    }
}
