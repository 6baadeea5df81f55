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
