import Testing
@testable import PhotoMetadata

@Suite struct TIFFDirectoriesTests {
    private typealias E = TIFFBuilder.Entry
    private let gpsEntries: [E] = [
        E(tag: 0x0001, type: 2, count: 2, value: TIFFBuilder.ascii("S")),
        E(tag: 0x0002, type: 5, count: 3, value: TIFFBuilder.rationals([(20, 1), (26, 1), (2610, 100)])),
        E(tag: 0x0003, type: 2, count: 2, value: TIFFBuilder.ascii("E")),
        E(tag: 0x0004, type: 5, count: 3, value: TIFFBuilder.rationals([(57, 1), (19, 1), (780, 100)])),
    ]
    private let make = E(tag: 0x010F, type: 2, count: 4, value: TIFFBuilder.ascii("DJI"))

    private func decode(_ tiff: [UInt8]) throws -> ImageMetadata {
        try MetadataReader().read(bytes: tiff)
    }

    @Test func ifd0Beyond64KiBIsReachedAndRepackedSmall() throws {
        // libexif alone caps its input at 64 KiB: real DJI and FLIR TIFFs put IFD0 after the pixels.
        let tiff = TIFFBuilder.build(ifd0: [make], gps: gpsEntries, padding: 200_000)
        let dirs = try TIFFDirectories(reader: MemoryBytes(data: tiff), base: 0)
        #expect(dirs.compactExifBlock().count < 1024)
        let m = try decode(tiff)
        #expect(m.make == "DJI")
        #expect(abs((m.position?.latitude ?? 0) + 20.4406) < 1e-4)
    }

    @Test func theCompactBlockKeepsItsLayoutByteForByte() throws {
        // Its FNV-1a is the fingerprint logs store to recognise a moved photo: a new layout
        // would make every photo of an existing log look new.
        let tiff = TIFFBuilder.build(ifd0: [make], gps: gpsEntries, padding: 5_000)
        let block = try TIFFDirectories(reader: MemoryBytes(data: tiff), base: 0).compactExifBlock()
        func le16(_ v: UInt16) -> [UInt8] { TIFFBuilder.le16(v) }
        let entry = { (tag: UInt16, type: UInt16, count: UInt32, field: [UInt8]) in le16(tag) + le16(type) + le32(count) + field }
        var expected: [UInt8] = Array("Exif".utf8) + [0, 0, 0x49, 0x49, 42, 0] + le32(8)
        // IFD0 at 8: Make inline, then the GPS pointer (IFD0 is 2 + 2 × 12 + 4 = 30 bytes long).
        expected += le16(2) + entry(0x010F, 2, 4, TIFFBuilder.ascii("DJI")) + entry(0x8825, 4, 1, le32(38)) + le32(0)
        // The GPS IFD at 38, its two 24-byte rational triples after it, from 38 + 2 + 48 + 4 = 92.
        expected += le16(4) + entry(0x0001, 2, 2, TIFFBuilder.ascii("S") + [0, 0]) + entry(0x0002, 5, 3, le32(92))
            + entry(0x0003, 2, 2, TIFFBuilder.ascii("E") + [0, 0]) + entry(0x0004, 5, 3, le32(116)) + le32(0)
        expected += TIFFBuilder.rationals([(20, 1), (26, 1), (2610, 100)]) + TIFFBuilder.rationals([(57, 1), (19, 1), (780, 100)])
        #expect(block == expected)
    }

    @Test func gpsPointerTypedAsciiIsNoGPS() throws {
        let bogus = E(tag: 0x8825, type: 2, count: 4, value: [0x20, 0, 0, 0])
        #expect(try decode(TIFFBuilder.build(ifd0: [make, bogus])).gpsIssue == .noGPSDirectory)
    }

    @Test func gpsPointerOutsideTheDataIsNoGPS() throws {
        let wild = E(tag: 0x8825, type: 4, count: 1, value: [], rawField: 0xFFFF_FFF0)
        let m = try decode(TIFFBuilder.build(ifd0: [make, wild]))
        #expect(m.gpsIssue == .noGPSDirectory)
        #expect(m.make == "DJI")
    }

    @Test func entriesWithInvalidTypeOrHugeCountAreDroppedOneByOne() throws {
        var gps = gpsEntries
        gps.append(E(tag: 0x0006, type: 0, count: 1, value: [1, 0, 0, 0]))               // type 0
        gps.append(E(tag: 0x001B, type: 7, count: 0xFFFF_FFFF, value: [], rawField: 8))    // absurd count
        let m = try decode(TIFFBuilder.build(ifd0: [make], gps: gps))
        #expect(m.position != nil)
        #expect(m.altitude == nil)
    }

    @Test func absurdEntryCountMakesTheDirectoryUnreadableNotTheFile() throws {
        let tiff = TIFFBuilder.build(ifd0: [make], gps: gpsEntries, declaredCount: 0xFFFF)
        #expect(throws: MetadataError.self) { try decode(tiff) }
    }

    @Test func gpsIFDPointingAtIFD0DoesNotLoop() throws {
        let loop = E(tag: 0x8825, type: 4, count: 1, value: [], rawField: 8)
        #expect(try decode(TIFFBuilder.build(ifd0: [make, loop])).gpsIssue == .noGPSDirectory)
    }

    @Test func gpsPointerInsideTheExifIFDIsFollowed() throws {
        // Canon PowerShots write the GPSInfo pointer into the Exif IFD, typed SLONG.
        var tiff = TIFFBuilder.build(ifd0: [make, E(tag: 0x8769, type: 4, count: 1, value: [0, 0, 0, 0])])
        let exifStart = tiff.count
        let exifIFD = TIFFBuilder.directory([E(tag: 0x8825, type: 9, count: 1, value: [0, 0, 0, 0])], at: exifStart)
        let gpsStart = exifStart + exifIFD.count
        tiff += exifIFD + TIFFBuilder.directory(gpsEntries, at: gpsStart)
        tiff.replaceSubrange((8 + 2 + 12 + 8)..<(8 + 2 + 12 + 12), with: le32(UInt32(exifStart)))
        tiff.replaceSubrange((exifStart + 2 + 8)..<(exifStart + 2 + 12), with: le32(UInt32(gpsStart)))
        #expect(try decode(tiff).position != nil)
    }

    @Test func rawMagicNumbersAreTIFF() {
        for magic: [UInt8] in [[0x49, 0x49, 0x52, 0x4F], [0x49, 0x49, 0x55, 0x00], [0x4D, 0x4D, 0x00, 0x2A]] {
            #expect(ImageFormat(magic: magic + [8, 0, 0, 0]) == .tiff)
        }
        #expect(ImageFormat(magic: [0x49, 0x49, 0x00, 0x00, 8, 0, 0, 0]) == nil)
    }
}
