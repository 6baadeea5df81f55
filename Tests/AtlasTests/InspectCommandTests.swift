import Foundation
import SyntheticPhotos
import SQLite
import Testing

/// `atlas inspect` names the camera once: "Canon EOS 30D", not "Canon Canon EOS 30D".
@Suite struct InspectCommandTests {
    @Test func theMakeIsNotRepeated() throws {
        let directory = SampleLog.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var canon = SyntheticPhoto()
        (canon.make, canon.model) = ("Canon", "Canon EOS 30D")
        var apple = SyntheticPhoto()
        (apple.make, apple.model) = ("Apple", "iPhone 15 Pro")
        try Data(canon.jpeg()).write(to: URL(fileURLWithPath: directory + "/canon.jpg"))
        try Data(apple.jpeg()).write(to: URL(fileURLWithPath: directory + "/apple.jpg"))
        let result = try AtlasBinary.run(["inspect", directory + "/canon.jpg", directory + "/apple.jpg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.first?.hasSuffix("  Canon EOS 30D") == true, "\(result.stdout)")
        #expect(result.lines.last?.hasSuffix("  Apple iPhone 15 Pro") == true, "\(result.stdout)")
        // The JSON keeps the make and model as the file has them.
        let json = try AtlasBinary.run(["inspect", "--json", directory + "/canon.jpg"])
        #expect(json.stdout.contains(#""make":"Canon","model":"Canon EOS 30D""#))
    }

    /// libheif is opened when a HEIF file is first read, not as the program starts: a command
    /// that reads no image never pays for its codecs. A HEIC still reads in full.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/ldd"), "no ldd"))
    func libheifIsOpenedOnlyForAHEIFFile() throws {
        let linked = try AtlasBinary.run(program: "/usr/bin/ldd", [AtlasBinary.path], environment: nil)
        #expect(linked.status == 0 && linked.stdout.contains("libexif") && !linked.stdout.contains("libheif"), "\(linked.stdout)")
        let directory = SampleLog.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let photo = SyntheticPhoto(latitude: 35.0116, longitude: 135.7681)
        guard let heic = photo.heic() else { return }  // this libheif cannot encode HEVC
        try Data(heic).write(to: URL(fileURLWithPath: directory + "/kyoto.heic"))
        let result = try AtlasBinary.run(["inspect", "--json", directory + "/kyoto.heic"])
        #expect(result.status == 0 && result.stdout.contains(#""latitude":35.0116,"longitude":135.7681"#), "\(result.stdout)")
        // The size comes from libheif, not from the box structure.
        #expect(result.stdout.contains(#""width":64,"height":64"#), "\(result.stdout)")
    }
}

/// `atlas inspect` shows the local time and offset an import records, GPS clock and video
/// header included.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct InspectTimeTests {
    /// What the log holds for each file after `atlas import`: local time, offset, its source.
    func logged(_ directory: String) throws -> [String: (String, Int, String)] {
        let db = directory + ".sqlite"
        let imported = try AtlasBinary.run(["import", directory, "--db", db, "--progress", "never"])
        #expect(imported.status == 0, "\(imported.stderr)")
        let s = try Database(path: db, mode: .readOnly).prepare("SELECT path, taken_local, utc_offset, offset_source FROM photos")
        var out: [String: (String, Int, String)] = [:]
        while try s.step() { out[URL(fileURLWithPath: s.string(0) ?? "").lastPathComponent] = (s.string(1) ?? "", s.int(2), s.string(3) ?? "") }
        return out
    }

    func offsetText(_ seconds: Int) -> String {
        String(format: "%@%02d:%02d", seconds < 0 ? "-" : "+", abs(seconds) / 3600, abs(seconds) % 3600 / 60)
    }

    @Test func theTimeIsTheOneTheLogRecords() throws {
        let directory = SampleLog.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // hachoir's gps.jpg, generated: Tokyo, a camera clock 8 minutes behind the GPS clock.
        var tokyo = SyntheticPhoto(latitude: 35.6160194, longitude: 139.6973167, dateTimeOriginal: "2003:05:24 22:21:01")
        (tokyo.gpsDate, tokyo.gpsTime) = ("2003:05:24", (22, 29, 14))
        try Data(tokyo.jpeg()).write(to: URL(fileURLWithPath: directory + "/tokyo.jpg"))
        // A movie header's UTC time, 23:30 on 15 June 2024, filmed in Stockholm.
        var video = SyntheticVideo()
        video.xyz = "+59.3293+018.0686/"
        video.created = SyntheticVideo.seconds1904(year: 2024, month: 6, day: 15, hour: 23, minute: 30)
        try Data(video.bytes()).write(to: URL(fileURLWithPath: directory + "/stockholm.mp4"))
        let tokyoOffset = TimeZone(identifier: "Asia/Tokyo")!.secondsFromGMT(for: Date(timeIntervalSince1970: 1_053_800_000))
        let stockholmOffset = TimeZone(identifier: "Europe/Stockholm")!.secondsFromGMT(for: Date(timeIntervalSince1970: 1_718_494_200))

        let result = try AtlasBinary.run(["inspect", "--json", directory + "/tokyo.jpg", directory + "/stockholm.mp4"])
        #expect(result.status == 0, "\(result.stderr)")
        let shown = try result.lines.map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        #expect(shown.count == 2)
        let log = try logged(directory)
        for (object, (name, offset)) in zip(shown, [("tokyo.jpg", tokyoOffset), ("stockholm.mp4", stockholmOffset)]) {
            let record = try #require(log[name], "\(name) not imported")
            #expect(record.1 == offset, "\(name): the log has \(record.1)")
            #expect(object["taken_at"] as? String == record.0, "\(name)")
            #expect(object["offset"] as? String == offsetText(record.1), "\(name)")
            #expect(object["offset_source"] as? String == record.2, "\(name)")
        }
        #expect(log["tokyo.jpg"]?.2 == "timezone-over-gps" && log["stockholm.mp4"]?.0 == "2024-06-16T01:30:00")

        let text = try AtlasBinary.run(["inspect", directory + "/tokyo.jpg"])
        #expect(text.stdout.contains("2003-05-24T22:21:01\(offsetText(tokyoOffset)) (timezone-over-gps)"), "\(text.stdout)")
    }

    /// A file that records its own offset needs no gazetteer, so none is opened.
    @Test func aFileWithItsOwnOffsetNeedsNoGazetteer() throws {
        let directory = SampleLog.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(SyntheticPhoto(offsetTimeOriginal: "+09:00").jpeg()).write(to: URL(fileURLWithPath: directory + "/own.jpg"))
        try Data(SyntheticPhoto().jpeg()).write(to: URL(fileURLWithPath: directory + "/placed.jpg"))
        let missing = directory + "/no-such.sqlite"
        let own = try AtlasBinary.run(["inspect", directory + "/own.jpg", "--gazetteer", missing])
        #expect(own.status == 0 && own.stdout.contains("2024-04-05T10:11:12+09:00"), "\(own.stdout)\(own.stderr)")
        let placed = try AtlasBinary.run(["inspect", directory + "/placed.jpg", "--gazetteer", missing])
        #expect(placed.status == 2 && placed.stdout.isEmpty && placed.stderr.contains(missing), "\(placed.stderr)")
    }
}
