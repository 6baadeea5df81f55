import Testing
@testable import PhotoMetadata

@Suite struct HEIFExifTests {
    private let tiff = ExifFixture().tiff()

    @Test func offsetSixSkipsTheExifHeader() {
        let item = be32(6) + Array("Exif".utf8) + [0, 0] + tiff
        #expect(HEIFExif.tiff(inExifItem: item) == tiff)
    }

    @Test func offsetZeroIsTheTIFFHeaderItself() {
        #expect(HEIFExif.tiff(inExifItem: be32(0) + tiff) == tiff)
    }

    @Test func offsetTenSkipsAJPEGStyleHeader() {
        let item = be32(10) + [0xFF, 0xD8, 0xFF, 0xE1, 0x12, 0x34] + Array("Exif".utf8) + [0, 0] + tiff
        #expect(HEIFExif.tiff(inExifItem: item) == tiff)
    }

    @Test func aWrongOffsetFallsBackToTheFirstTIFFHeader() {
        #expect(HEIFExif.tiff(inExifItem: be32(99) + Array("Exif".utf8) + [0, 0] + tiff) == tiff)
        #expect(HEIFExif.tiff(inExifItem: be32(0) + [1, 2, 3, 4]) == nil)
    }
}
