import Testing
@testable import PhotoMetadata

/// A file cut inside its Exif block is damaged, and says so (`truncated`, as exiftool's
/// "format error"): it must not pass for a photo without Exif, without GPS, or with only
/// IFD0's DateTime.
@Suite struct TruncatedExifTests {
    private let reader = MetadataReader()
    /// DateTime in IFD0 too, so a cut Exif IFD could fall back on it.
    private let photo = ExifFixture(latitude: 45.4642, longitude: 9.1900, makerNoteBytes: 200)

    private func expectTruncated(_ bytes: [UInt8], _ note: String, sourceLocation: SourceLocation = #_sourceLocation) {
        do {
            let m = try reader.read(bytes: bytes)
            Issue.record("\(note): read as a photo (gps issue \(m.gpsIssue.map { "\($0)" } ?? "none"))", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == "truncated", "\(note): \(error)", sourceLocation: sourceLocation)
        }
    }

    /// Where the Exif IFD of a little-endian TIFF starts, and its entry count.
    private func exifIFD(_ tiff: [UInt8]) throws -> (offset: Int, entries: Int) {
        let ifd0 = Int(try #require(tiff.uint32(at: 4, littleEndian: true)))
        let count = Int(try #require(tiff.uint16(at: ifd0, littleEndian: true)))
        let pointer = try #require((0..<count).first { tiff.uint16(at: ifd0 + 2 + 12 * $0, littleEndian: true) == 0x8769 })
        let offset = Int(try #require(tiff.uint32(at: ifd0 + 2 + 12 * pointer + 8, littleEndian: true)))
        return (offset, Int(try #require(tiff.uint16(at: offset, littleEndian: true))))
    }

    @Test func jpegCutInsideItsAPP1IsTruncated() throws {
        let jpeg = photo.jpeg()
        let app1End = 4 + Int(try #require(jpeg.uint16(at: 4, littleEndian: false)))
        #expect(try reader.read(bytes: jpeg).position != nil)
        for cut in Array(stride(from: 4, to: app1End, by: 7)) + [app1End - 1] {
            expectTruncated(Array(jpeg.prefix(cut)), "JPEG cut at \(cut) of an APP1 ending at \(app1End)")
        }
        // Through a file too, as `import` reads it.
        let file = try TemporaryFile(Array(jpeg.prefix(app1End - 40)))
        #expect(throws: MetadataError(path: file.path, reason: .truncated("JPEG ends inside its Exif segment"))) { try reader.read(path: file.path) }
    }

    @Test func webpCutInsideOrBeforeItsEXIFChunkIsTruncated() throws {
        let webp = photo.webp()
        #expect(try reader.read(bytes: webp).position != nil)
        for cut in 12..<webp.count {
            expectTruncated(Array(webp.prefix(cut)), "WebP cut at \(cut) of \(webp.count)")
        }
    }

    @Test func tiffCutInsideItsExifIFDIsTruncatedNotIFD0DateTime() throws {
        let tiff = photo.tiff()
        let exif = try exifIFD(tiff)
        #expect(try reader.read(bytes: tiff).captureTimeSource == .original)
        for entries in [0, 1, exif.entries / 2, exif.entries - 1] {
            let cut: Int = exif.offset + 2 + 12 * entries + 5
            expectTruncated(Array(tiff.prefix(cut)), "TIFF cut after \(entries) Exif IFD entries")
        }
        expectTruncated(Array(tiff.prefix(exif.offset + 1)), "TIFF cut inside the Exif IFD's entry count")
    }

    @Test func pngWhoseEXIfChunkHoldsACutExifIFDIsTruncated() throws {
        // The PNG container is whole; the TIFF inside its eXIf chunk was cut before being stored.
        let tiff = photo.tiff()
        let exif = try exifIFD(tiff)
        let cut: Int = exif.offset + 2 + 12 * 2
        let cutTIFF = Array(tiff.prefix(cut))
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(UInt32(body.count)) + Array(type.utf8) + body + [0, 0, 0, 0] }
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", be32(1) + be32(1) + [8, 2, 0, 0, 0])
            + chunk("eXIf", cutTIFF) + chunk("IEND", [])
        expectTruncated(png, "PNG with a cut Exif IFD")
    }

    @Test func aValueRunningPastTheEndIsTruncatedButAPointerFarOutsideIsNot() throws {
        // GPSLatitude's 24 bytes start 8 bytes before the end of the data.
        let e = TIFFBuilder.Entry.self
        let make = e.init(tag: 0x010F, type: 2, count: 4, value: TIFFBuilder.ascii("DJI"))
        var tiff = TIFFBuilder.build(ifd0: [make], gps: [e.init(tag: 0x0002, type: 5, count: 3, value: [], rawField: 0)])
        let field = tiff.count - 4 - 4  // the GPS IFD's one entry ends 4 bytes (the next-IFD link) before the end
        tiff.replaceSubrange(field..<field + 4, with: le32(UInt32(tiff.count - 8)))
        expectTruncated(tiff, "GPSLatitude running past the end")
        tiff.replaceSubrange(field..<field + 4, with: le32(0xFFFF_FF00))
        #expect(try reader.read(bytes: tiff).gpsIssue == .missingCoordinate("GPSLatitude"))
    }
}
