import Foundation
import Testing
@testable import PhotoMetadata

/// Every real camera and phone file in `../shared/photos` against exiftool's reading of it
/// (`expected.json`), where exiftool is right; the files where it is not are named below with
/// the reason, from the corpus README.
@Suite struct SharedCorpusTests {
    static let corpus = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/photos")

    /// Files whose exiftool reading is wrong, and what the right answer is.
    static let exiftoolIsWrong: [String: (latitude: Double, longitude: Double?, why: String)] = [
        "corpus/jpeg/goexif__huge_tag_exif.jpg": (38.88326, -104.87143, "exiftool stops at a truncated APP4; the APP1 is intact"),
        "corpus/jpeg/goexif__max_uint32_exif.jpg": (38.88326, -104.87143, "exiftool stops at a truncated APP4; the APP1 is intact"),
        "corpus/jpeg/goexif__geodegrees_as_string.jpg": (52 + 50.0 / 60 + 34.0118 / 3600, nil, "ASCII decimal-comma pairs: 52°50'34.0118\""),
    ]

    struct Expected: Decodable {
        let has_gps: Bool
        let GPSLatitude: Double?
        let GPSLongitude: Double?
        let DateTimeOriginal: String?
        let OffsetTimeOriginal: String?
    }

    static let manifest = corpus.appendingPathComponent("expected.json")

    @Test(.enabled(if: FileManager.default.fileExists(atPath: SharedCorpusTests.manifest.path),
                   "../shared/photos is absent: the shared photo corpus is not part of the repository"))
    func everyFileMatchesExiftoolWhereExiftoolIsRight() throws {
        let manifest = Self.manifest
        let expected = try JSONDecoder().decode([String: Expected].self, from: Data(contentsOf: manifest))
        #expect(expected.count >= 100)
        let reader = MetadataReader()
        var positions = 0
        for (relative, want) in expected.sorted(by: { $0.key < $1.key }) {
            let path = Self.corpus.appendingPathComponent(relative).path
            // No crash and no hang on any file; errors are allowed only where exiftool found no position.
            let got: ImageMetadata
            do {
                got = try reader.read(path: path)
            } catch {
                #expect(want.GPSLatitude == nil, "\(relative): \(error)")
                continue
            }
            if let right = Self.exiftoolIsWrong[relative] {
                #expect(abs((got.position?.latitude ?? .nan) - right.latitude) < 1e-5, "\(relative): \(right.why)")
                if let lon = right.longitude { #expect(abs((got.position?.longitude ?? .nan) - lon) < 1e-5, "\(relative)") }
                continue
            }
            if want.has_gps, let lat = want.GPSLatitude, let lon = want.GPSLongitude,
               (-90...90).contains(lat), (-180...180).contains(lon), lat != 0 || lon != 0 {
                positions += 1
                let p = got.position
                #expect(p != nil && abs(p!.latitude - lat) < 1e-6 && abs(p!.longitude - lon) < 1e-6,
                        "\(relative): want \(lat), \(lon); got \(p.map { "\($0.latitude), \($0.longitude)" } ?? "\(got.gpsIssue!)")")
            } else {
                #expect(got.position == nil, "\(relative): exiftool finds no valid position, the reader gave \(String(describing: got.position))")
            }
            if let dto = want.DateTimeOriginal, CaptureTime(exif: dto) != nil {
                #expect(got.captureTimeSource == .original && got.captureTime == CaptureTime(exif: dto, offset: want.OffsetTimeOriginal),
                        "\(relative): want \(dto) \(want.OffsetTimeOriginal ?? ""), got \(got.captureTime?.iso8601 ?? "none")")
            }
        }
        #expect(positions >= 70)
    }
}
