import Foundation
import Gazetteer
import Testing
import TableCache
@testable import Boundaries

/// The gazetteer's grid read back from its archive answers as the grid built from the polygons,
/// and an archive whose numbers point outside its arrays is refused, not trusted.
@Suite struct BoundaryIndexArchiveTests {
    static let gazetteer = try! Gazetteer.open()

    private func roundTrip<T>(_ write: (inout ArchiveWriter) -> Void, _ read: (inout ArchiveReader) throws -> T) throws -> T {
        var writer = ArchiveWriter()
        write(&writer)
        return try ArchiveReader.reading(writer.bytes) { reader in
            let value = try read(&reader)
            #expect(reader.isAtEnd)
            return value
        }
    }

    @Test func anIndexReadBackAnswersAsTheOneBuilt() throws {
        let built = try BoundaryIndex.load(from: Self.gazetteer, table: "subregion_boundaries")
        let read = try roundTrip({ built.archive(into: &$0) }, { try BoundaryIndex(unarchiving: &$0) })
        #expect(read.shapes.map(\.id) == built.shapes.map(\.id))
        #expect(read.shapes.map(\.rings) == built.shapes.map(\.rings))
        var random = SystemRandomNumberGenerator()
        var differences = 0
        for _ in 0..<20_000 {
            let point = GeoCoordinate(latitude: Double.random(in: -60...75, using: &random), longitude: Double.random(in: -180..<180, using: &random))
            var a: [Int] = [], b: [Int] = []
            built.forEachShape(containing: point) { a.append($0) }
            read.forEachShape(containing: point) { b.append($0) }
            if a != b || built.locate(point) != read.locate(point) { differences += 1 }
        }
        #expect(differences == 0)
    }

    /// One number out of range in each array a query indexes with: each is refused.
    @Test func anArchivePointingOutsideItsArraysIsRefused() throws {
        let square: [Int32] = [0, 100_000, 100_000, 0, 0]
        let ys: [Int32] = [0, 0, 100_000, 100_000, 0]
        let shape = BoundaryShape(id: PlaceID(.region, "ZZ.1"), country: "ZZ", areaKm2: 1, quality: "test", rings: [0..<5])
        let outlines = BoundaryIndex.Outlines(shapes: [shape], xs: square, ys: ys, decodeSeconds: 0)
        let good = try BoundaryIndex(outlines) { try BoundaryIndex.cornerStates(of: outlines) }
        _ = try roundTrip({ good.archive(into: &$0) }, { try BoundaryIndex(unarchiving: &$0) })
        func damaged(blocks: Column<BoundaryIndex.EdgeBlock>? = nil, inside: Column<Int32>? = nil, offsets: Column<UInt16>? = nil) -> BoundaryIndex {
            BoundaryIndex(shapes: good.shapes, xs: good.xs, ys: good.ys, cellOffsets: offsets ?? good.cellOffsets, rowStarts: good.rowStarts,
                          edgeBlocks: blocks ?? good.edgeBlocks, cellHasEdges: good.cellHasEdges, cellInside: inside ?? good.cellInside,
                          tiledCountryShape: good.tiledCountryShape, buildTimings: [])
        }
        var block = good.edgeBlocks[0]
        block.shape = 1
        var pastVertices = good.edgeBlocks[0]
        pastVertices.end = 5
        var offsets = Array(good.cellOffsets)
        offsets[offsets.count - 1] = 60_000
        for bad in [damaged(blocks: Column([block] + good.edgeBlocks.dropFirst())), damaged(blocks: Column([pastVertices] + good.edgeBlocks.dropFirst())),
                    damaged(inside: Column(Array(good.cellInside.dropLast()) + [7])), damaged(offsets: Column(offsets))] {
            #expect(throws: ArchiveError.self) { try roundTrip({ bad.archive(into: &$0) }, { try BoundaryIndex(unarchiving: &$0) }) }
        }
    }
}
