import Testing
@testable import PhotoMetadata

@Suite struct JPEGSegmentsTests {
    private func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
        [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
    }

    @Test func exifAfterUnknownAppSegmentsIsFound() throws {
        // Phones put APP6–APP9 before APP1, which stops libexif's own file loader.
        let block = ExifFixture(latitude: 48.3028, longitude: 8.9275).exifBlock()
        let jpeg = [0xFF, 0xD8] + segment(0xE7, [UInt8](repeating: 7, count: 300)) + segment(0xE9, Array("junk".utf8))
            + segment(0xE1, Array("http://ns.adobe.com/xap/1.0/\0<x/>".utf8)) + segment(0xE1, block)
            + Array(ExifFixture.tinyJPEG.dropFirst(2))
        let segments = try JPEGSegments(reader: MemoryBytes(data: jpeg))
        #expect(segments.exif.map { Array(jpeg[$0]) } == Array(block.dropFirst(6)))
        #expect(segments.width == 16)
        let m = try MetadataReader().read(bytes: jpeg)
        #expect(abs((m.position?.latitude ?? 0) - 48.3028) < 1e-6)
    }

    @Test func fillBytesBeforeAMarkerAreSkipped() throws {
        let jpeg = [0xFF, 0xD8, 0xFF, 0xFF] + segment(0xE1, ExifFixture().exifBlock()) + Array(ExifFixture.tinyJPEG.dropFirst(2))
        #expect(try JPEGSegments(reader: MemoryBytes(data: jpeg)).exif != nil)
    }

    @Test func headerCutShortIsTruncated() {
        let cut = Array(ExifFixture.tinyJPEG.prefix(100))
        #expect(throws: MetadataError.self) { try JPEGSegments(reader: MemoryBytes(data: cut)) }
    }

    @Test func segmentLengthBelowTwoIsCorrupt() {
        #expect(throws: MetadataError.self) { try JPEGSegments(reader: MemoryBytes(data: [0xFF, 0xD8, 0xFF, 0xE1, 0, 1, 0, 0])) }
    }
}
