import Foundation
import Testing
@testable import PhotoMetadata

@Suite struct BMFFItemsTests {
    private func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(UInt32(body.count + 8)) + Array(type.utf8) + body }
    private func fullBox(_ type: String, version: UInt8, _ body: [UInt8]) -> [UInt8] { box(type, [version, 0, 0, 0] + body) }

    /// ftyp + meta(iinf(infe Exif), iloc) + mdat holding the Exif item, as a camera lays it out.
    private func file(exifItem: [UInt8]) -> [UInt8] {
        let ftyp = box("ftyp", Array("heicmif1heic".utf8))
        let infe = fullBox("infe", version: 2, [0, 1, 0, 0] + Array("Exif".utf8) + [0])
        let iinf = fullBox("iinf", version: 0, [0, 1] + infe)
        func iloc(offset: Int) -> [UInt8] {
            fullBox("iloc", version: 0, [0x44, 0x00, 0, 1, 0, 1, 0, 0, 0, 1] + be32(UInt32(offset)) + be32(UInt32(exifItem.count)))
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
