import Foundation
import Testing
@testable import PhotoMetadata

/// The three videos of `../shared/media`, made by ffmpeg, against their README and
/// `expected.json` (where each position comes from), and against ExifTool's reading of them.
@Suite struct SharedMediaTests {
    static let media = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("shared/media")
    static let manifest = media.appendingPathComponent("expected.json")
    static let present = FileManager.default.fileExists(atPath: manifest.path)

    struct Want {
        let latitude: Double, longitude: Double, altitude: Double?
        let time: String, timeSource: ImageMetadata.TimeSource
        let make: String?, model: String?
    }

    /// From the media README: what each file holds and where.
    static let videos: [String: Want] = [
        "IMG_4001.MOV": Want(latitude: -33.9249, longitude: 18.4241, altitude: 3400, time: "2024-07-02T09:30:00-05:00",
                             timeSource: .quickTimeCreationDate, make: "Apple", model: "iPhone 15"),
        "VID_20240615_120000.mov": Want(latitude: 59.3293, longitude: 18.0686, altitude: nil, time: "2024-06-15T12:00:00+00:00",
                                        timeSource: .movieHeader, make: nil, model: nil),
        // loci's 16.16 fixed point holds 45.5017 as 45.501693725…
        "clip_loci.mp4": Want(latitude: 45.50169, longitude: -73.56729, altitude: 0, time: "2024-03-01T01:00:00+00:00",
                              timeSource: .movieHeader, make: nil, model: nil),
    ]

    @Test(.enabled(if: SharedMediaTests.present, "../shared/media is absent: the shared media are not part of the repository"))
    func everyVideoGivesItsPositionFromTheExpectedPlace() throws {
        struct Expected: Decodable { let source: String }
        let expected = try JSONDecoder().decode([String: Expected].self, from: Data(contentsOf: Self.manifest))
        for (name, want) in Self.videos.sorted(by: { $0.key < $1.key }) {
            let m = try MetadataReader().read(path: Self.media.appendingPathComponent(name).path)
            #expect(m.format.isVideo, "\(name)")
            #expect(m.positionSource?.rawValue == expected[name]?.source, "\(name)")
            let p = try #require(m.position, "\(name): \(String(describing: m.gpsIssue))")
            #expect(abs(p.latitude - want.latitude) < 1e-5 && abs(p.longitude - want.longitude) < 1e-5, "\(name): \(p)")
            #expect(m.altitude == want.altitude, "\(name)")
            #expect(m.captureTime?.iso8601 == want.time && m.captureTimeSource == want.timeSource, "\(name)")
            #expect(m.make == want.make && m.model == want.model, "\(name)")
        }
        #expect(expected.filter { $0.value.source.hasPrefix("video") }.count == Self.videos.count)
    }

    /// ExifTool (`-n`: numbers, not prose) reads the same position, altitude, times and camera.
    @Test(.enabled(if: SharedMediaTests.present && ExternalTool.exiftool != nil, "needs ../shared/media and exiftool"))
    func exiftoolReadsTheSame() throws {
        struct Tags: Decodable {
            let SourceFile: String
            let GPSLatitude: Double?, GPSLongitude: Double?, GPSAltitude: Double?
            let CreationDate: String?, CreateDate: String?
            let Make: String?, Model: String?
        }
        let names = Self.videos.keys.sorted()
        let json = try ExternalTool.run(ExternalTool.exiftool!, ["-j", "-n", "-GPSLatitude", "-GPSLongitude", "-GPSAltitude", "-Keys:CreationDate",
                                                                 "-QuickTime:CreateDate", "-Make", "-Model"] + names.map { Self.media.appendingPathComponent($0).path })
        let tags = try JSONDecoder().decode([Tags].self, from: json)
        #expect(tags.count == names.count)
        for t in tags {
            let name = URL(fileURLWithPath: t.SourceFile).lastPathComponent
            let m = try MetadataReader().read(path: t.SourceFile)
            let p = try #require(m.position)
            // ExifTool prints loci's fixed point to 5 decimals (45.501693… as 45.50169).
            #expect(abs(p.latitude - (t.GPSLatitude ?? .nan)) < 1e-5 && abs(p.longitude - (t.GPSLongitude ?? .nan)) < 1e-5, "\(name)")
            #expect(m.altitude.map { abs($0 - (t.GPSAltitude ?? .nan)) < 1e-6 } ?? (t.GPSAltitude == nil), "\(name)")
            #expect(m.make == t.Make && m.model == t.Model, "\(name)")
            // ExifTool writes dates as "2024:07:02 09:30:00-05:00"; CreateDate is mvhd's, in UTC.
            if let date = t.CreationDate {
                #expect(m.captureTime == CaptureTime(exif: String(date.prefix(19)), offset: String(date.dropFirst(19))), "\(name)")
            } else {
                #expect(m.captureTime == t.CreateDate.flatMap { CaptureTime(exif: $0, offset: "+00:00") }, "\(name)")
            }
        }
    }
}
