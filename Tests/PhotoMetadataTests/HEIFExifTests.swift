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

@Suite struct HEIFZeroLengthExtentTests {
    /// `heic` with the length of every `iloc` extent set to 0. Walks ftyp → meta → iloc of a
    /// file libheif wrote (well-formed, so the walk needs no checks beyond the test's own).
    static func zeroingIlocExtentLengths(_ heic: [UInt8]) throws -> [UInt8] {
        var bytes = heic
        func be(_ at: Int, _ size: Int) -> Int { (0..<size).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
        var top = 0
        while be(top, 4) != 0, String(decoding: bytes[top + 4..<top + 8], as: UTF8.self) != "meta" { top += be(top, 4) }
        var child = top + 12
        while String(decoding: bytes[child + 4..<child + 8], as: UTF8.self) != "iloc" { child += be(child, 4) }
        var at = child + 8
        let version = Int(bytes[at])
        at += 4
        let (offsetSize, lengthSize, baseSize) = (Int(bytes[at] >> 4), Int(bytes[at] & 15), Int(bytes[at + 1] >> 4))
        let indexSize = version >= 1 ? Int(bytes[at + 1] & 15) : 0
        at += 2
        let idSize = version < 2 ? 2 : 4
        let items = be(at, idSize)
        at += idSize
        var zeroed = 0
        for _ in 0..<items {
            at += idSize + (version >= 1 ? 2 : 0) + 2 + baseSize
            let extents = be(at, 2)
            at += 2
            for _ in 0..<extents {
                at += indexSize + offsetSize
                for i in 0..<lengthSize { bytes[at + i] = 0 }
                at += lengthSize
                zeroed += 1
            }
        }
        try #require(zeroed > 0 && lengthSize > 0)
        return bytes
    }

    /// libheif 1.15 asks for a zero-byte read into a NULL buffer for such extents; refusing it
    /// made libheif fail an assertion (box.cc:1143) and abort the whole process.
    @Test(.enabled(if: ExifFixture.canEncodeHEVC, "this libheif has no HEVC encoder"))
    func zeroLengthIlocExtentsAreAnErrorOrAResultNotAnAbort() throws {
        let heic = try #require(ExifFixture(latitude: 64.1466, longitude: -21.9426).heic())
        let damaged = try Self.zeroingIlocExtentLengths(heic)
        #expect(damaged != heic)
        let file = try TemporaryFile(damaged, suffix: ".heic")
        // Either outcome is fine; what matters is that this line returns.
        let result = Result { () throws(MetadataError) in try MetadataReader().read(path: file.path) }
        if case .success(let m) = result { #expect(m.position == nil) }
        _ = try? MetadataReader().read(bytes: damaged)
    }
}
