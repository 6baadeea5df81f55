import CExif
import Foundation
import Testing
@testable import PhotoMetadata

@Suite struct MetadataReaderTests {
    private let reader = MetadataReader()

    private func read(_ fixture: ExifFixture) throws -> ImageMetadata {
        let file = try TemporaryFile(fixture.jpeg())
        return try reader.read(path: file.path)
    }

    @Test(arguments: [
        (35.0116, 135.7681),    // Kyoto: north-east
        (40.7128, -74.0060),    // New York: north-west
        (-33.8688, 151.2093),   // Sydney: south-east
        (-22.9068, -43.1729),   // Rio: south-west
    ])
    func positionsInAllFourHemispheres(latitude: Double, longitude: Double) throws {
        let m = try read(ExifFixture(latitude: latitude, longitude: longitude))
        let p = try #require(m.position)
        #expect(abs(p.latitude - latitude) < 1e-6)
        #expect(abs(p.longitude - longitude) < 1e-6)
        #expect(!p.missingReference)
        #expect(m.gpsIssue == nil)
        #expect(m.format == .jpeg)
    }

    @Test func bigEndianExifReadsTheSame() throws {
        let m = try read(ExifFixture(latitude: -41.2865, longitude: 174.7762, byteOrder: EXIF_BYTE_ORDER_MOTOROLA))
        #expect(abs(try #require(m.position).latitude + 41.2865) < 1e-6)
    }

    @Test func missingReferencesAreTakenAsNorthAndEastButFlagged() throws {
        let m = try read(ExifFixture(latitude: 48.8566, longitude: 2.3522, latitudeRef: "", longitudeRef: ""))
        let p = try #require(m.position)
        #expect(p.latitude > 48 && p.longitude > 2)
        #expect(p.missingReference)
    }

    @Test func altitudeBelowSeaLevelIsNegative() throws {
        let m = try read(ExifFixture(latitude: 31.5590, longitude: 35.4732, altitude: -430.5))
        #expect(m.altitude == -430.5)
    }

    @Test func captureTimeKeepsItsOffsetAndGPSTimeIsUTC() throws {
        let m = try read(ExifFixture(gpsDate: "2024:04:05", gpsTime: (1, 11, 12), dateTimeOriginal: "2024:04:05 10:11:12", offsetTimeOriginal: "+09:00"))
        let t = try #require(m.captureTime)
        #expect(t.iso8601 == "2024-04-05T10:11:12+09:00")
        #expect(m.captureTimeSource == .original)
        #expect(t.instant == m.gpsTimestamp)
    }

    @Test func cameraAndSpeed() throws {
        let m = try read(ExifFixture(speed: (value: 900, ref: "K"), make: "Canon", model: "EOS R5"))
        #expect(m.make == "Canon" && m.model == "EOS R5")
        #expect(m.speedKmh == 900)
        #expect(m.pixelWidth == 16 && m.pixelHeight == 8)  // from the JPEG frame header
    }

    @Test func invalidPositionsAreRejectedWithAReason() throws {
        #expect(try read(ExifFixture(rawLatitude: [(48, 1), (53, 1), (0, 0)])).gpsIssue == .zeroDenominator("GPSLatitude"))
        #expect(try read(ExifFixture(latitude: 0, longitude: 0)).gpsIssue == .nullIsland)
        #expect(try read(ExifFixture(gpsStatus: "V")).gpsIssue == .void)
        #expect(try read(ExifFixture(includeGPS: false)).gpsIssue == .noGPSDirectory)
        #expect(try read(ExifFixture(longitude: nil)).gpsIssue == .missingCoordinate("GPSLongitude"))
        let outOfRange = try read(ExifFixture(rawLatitude: [(213, 1), (38, 1), (0, 1)]))
        #expect(outOfRange.gpsIssue?.kind == "out-of-range")
        #expect(outOfRange.position == nil)
        #expect(try read(ExifFixture(longitude: 181)).gpsIssue?.kind == "out-of-range")
    }

    @Test func everyContainerGivesTheSamePosition() throws {
        let fixture = ExifFixture(latitude: -17.7733, longitude: 177.3658, dateTimeOriginal: "2004:06:17 09:04:12")
        var files: [(ImageFormat, [UInt8])] = [(.jpeg, fixture.jpeg()), (.tiff, fixture.tiff()), (.png, fixture.png()),
                                               (.webp, fixture.webp()), (.webp, fixture.webp(prefixed: true)), (.cr3, fixture.cr3())]
        if let heic = fixture.heic() { files.append((.heif, heic)) }
        if let avif = fixture.avif() { files.append((.avif, avif)) }
        for (format, bytes) in files {
            let m = try reader.read(bytes: bytes)
            #expect(m.format == format)
            #expect(abs((m.position?.latitude ?? 0) + 17.7733) < 1e-6, "\(format)")
            #expect(abs((m.position?.longitude ?? 0) - 177.3658) < 1e-6, "\(format)")
            #expect(m.captureTime?.localISO8601 == "2004-06-17T09:04:12", "\(format)")
        }
    }

    @Test(.enabled(if: ExifFixture.canEncodeHEVC, "this libheif has no HEVC encoder"))
    func heicFixtureIsReadThroughLibheif() throws {
        let heic = try #require(ExifFixture(latitude: 64.1466, longitude: -21.9426).heic())
        let file = try TemporaryFile(heic, suffix: ".heic")
        let m = try reader.read(path: file.path)
        #expect(m.format == .heif)
        #expect(m.pixelWidth == 64 && m.pixelHeight == 64)
        #expect(abs((m.position?.longitude ?? 0) + 21.9426) < 1e-6)
    }

    @Test func makerNoteAndThumbnailDoNotGetInTheWay() throws {
        let heavy = ExifFixture(latitude: 59.3293, longitude: 18.0686, makerNoteBytes: 12_000, thumbnailBytes: 20_000).jpeg()
        #expect(heavy.count > 32_000)
        let m = try reader.read(bytes: heavy)
        #expect(abs((m.position?.latitude ?? 0) - 59.3293) < 1e-6)
        #expect(m.captureTimeSource == .original)
    }

    @Test func imageWithoutExifIsNoError() throws {
        let m = try reader.read(bytes: ExifFixture.tinyJPEG)
        #expect(m.gpsIssue == .noExif)
        #expect(m.captureTime == nil)
    }

    @Test func badInputGivesTheReasonAndPath() throws {
        let empty = try TemporaryFile([])
        #expect(throws: MetadataError(path: empty.path, reason: .empty)) { try reader.read(path: empty.path) }

        var random = SystemRandomNumberGenerator()
        // A leading zero byte starts no known format, whatever follows.
        let noise = try TemporaryFile([0] + (0..<4095).map { _ in UInt8.random(in: 0...255, using: &random) })
        #expect(throws: MetadataError(path: noise.path, reason: .unrecognisedFormat)) { try reader.read(path: noise.path) }

        #expect(throws: MetadataError.self) { try reader.read(path: "/nonexistent/photo.jpg") }
        do {
            _ = try reader.read(path: "/nonexistent/photo.jpg")
        } catch {
            #expect(error.description.hasPrefix("/nonexistent/photo.jpg: unreadable"))
        }
        #expect(throws: MetadataError.self) { try reader.read(path: FileManager.default.temporaryDirectory.path) }
    }

    @Test func truncatedFilesNeverCrash() throws {
        let fixture = ExifFixture()
        var sources = [fixture.jpeg(), fixture.tiff(), fixture.png(), fixture.webp()]
        if let heic = fixture.heic() { sources.append(heic) }
        for bytes in sources {
            for length in stride(from: 0, to: bytes.count, by: max(1, bytes.count / 97)) {
                _ = try? reader.read(bytes: Array(bytes.prefix(length)))
            }
        }
    }

    @Test(.enabled(if: geteuid() != 0, "running as root, which reads any file whatever its mode"))
    func unreadablePermissionsAreAnError() throws {
        let file = try TemporaryFile(ExifFixture().jpeg())
        chmod(file.path, 0)
        #expect(throws: MetadataError.self) { try reader.read(path: file.path) }
    }

    @Test func aFileReplacedByAShorterOneWhileOpenIsNotACrash() throws {
        let file = try TemporaryFile(ExifFixture().jpeg())
        let source = try FileSource(path: file.path)
        truncate(file.path, 10)
        #expect(try source.bytes(at: 0, count: 100).count == 10)
        #expect(throws: MetadataError.self) { try source.exactBytes(at: 0, count: 100, what: "header") }
    }
}
