import Foundation
import SyntheticPhotos

/// Videos for the benchmark library: phone recordings of 20–200 MB whose media data is a hole
/// on disk, with a `moov` of the size and shape a phone writes (a sample table per track, the
/// bulk of it, and the metadata boxes), so a reader walks real layouts at real offsets.
extension BenchLibrary {
    /// iPhone-style MOVs into DIR/mov: `ftyp`, `wide`, `mdat`, then `moov` at the end (a phone
    /// writes the movie as it records and the index last), with `keys` + `ilst` after the tracks.
    /// Android-style MP4s into DIR/mp4: `ftyp`, `moov`, `mdat` (Android's MPEG4Writer reserves
    /// room for `moov` before the media and fills it at the end), with `udta/©xyz` and a `meta`
    /// of Android's own keys, none of them a position.
    func writeVideos(movCount: Int, mp4Count: Int, seed: UInt64) throws {
        var random = SplitMix64(seed: seed ^ 0x5649_4445_4F53)  // "VIDEOS": its own stream, whatever the photo counts
        let movDir = root.appendingPathComponent("mov"), mp4Dir = root.appendingPathComponent("mp4")
        for (dir, count) in [(movDir, movCount), (mp4Dir, mp4Count)] where count > 0 {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        }
        for i in 0..<movCount {
            let shot = Shot(&random)
            var video = SyntheticVideo()
            video.location = String(format: "%+08.4f%+09.4f%+08.3f/", shot.latitude, shot.longitude, shot.altitude)
            video.creationDate = shot.local + "+0100"
            (video.make, video.model) = ("Apple", "iPhone 15 Pro")
            video.otherKeys = [("com.apple.quicktime.location.accuracy.horizontal", String(format: "%.6f", Double.random(in: 3...65, using: &random))),
                               ("com.apple.quicktime.software", "17.1.2"),
                               ("com.apple.quicktime.full-frame-rate-playback-intent", "1"),
                               ("com.apple.quicktime.content.identifier", identifier(&random))]
            video.created = shot.created
            let media = Int.random(in: 20_000_000...200_000_000, using: &random)
            video.sampleTableBytes = Self.sampleTables(mediaBytes: media, timedMetadataTracks: 3)
            video.mediaBytes = 0
            let head = video.ftyp() + SyntheticVideo.box("wide", []) + SyntheticVideo.be32(UInt32(media + 8)) + SyntheticVideo.type("mdat")
            let moov = video.moov()
            try writeSparse(head, trailer: moov, size: head.count + media + moov.count,
                            to: movDir.appendingPathComponent(String(format: "IMG_%05d.MOV", i)))
        }
        for i in 0..<mp4Count {
            let shot = Shot(&random)
            var video = SyntheticVideo()
            (video.brand, video.layout) = ("mp42", .moovFirst)
            video.xyz = String(format: "%+08.4f%+09.4f/", shot.latitude, shot.longitude)
            video.otherKeys = [("com.android.version", "14"), ("com.android.capture.fps", "30.000000")]
            video.created = shot.created
            let media = Int.random(in: 20_000_000...200_000_000, using: &random)
            video.sampleTableBytes = Self.sampleTables(mediaBytes: media, timedMetadataTracks: 0)
            video.mediaBytes = 0
            let head = video.ftyp() + video.moov() + SyntheticVideo.be32(UInt32(media + 8)) + SyntheticVideo.type("mdat")
            try writeSparse(head, trailer: [], size: head.count + media,
                            to: mp4Dir.appendingPathComponent(String(format: "VID_%05d.mp4", i)))
        }
        print("wrote \(movCount) MOV and \(mp4Count) MP4 files to \(root.path)")
    }

    /// The sample tables of a recording at about 2 MB/s and 30 frames/s: some 12 bytes a video
    /// frame (size, chunk offset, dependency, composition offset), 8 an AAC frame of audio
    /// (43 a second), and the small tables of timed-metadata tracks.
    static func sampleTables(mediaBytes: Int, timedMetadataTracks: Int) -> [Int] {
        let seconds = max(1, mediaBytes / 2_000_000)
        return [seconds * 30 * 12, seconds * 43 * 8] + Array(repeating: seconds * 16, count: timedMetadataTracks)
    }

    private func identifier(_ random: inout SplitMix64) -> String {
        let a = random.next(), b = random.next()
        return String(format: "%08X-%04X-%04X-%04X-%012llX", UInt32(a >> 32), UInt16(a >> 16 & 0xFFFF), UInt16(a & 0xFFFF),
                      UInt16(b >> 48), b & 0xFFFF_FFFF_FFFF)
    }
}

/// Where and when one benchmark file was shot, drawn from the library's generator.
struct Shot {
    let latitude: Double, longitude: Double, altitude: Double
    let month: Int, day: Int, hour: Int, minute: Int, second: Int

    init(_ random: inout SplitMix64) {
        latitude = Double.random(in: -55...70, using: &random)
        longitude = Double.random(in: -179...179, using: &random)
        altitude = Double(Int.random(in: 0...3000, using: &random)) + Double(Int.random(in: 0...999, using: &random)) / 1000
        (month, day) = (Int.random(in: 1...12, using: &random), Int.random(in: 1...28, using: &random))
        (hour, minute, second) = (Int.random(in: 0...23, using: &random), Int.random(in: 0...59, using: &random), Int.random(in: 0...59, using: &random))
    }

    /// The local time in 2023 in ISO 8601 without offset: "2023-06-12T14:03:27".
    var local: String { String(format: "2023-%02d-%02dT%02d:%02d:%02d", month, day, hour, minute, second) }

    /// Seconds since 1904 (`mvhd`), taking the local time as UTC+1.
    var created: UInt64 { SyntheticVideo.seconds1904(year: 2023, month: month, day: day, hour: hour, minute: minute, second: second) - 3_600 }

    /// Seconds since 1970 UTC (Takeout's `photoTakenTime`).
    var unixSeconds: Int64 { Int64(created) - 2_082_844_800 }
}
