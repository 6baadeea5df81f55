import Foundation
import Testing
@testable import LocationHistory
import ScratchSpace

@Suite struct DetectionTests {
    @Test func theFormatComesFromTheContent() {
        let cases: [(String, HistoryFormat?)] = [
            (#"{"locations": []}"#, .googleRecords),
            (#"{"timelineObjects": []}"#, .googleSemantic),
            (#"{"semanticSegments": []}"#, .googleTimeline),
            // Google does not keep the keys' order.
            (#"{"rawSignals": [], "semanticSegments": []}"#, .googleTimeline),
            (#"{"userLocationProfile": {}}"#, .googleTimeline),
            (#"{"timelineEdits": []}"#, .googleTimelineEdits),
            (#"{"type": "FeatureCollection", "features": []}"#, .geoJSON),
            (#"{"name": "x", "features": []}"#, .geoJSON),
            (#"[{"startTime": "2024-05-01T08:00:00Z", "endTime": "2024-05-01T09:00:00Z"}]"#, .googleTimelineArray),
            ("2024-05-01T08:00:00Z\t*\t{\"_type\":\"lwt\"}\n", .ownTracks),
            ("<?xml version='1.0'?><gpx></gpx>", .gpx),
            // What the importer meets among photos: not histories, and no errors.
            ("""
             {"title": "IMG_0001.jpg", "description": "", "imageViews": "3",
              "creationTime": {"timestamp": "1556704800", "formatted": "1 May 2019"},
              "photoTakenTime": {"timestamp": "1556704800", "formatted": "1 May 2019"},
              "geoData": {"latitude": 48.8566, "longitude": 2.3522, "altitude": 35, "latitudeSpan": 0, "longitudeSpan": 0},
              "url": "https://photos.google.com/photo/x", "googlePhotosOrigin": {"mobileUpload": {"deviceType": "ANDROID_PHONE"}}}
             """, nil),
            (#"{"albumData": {"title": "Paris"}}"#, nil),
            (#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1, 2]}}"#, nil),
            (#"[1, 2, 3]"#, nil),
            (#"[{"id": 1}]"#, nil),
            ("[]", nil),
            ("{}", nil),
            (#"{"a": [1, 2"#, nil),          // broken JSON among the photos
            ("", nil),
            ("\u{FEFF}", nil),
            ("hello", nil),
            ("2024 was a good year", nil),
            ("\u{0}\u{1}\u{2}", nil),
        ]
        for (text, format) in cases {
            #expect(HistoryReader.format(of: Array(text.utf8)) == format, "\(text)")
            #expect((try? HistoryRead(text))?.summary?.format == format, "\(text)")
        }
    }

    @Test func aSidecarIsTurnedDownAfterItsFewBytes() throws {
        let sidecar = #"{"title": "IMG.jpg", "geoData": {"latitude": 1, "longitude": 2}, "photoTakenTime": {"timestamp": "1"}}"#
        var asked: Int64 = 0
        let url = Scratch.root.appendingPathComponent("detection-\(getpid()).json")
        try Data(sidecar.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(try HistoryReader.read(fileAt: url.path, progress: { asked = $0 }) { _ in Issue.record("an item") } == nil)
        #expect(asked == Int64(sidecar.utf8.count))
    }

    @Test func aLargeDocumentWithoutAHistoryKeyIsGivenUpOnAfterItsFirstMiB() throws {
        // 64 MiB of an unrelated array, made as it is read: the reader stops after about 1 MiB.
        let head = Array(#"{"photos": ["#.utf8)
        var produced = 0
        func source() -> ByteSource {
            produced = 0
            return ByteSource.generated { buffer in
                let n = min(buffer.count, (64 << 20) - produced)
                for i in 0..<n {
                    let k = produced + i
                    buffer[i] = k < head.count ? head[k] : ((k - head.count) % 2 == 0 ? 0x31 : 0x2C)   // 1,1,1,…
                }
                produced += n
                return n
            }
        }
        #expect(try HistoryReader.read(JSONScanner(source: source(), chunk: 64 << 10), progress: nil) { _ in } == nil)
        #expect(produced < 2 << 20)
        // It is the budget that stopped it, not the bytes.
        let parser = HistoryParser(scanner: JSONScanner(source: source(), chunk: 64 << 10)) { _ in }
        #expect(throws: HistoryError(offset: HistoryParser.detectionBudget + 2, reason: .malformed("no location history before byte 1048576"))) { try parser.run() }
        // The same keys after the history's own are read through.
        let late = #"{"photos": [1, 2], "locations": [{"latitudeE7": 1, "longitudeE7": 2, "timestamp": "2024-05-01T08:00:00Z"}], "more": [3]}"#
        #expect(try HistoryRead(late).summary?.points == 1)
    }

    @Test func aFileIsReadWhateverItsName() throws {
        let folder = Scratch.root.appendingPathComponent("detection-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("Zeitachse.json")
        try Data(#"{"semanticSegments": [{"startTime": "2024-05-01T08:00:00.000+02:00", "endTime": "2024-05-01T09:00:00.000+02:00", "timelinePath": [{"point": "48.1°, 11.5°", "time": "2024-05-01T08:10:00.000+02:00"}]}]}"#.utf8).write(to: url)
        #expect(try HistoryReader.format(ofFileAt: url.path) == .googleTimeline)
        var points: [HistoryPoint] = []
        let summary = try HistoryReader.read(fileAt: url.path) { if case .point(let p) = $0 { points.append(p) } }
        #expect(summary?.format == .googleTimeline && points == [HistoryPoint(instant: ms("2024-05-01T06:10:00Z"), latitude: 48.1, longitude: 11.5)])
        #expect(throws: HistoryError.self) { try HistoryReader.read(fileAt: folder.appendingPathComponent("absent.json").path) { _ in } }
    }
}
