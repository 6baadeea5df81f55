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

/// Where each `iloc` extent of a file libheif wrote keeps its fields: ftyp → meta → iloc,
/// well-formed, so the walk needs no checks beyond the test's own.
struct IlocFields {
    /// The byte positions of an extent's base offset (its item's), offset and length fields.
    struct Extent { let baseAt: Int, offsetAt: Int, lengthAt: Int }
    let extents: [Extent]
    let baseSize: Int, offsetSize: Int, lengthSize: Int

    init(_ bytes: [UInt8]) {
        func be(_ at: Int, _ size: Int) -> Int { Self.value(bytes, at: at, size: size) }
        var top = 0
        while be(top, 4) != 0, String(decoding: bytes[top + 4..<top + 8], as: UTF8.self) != "meta" { top += be(top, 4) }
        var child = top + 12
        while String(decoding: bytes[child + 4..<child + 8], as: UTF8.self) != "iloc" { child += be(child, 4) }
        var at = child + 8
        let version = Int(bytes[at])
        at += 4
        (offsetSize, lengthSize, baseSize) = (Int(bytes[at] >> 4), Int(bytes[at] & 15), Int(bytes[at + 1] >> 4))
        let indexSize = version >= 1 ? Int(bytes[at + 1] & 15) : 0
        at += 2
        let idSize = version < 2 ? 2 : 4
        let items = be(at, idSize)
        at += idSize
        var extents: [Extent] = []
        for _ in 0..<items {
            at += idSize + (version >= 1 ? 2 : 0) + 2
            let baseAt = at
            let count = be(at + baseSize, 2)
            at += baseSize + 2
            for _ in 0..<count {
                at += indexSize
                extents.append(Extent(baseAt: baseAt, offsetAt: at, lengthAt: at + offsetSize))
                at += offsetSize + lengthSize
            }
        }
        self.extents = extents
    }

    static func value(_ bytes: [UInt8], at: Int, size: Int) -> Int { (0..<size).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }

    static func write(_ value: Int, into bytes: inout [UInt8], at: Int, size: Int) {
        for i in 0..<size { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - i))) }
    }
}

@Suite struct HEIFZeroLengthExtentTests {
    /// `heic` with the length of every `iloc` extent set to 0.
    static func zeroingIlocExtentLengths(_ heic: [UInt8]) throws -> [UInt8] {
        var bytes = heic
        let iloc = IlocFields(heic)
        try #require(!iloc.extents.isEmpty && iloc.lengthSize > 0)
        for extent in iloc.extents { IlocFields.write(0, into: &bytes, at: extent.lengthAt, size: iloc.lengthSize) }
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
        // Read to the end of the file, the Exif item (written last) is whole again.
        if case .success(let m) = result, let position = m.position { #expect(abs(position.latitude - 64.1466) < 1e-6) }
        _ = try? MetadataReader().read(bytes: damaged)
    }
}

/// ISO BMFF: an `iloc` extent of length 0 runs to the end of its container. libheif 1.15 hands
/// back an empty Exif block for one; the photo must keep its position all the same.
@Suite struct HEIFExifToTheEndTests {
    /// `heic` with its Exif item moved to the end of the file and its extent length set to 0:
    /// the same photo as far as the standard goes.
    static func exifRunningToTheEnd(_ heic: [UInt8]) throws -> [UInt8] {
        var bytes = heic
        let iloc = IlocFields(heic)
        func field(_ at: Int, _ size: Int) -> Int { IlocFields.value(heic, at: at, size: size) }
        func isTIFF(_ at: Int) -> Bool { [[0x49, 0x49, 42, 0], [0x4D, 0x4D, 0, 42]].contains(Array(heic[at..<at + 4])) }
        for extent in iloc.extents {
            let offset = field(extent.baseAt, iloc.baseSize) + field(extent.offsetAt, iloc.offsetSize)
            let length = field(extent.lengthAt, iloc.lengthSize)
            // The Exif item: a 4-byte offset, then a TIFF header within its first bytes.
            guard length > 16, (4..<16).contains(where: { isTIFF(offset + $0) }) else { continue }
            IlocFields.write(0, into: &bytes, at: extent.baseAt, size: iloc.baseSize)
            IlocFields.write(heic.count, into: &bytes, at: extent.offsetAt, size: iloc.offsetSize)
            IlocFields.write(0, into: &bytes, at: extent.lengthAt, size: iloc.lengthSize)
            return bytes + heic[offset..<offset + length]
        }
        throw MetadataError(path: "", reason: .corrupt("no Exif item in the iloc"))
    }

    @Test(.enabled(if: ExifFixture.canEncodeHEVC, "this libheif has no HEVC encoder"))
    func anExifItemRunningToTheEndOfTheFileKeepsItsPosition() throws {
        let heic = try #require(ExifFixture(latitude: 64.1466, longitude: -21.9426).heic())
        let file = try TemporaryFile(try Self.exifRunningToTheEnd(heic), suffix: ".heic")
        let m = try MetadataReader().read(path: file.path)
        #expect(m.format == .heif && m.pixelWidth == 64)
        #expect(abs((m.position?.latitude ?? 0) - 64.1466) < 1e-6 && abs((m.position?.longitude ?? 0) + 21.9426) < 1e-6)
    }

    /// An Exif item that holds no TIFF structure at all is damage to report, not "no GPS".
    @Test(.enabled(if: ExifFixture.canEncodeHEVC, "this libheif has no HEVC encoder"))
    func anExifItemWithoutATIFFHeaderIsAnError() throws {
        let heic = try #require(ExifFixture(latitude: 64.1466, longitude: -21.9426).heic())
        var bytes = try Self.exifRunningToTheEnd(heic)
        for i in heic.count..<bytes.count { bytes[i] = 0 }
        let file = try TemporaryFile(bytes, suffix: ".heic")
        #expect {
            try MetadataReader().read(path: file.path)
        } throws: { ($0 as? MetadataError)?.description.contains("no TIFF header") == true }
    }
}

