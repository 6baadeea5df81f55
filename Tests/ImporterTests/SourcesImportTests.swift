import Foundation
import PhotoMetadata
import SyntheticPhotos
import Testing
import TravelLog
@testable import Importer

/// Every source of a position through a whole import: XMP and Takeout sidecars, GPX tracks
/// under the folder and given apart, their precedence, and what a changed sidecar or track does.
@Suite struct SourcesImportTests {
    static func xmp(_ lat: String, _ lon: String) -> [UInt8] {
        Array("""
            <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
            <rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="\(lat)" exif:GPSLongitude="\(lon)"/>
            </rdf:RDF></x:xmpmeta>
            """.utf8)
    }

    static func takeout(_ lat: Double, _ lon: Double) -> [UInt8] {
        Array("""
            {"title": "x.jpg", "photoTakenTime": {"timestamp": "1725872949"},
             "geoData": {"latitude": \(lat), "longitude": \(lon), "altitude": 2240.0},
             "geoDataExif": {"latitude": 0.0, "longitude": 0.0, "altitude": 0.0}}
            """.utf8)
    }

    /// 09:00Z–10:00Z on 10 May 2024 along the lake in Zürich, a point a minute.
    static func gpx() -> [UInt8] {
        let points = (0...60).map { i in
            String(format: "<trkpt lat=\"47.3600\" lon=\"%.4f\"><ele>410</ele><time>2024-05-10T%02d:%02d:00Z</time></trkpt>",
                   8.5400 + Double(i) * 0.0005, 9 + i / 60, i % 60)
        }
        return Array("""
            <?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            \(points.joined(separator: "\n"))
            </trkseg></trk></gpx>
            """.utf8)
    }

    static func noGPS(_ time: String, offset: String? = "+01:00") -> [UInt8] {
        SyntheticPhoto(dateTimeOriginal: time, offsetTimeOriginal: offset, includeGPS: false).jpeg()
    }

    /// The library: one file per source and precedence case.
    static func library() throws -> Library {
        let library = try Library()
        try library.writeFile("DSC_0100.JPG", noGPS("2024:05:01 10:00:00"))
        try library.writeFile("DSC_0100.xmp", xmp("37,59.028N", "23,43.650E"))              // Athens
        try library.writeFile("DSC_0101.JPG", noGPS("2024:05:02 10:00:00"))
        try library.writeFile("DSC_0101.JPG.xmp", xmp("13,45.360N", "100,30.108E"))          // Bangkok
        try library.writeFile("corrected.jpg", SyntheticPhoto(latitude: 35.0116, longitude: 135.7681).jpeg())
        try library.writeFile("corrected.xmp", xmp("37,59.028N", "23,43.650E"))             // the editor's word
        try library.writeFile("PXL.jpg", noGPS("2024:08:08 10:10:10", offset: nil))
        try library.writeFile("PXL.jpg.supplemental-metadata.json", takeout(19.4326, -99.1332)) // Mexico City
        try library.writeFile("own.jpg", SyntheticPhoto(latitude: 35.0116, longitude: 135.7681).jpeg())
        try library.writeFile("own.jpg.json", takeout(-34.6037, -58.3816))                  // Buenos Aires loses to Exif
        try library.writeFile("lonely.xmp", xmp("1,0N", "1,0E"))
        try library.writeFile("bad.jpg", noGPS("2024:05:03 10:00:00"))
        try library.writeFile("bad.jpg.xmp", Array("<x:xmpmeta><unclosed>".utf8))
        try library.writeFile("drive/P0.jpg", noGPS("2024:05:10 10:10:00"))
        try library.writeFile("drive/P1.jpg", noGPS("2024:05:10 10:30:00"))
        try library.writeFile("drive/P9.jpg", noGPS("2024:05:10 18:00:00"))
        try library.writeFile("drive/track.gpx", gpx())
        return library
    }

    private func rows(_ library: Library) throws -> [String: PhotoRecord] {
        let records = try TravelLog(path: library.database).records(after: 0, limit: 100).map(\.record)
        let root = LibraryWalker.canonical(library.root)!
        return Dictionary(uniqueKeysWithValues: records.map { (String($0.path.dropFirst(root.count + 1)), $0) })
    }

    private func importing(_ library: Library, dryRun: Bool = false, tracks: [String] = []) throws -> ImportSummary {
        let log = dryRun ? nil : try TravelLog(path: library.database)
        return try Importer(log: log, finder: ImporterTests.finder,
                            options: .init(roots: [LibraryWalker.canonical(library.root)!], jobs: 2, dryRun: dryRun, batchSize: 3, tracks: tracks)).run()
    }

    @Test func everySourceInItsPlaceAndOrder() throws {
        let library = try Self.library()
        let dry = try importing(library, dryRun: true)
        let summary = try importing(library)
        let r = try rows(library)
        func country(_ name: String) -> String? { r[name]?.place?.country?.id.description }
        #expect(country("DSC_0100.JPG") == "country:GR" && r["DSC_0100.JPG"]?.positionSource == "xmp-sidecar")
        #expect(country("DSC_0101.JPG") == "country:TH" && r["DSC_0101.JPG"]?.positionSource == "xmp-sidecar")
        #expect(country("corrected.jpg") == "country:GR" && r["corrected.jpg"]?.positionSource == "xmp-sidecar")
        #expect(country("own.jpg") == "country:JP" && r["own.jpg"]?.positionSource == "exif")
        #expect(country("PXL.jpg") == "country:MX" && r["PXL.jpg"]?.positionSource == "takeout")
        for name in ["drive/P0.jpg", "drive/P1.jpg"] {
            #expect(country(name) == "country:CH" && r[name]?.positionSource == "track")
        }
        // 10:30 at +01:00 is 09:30Z, minute 30 of the track.
        #expect(abs(r["drive/P1.jpg"]!.longitude! - (8.5400 + 30 * 0.0005)) < 1e-9)
        #expect(r["drive/P9.jpg"]?.latitude == nil && r["drive/P9.jpg"]?.positionSource == nil)
        // A sidecar that cannot be read is said; its photo is recorded from its own metadata.
        #expect(r["bad.jpg"] != nil && r["bad.jpg"]?.error == nil && r["bad.jpg"]?.latitude == nil)
        #expect(summary.sidecarErrors.count == 1 && summary.sidecarErrors[0].contains("bad.jpg.xmp"))
        // The Exif photo's own sidecar stamp is recorded with it.
        #expect(r["own.jpg"]?.sidecars?.hasPrefix("own.jpg.json\t") == true)

        #expect(summary.counts.seen == 9 && summary.videos == 0)
        #expect(summary.positionsBySource == ["xmp-sidecar": 3, "exif": 1, "takeout": 1, "track": 2])
        #expect(summary.positioned == 7 && summary.withoutPosition == 2)
        #expect(summary.sidecars == 6 && summary.orphanSidecars.map { URL(fileURLWithPath: $0).lastPathComponent } == ["lonely.xmp"])
        #expect(summary.tracks == 1 && summary.trackPoints == 61 && summary.placedByTrack == 2)
        #expect(summary.newPlaces.countries.keys.sorted() == ["country:CH", "country:GR", "country:JP", "country:MX", "country:TH"])
        // A dry run says the same and writes nothing.
        #expect(dry.positionsBySource == summary.positionsBySource && dry.placedByTrack == 2 && dry.newPlaces == summary.newPlaces)
    }

    @Test func aChangedSidecarOrTrackIsReadAgainAndWhatItPlacedFollows() throws {
        let library = try Self.library()
        _ = try importing(library)
        let again = try importing(library)
        #expect(again.filesRead == 0 && again.counts.unchanged == 9 && again.placedByTrack == 0)
        #expect(again.positionsBySource["track"] == 2)

        // The editor moves DSC_0100 to Bangkok: the photo is read again.
        try library.writeFile("DSC_0100.xmp", Self.xmp("13,45.360N", "100,30.108E"))
        let edited = try importing(library)
        #expect(edited.counts.changed == 1 && edited.filesRead == 1)
        #expect(try rows(library)["DSC_0100.JPG"]?.place?.country?.id.description == "country:TH")

        // The sidecar goes: back to the file's own metadata (none).
        try FileManager.default.removeItem(atPath: library.root + "/DSC_0100.xmp")
        #expect(try importing(library).counts.changed == 1)
        #expect(try rows(library)["DSC_0100.JPG"]?.latitude == nil)

        // The track leaves the folder: what it placed is taken back...
        let elsewhere = library.root + ".gpx"
        defer { try? FileManager.default.removeItem(atPath: elsewhere) }
        try FileManager.default.moveItem(atPath: library.root + "/drive/track.gpx", toPath: elsewhere)
        let gone = try importing(library)
        #expect(gone.positionsBySource["track", default: 0] == 0 && gone.tracks == 0)
        #expect(try rows(library)["drive/P0.jpg"]?.latitude == nil)
        // ...and given with --track, placed again, and kept in the log for later imports.
        let given = try importing(library, tracks: [elsewhere])
        #expect(given.placedByTrack == 2 && given.tracks == 1)
        #expect(try rows(library)["drive/P1.jpg"]?.positionSource == "track")
        try library.writeFile("drive/P2.jpg", Self.noGPS("2024:05:10 10:50:00"))
        let later = try importing(library)
        #expect(later.placedByTrack == 1 && later.counts.added == 1)
        #expect(try rows(library)["drive/P2.jpg"]?.place?.country?.id.description == "country:CH")
    }

    @Test func aFileGivenAloneIsPairedWithItsSidecars() throws {
        let library = try Self.library()
        let log = try TravelLog(path: library.database)
        let file = LibraryWalker.canonical(library.root + "/DSC_0101.JPG")!
        let summary = try Importer(log: log, finder: ImporterTests.finder, options: .init(roots: [file], jobs: 1)).run()
        #expect(summary.positionsBySource == ["xmp-sidecar": 1] && summary.sidecars == 1)
        #expect(try log.storedFile(at: file)?.positionSource == "xmp-sidecar")
    }

    @Test func aBrokenTrackIsAnErrorNamingItAndTheRestGoesOn() throws {
        let library = try Self.library()
        try library.writeFile("drive/track.gpx", Array("<gpx><trk>".utf8))
        let summary = try importing(library)
        #expect(summary.trackErrors.count == 1 && summary.trackErrors[0].contains("track.gpx") && summary.newErrors >= 1)
        #expect(summary.positionsBySource["track", default: 0] == 0 && summary.positionsBySource["xmp-sidecar"] == 3)
        #expect(try TravelLog(path: library.database).errors().contains { $0.path.hasSuffix("drive/track.gpx") })
        // Not read again until it changes: counted, not new.
        let again = try importing(library)
        #expect(again.trackErrors.isEmpty && again.newErrors == 0 && again.counts.errors == 1)
    }

    // ../shared/media: real files from ffmpeg and ExifTool, with the country and source each must get.
    static let media = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/media").path

    @Test(.enabled(if: FileManager.default.fileExists(atPath: media + "/expected.json"), "../shared/media is not here"))
    func theSharedMediaGetTheirExpectedCountriesAndSources() throws {
        let library = try Library()
        // A copy: the shared folder is read-only, and the log beside the library is the test's.
        for name in try FileManager.default.subpathsOfDirectory(atPath: Self.media) {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: Self.media + "/" + name, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            try library.writeFile(name, Array(try Data(contentsOf: URL(fileURLWithPath: Self.media + "/" + name))))
        }
        let summary = try importing(library)
        let expected = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: Self.media + "/expected.json"))) as? [String: [String: Any]])
        let r = try rows(library)
        for (name, want) in expected {
            let row = try #require(r[name], "\(name) not imported")
            let country = want["country"] as? String
            #expect(row.place?.country?.id.description == country.map { "country:" + $0 }, "\(name)")
            if country != nil { #expect(row.positionSource == want["source"] as? String, "\(name)") }
        }
        #expect(summary.videos == 3 && summary.counts.errors == 0)
    }
}
