import Foundation
import Testing
@testable import PhotoMetadata

@Suite struct BMFFItemsTests {
    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(UInt32(body.count + 8)) + Array(type.utf8) + body }
    private func fullBox(_ type: String, version: UInt8, _ body: [UInt8]) -> [UInt8] { box(type, [version, 0, 0, 0] + body) }

    /// ftyp + meta(iinf(infe Exif), iloc) + mdat holding the Exif item, as a camera lays it out.
    private func file(exifItem: [UInt8], declaredLength: Int? = nil) -> [UInt8] {
        let ftyp = box("ftyp", Array("heicmif1heic".utf8))
        let infe = fullBox("infe", version: 2, [0, 1, 0, 0] + Array("Exif".utf8) + [0])
        let iinf = fullBox("iinf", version: 0, [0, 1] + infe)
        func iloc(offset: Int) -> [UInt8] {
            fullBox("iloc", version: 0, [0x44, 0x00, 0, 1, 0, 1, 0, 0, 0, 1] + be32(UInt32(offset)) + be32(UInt32(declaredLength ?? exifItem.count)))
        }
        let metaLength = fullBox("meta", version: 0, iinf + iloc(offset: 0)).count
        let mdatOffset = ftyp.count + metaLength + 8
        return ftyp + fullBox("meta", version: 0, iinf + iloc(offset: mdatOffset)) + box("mdat", exifItem)
    }

    @Test func findsTheExifItemThroughIinfAndIloc() throws {
        let item = be32(6) + Array("Exif".utf8) + [0, 0] + ExifFixture().tiff()
        let items = try BMFFItems(reader: MemoryBytes(data: file(exifItem: item)))
        #expect(try items.exifItem() == item)
    }

    /// ISO/IEC 14496-12 8.11.3: an extent length of 0 is the whole rest of the referenced data.
    @Test func anExtentOfLengthZeroRunsToTheEndOfTheFile() throws {
        let item = be32(6) + Array("Exif".utf8) + [0, 0] + ExifFixture().tiff()
        let items = try BMFFItems(reader: MemoryBytes(data: file(exifItem: item, declaredLength: 0)))
        #expect(try items.exifItem() == item)
    }

    @Test func noMetaBoxIsCorrupt() {
        #expect(throws: MetadataError.self) { try BMFFItems(reader: MemoryBytes(data: box("ftyp", Array("heic".utf8)))) }
    }

    @Test func extentBeyondTheFileIsTruncated() throws {
        var bytes = file(exifItem: [UInt8](repeating: 1, count: 64))
        bytes.removeLast(10)
        let items = try BMFFItems(reader: MemoryBytes(data: bytes))
        #expect(throws: MetadataError.self) { try items.exifItem() }
    }

    /// Found by the fuzzer: 8-byte iloc fields whose sum overflowed.
    @Test func hugeIlocOffsetsAreCorruptNotACrash() {
        let input = Array(Data(base64Encoded: "AAAAHGZ0eXBoZWljAgAAAG1pZjFoZWljbWlhZgAAAkNtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAAAAAAAA5waXRtAAAAAAABAAAANGlsb2MDO4M/gYIAEgODgYIAEwODgYIAFCwDg4GCABUDg4GCABYDg4GCABcDg4GCABgDg4GCABkDg4GCABoDg4GCABsAAAAAAAAH2gAAADZpaQgAAAAAAAAAAAA1IADIYz+xKftgXw==")!)
        #expect(throws: MetadataError.self) { try MetadataReader().read(bytes: input) }
    }
}

/// The fallback box parser on hostile `meta` boxes: every one ends in an error, none traps or
/// allocates by what a count claims.
@Suite struct BMFFItemsHardeningTests {
    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(UInt32(body.count + 8)) + Array(type.utf8) + body }
    private func fullBox(_ type: String, version: UInt8, _ body: [UInt8]) -> [UInt8] { box(type, [version, 0, 0, 0] + body) }
    private let ftyp = [0, 0, 0, 24] + Array("ftypheic".utf8) + [0, 0, 0, 0] + Array("mif1heic".utf8)

    /// The 44-byte file of the issue: `meta` ends with an 8-byte `iinf` that has no body.
    @Test func emptyIinfAtTheEndOfMetaIsAnErrorNotATrap() throws {
        let file = ftyp + fullBox("meta", version: 0, box("iinf", []))
        #expect(file.count == 44)
        #expect(throws: MetadataError.self) { try MetadataReader().read(bytes: file) }
        #expect(try BMFFItems(reader: MemoryBytes(data: file)).exifItem() == nil)
    }

    @Test(arguments: [0, 1, 4, 7])
    func emptyOrShortInfeIsSkipped(infeBodyBytes: Int) throws {
        // The infe of version 2 cut to its first bytes; the body is the last thing in `meta`.
        let infe = box("infe", Array(([2, 0, 0, 0, 0, 1, 0, 0] + Array("Exif".utf8)).prefix(infeBodyBytes)))
        let file = ftyp + fullBox("meta", version: 0, fullBox("iinf", version: 0, [0, 1] + infe))
        #expect(try BMFFItems(reader: MemoryBytes(data: file)).exifItem() == nil)
        #expect(throws: MetadataError.self) { try MetadataReader().read(bytes: file) }
    }

    /// An iloc claiming 65,535 extents per item whose fields all have size 0: before the cap, a
    /// 12 KB box asked for 2 GB and seconds of work.
    @Test func ilocClaimingMillionsOfEmptyExtentsFailsFast() throws {
        let items: [UInt8] = (0..<2000).flatMap { (i: Int) -> [UInt8] in [UInt8(i >> 8), UInt8(i & 0xFF), 0, 0, 0xFF, 0xFF] }
        let iloc = fullBox("iloc", version: 0, [0x00, 0x00, 0x07, 0xD0] + items)
        let file = ftyp + fullBox("meta", version: 0, iloc)
        let clock = ContinuousClock()
        let started = clock.now
        #expect(throws: MetadataError(path: "", reason: .corrupt("iloc claims 65535 extents for item 0 in 11994 bytes"))) {
            try BMFFItems(reader: MemoryBytes(data: file))
        }
        #expect(throws: MetadataError.self) { try MetadataReader().read(bytes: file) }
        #expect(clock.now - started < .seconds(1))
    }

    @Test func ilocClaimingMoreItemsThanItsBytesHoldIsCorrupt() {
        // Version 2: a 32-bit item count of 4 billion in a box of a few bytes.
        let iloc = fullBox("iloc", version: 2, [0x44, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0, 1])
        #expect(throws: MetadataError(path: "", reason: .corrupt("iloc claims 4294967295 items in 4 bytes"))) {
            try BMFFItems(reader: MemoryBytes(data: ftyp + fullBox("meta", version: 0, iloc)))
        }
    }

    @Test func ilocFieldSizesOutsideTheStandardAreCorrupt() {
        // offset_size 15: the standard allows 0, 4 and 8.
        let iloc = fullBox("iloc", version: 0, [0xF4, 0x00, 0, 1, 0, 1, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 19))
        #expect(throws: MetadataError(path: "", reason: .corrupt("iloc field size 15"))) {
            try BMFFItems(reader: MemoryBytes(data: ftyp + fullBox("meta", version: 0, iloc)))
        }
    }

    @Test func idatExtentOutsideTheIdatIsCorrupt() throws {
        let infe = fullBox("infe", version: 2, [0, 1, 0, 0] + Array("Exif".utf8) + [0])
        let iinf = fullBox("iinf", version: 0, [0, 1] + infe)
        // Version 1, construction method 1 (idat), offset 2 and length 64 in an idat of 8 bytes.
        let iloc = fullBox("iloc", version: 1, [0x44, 0x00, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1] + be32(2) + be32(64))
        let file = ftyp + fullBox("meta", version: 0, iinf + iloc + box("idat", [UInt8](repeating: 7, count: 8)))
        let items = try BMFFItems(reader: MemoryBytes(data: file))
        #expect(throws: MetadataError(path: "", reason: .corrupt("Exif item outside idat"))) { try items.exifItem() }
    }

    @Test func anIdatExtentOfLengthZeroRunsToTheEndOfTheIdat() throws {
        let infe = fullBox("infe", version: 2, [0, 1, 0, 0] + Array("Exif".utf8) + [0])
        let iinf = fullBox("iinf", version: 0, [0, 1] + infe)
        let iloc = fullBox("iloc", version: 1, [0x44, 0x00, 0, 1, 0, 1, 0, 1, 0, 0, 0, 1] + be32(2) + be32(0))
        let idat = (0..<8).map(UInt8.init)
        let file = ftyp + fullBox("meta", version: 0, iinf + iloc + box("idat", idat)) + box("mdat", [9, 9, 9])
        #expect(try BMFFItems(reader: MemoryBytes(data: file)).exifItem() == Array(idat[2...]))
    }
}
