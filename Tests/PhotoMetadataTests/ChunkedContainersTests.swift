import Testing
@testable import PhotoMetadata

@Suite struct ChunkedContainersTests {
    @Test func pngExifChunk() throws {
        let fixture = ExifFixture()
        #expect(try ChunkedContainers.pngExif(reader: MemoryBytes(data: fixture.png())) == fixture.tiff())
    }

    @Test func pngWithoutExifEndsAtIEND() throws {
        var png = ExifFixture().png()
        // Rename eXIf to an ancillary chunk nobody reads.
        let at = png.indices.first { Array(png[$0..<$0 + 4]) == Array("eXIf".utf8) }!
        png.replaceSubrange(at..<at + 4, with: Array("tEXt".utf8))
        #expect(try ChunkedContainers.pngExif(reader: MemoryBytes(data: png)) == nil)
    }

    @Test func pngCutBeforeIENDIsTruncated() {
        let png = Array(ExifFixture().png().prefix(40))
        #expect(throws: MetadataError.self) { try ChunkedContainers.pngExif(reader: MemoryBytes(data: png)) }
    }

    @Test(arguments: [false, true])
    func webpExifChunkWithOrWithoutPrefix(prefixed: Bool) throws {
        let fixture = ExifFixture()
        #expect(try ChunkedContainers.webpExif(reader: MemoryBytes(data: fixture.webp(prefixed: prefixed))) == fixture.tiff())
    }
}
