import Foundation
import Testing
import SyntheticPhotos
@testable import PhotoMetadata

/// Videos built box by box (``SyntheticVideo``): the three places a position lives, the two
/// capture times, and the layouts that decide what is read.
@Suite struct VideoBoxesTests {
    private typealias V = SyntheticVideo
    private let reader = MetadataReader()

    private func read(_ video: V) throws -> ImageMetadata { try reader.read(bytes: video.bytes()) }

    private func iPhone() -> V {
        var video = V()
        video.location = "-33.9249+018.4241+3400.000/"
        video.creationDate = "2024-07-02T09:30:00-0500"
        (video.make, video.model) = ("Apple", "iPhone 15")
        video.created = V.seconds1904(year: 2024, month: 7, day: 2, hour: 14, minute: 30)
        return video
    }

    @Test func anIPhoneVideoGivesPositionAltitudeLocalTimeAndCamera() throws {
        let m = try read(iPhone())
        #expect(m.format == .mov)
        #expect(m.position == .init(latitude: -33.9249, longitude: 18.4241))
        #expect(m.positionSource == .quickTimeKeys)
        #expect(m.altitude == 3400)
        #expect(m.gpsIssue == nil)
        #expect(m.captureTime?.iso8601 == "2024-07-02T09:30:00-05:00")
        #expect(m.captureTimeSource == .quickTimeCreationDate)
        #expect(m.captureTime?.instant == Date(timeIntervalSince1970: 1_719_930_600))
        #expect(m.make == "Apple" && m.model == "iPhone 15")
        #expect(m.exifDigest != nil)
        #expect(m.pixelWidth == nil && m.gpsTimestamp == nil)
    }

    @Test func keysInAUserDataMetaFullBoxReadTheSame() throws {
        var video = iPhone()
        video.keysInUserData = true
        let m = try read(video)
        #expect(m.position == .init(latitude: -33.9249, longitude: 18.4241) && m.positionSource == .quickTimeKeys)
        #expect(m.captureTimeSource == .quickTimeCreationDate && m.make == "Apple")
    }

    @Test func anAndroidXYZPositionWithTheMovieHeadersUTCTime() throws {
        var video = V()
        video.xyz = "+59.3293+018.0686/"
        video.created = V.seconds1904(year: 2024, month: 6, day: 15, hour: 12)
        let m = try read(video)
        #expect(m.position == .init(latitude: 59.3293, longitude: 18.0686))
        #expect(m.positionSource == .userDataXYZ)
        #expect(m.altitude == nil)
        #expect(m.captureTime?.iso8601 == "2024-06-15T12:00:00+00:00")
        #expect(m.captureTimeSource == .movieHeader)
        #expect(m.make == nil && m.model == nil)
    }

    @Test func aLociPositionInAnMP4() throws {
        var video = V()
        (video.brand, video.layout) = ("isom", .moovFirst)
        video.loci = (latitude: 31.5590, longitude: 35.4732, altitude: -430.5)
        let m = try read(video)
        #expect(m.format == .mp4)
        let p = try #require(m.position)
        // 16.16 fixed point: 1/65536 of a degree, under two metres.
        #expect(abs(p.latitude - 31.5590) < 1e-5 && abs(p.longitude - 35.4732) < 1e-5)
        #expect(m.altitude == -430.5)
        #expect(m.positionSource == .loci)
        #expect(m.captureTime == nil && m.captureTimeSource == nil)  // mvhd's 0 means unknown
    }

    @Test func theMovieHeaderAloneGivesATimeAndNoPosition() throws {
        var video = V()
        (video.created, video.movieHeaderVersion) = (V.seconds1904(year: 2150, month: 1, day: 1), 1)
        let m = try read(video)
        #expect(m.position == nil && m.positionSource == nil)
        #expect(m.gpsIssue == .noVideoLocation)
        #expect(m.captureTime?.iso8601 == "2150-01-01T00:00:00+00:00")  // beyond 32 bits of 1904 seconds
        // Some cameras count mvhd from 1970, as ExifTool allows for.
        video = V()
        video.created = 1_718_452_800
        #expect(try read(video).captureTime?.iso8601 == "2024-06-15T12:00:00+00:00")
    }

    @Test func anIPhoneKeyComesBeforeXYZAndXYZBeforeLoci() throws {
        var video = iPhone()
        video.xyz = "+59.3293+018.0686/"
        video.loci = (latitude: 45.5, longitude: -73.5, altitude: 0)
        #expect(try read(video).positionSource == .quickTimeKeys)
        video.location = "+00.0000+000.0000/"   // a placeholder: the next one is taken
        let m = try read(video)
        #expect(m.positionSource == .userDataXYZ && m.position?.latitude == 59.3293 && m.gpsIssue == nil && m.altitude == nil)
        video.xyz = "garbage"
        #expect(try read(video).positionSource == .loci)
    }

    @Test func withoutAValidPositionTheFirstReasonIsGiven() throws {
        var video = V()
        video.location = "+00.0000+000.0000/"
        video.xyz = "+95.0000+010.0000/"
        #expect(try read(video).gpsIssue == .nullIsland)
        video.location = "somewhere"
        #expect(try read(video).gpsIssue == .notANumber("com.apple.quicktime.location.ISO6709"))
        video.location = nil
        #expect(try read(video).gpsIssue == .outOfRange(latitude: 95, longitude: 10))
        let m = try read(video)
        #expect(m.position == nil && m.positionSource == nil && m.altitude == nil)
    }

    @Test func aCreationDateWithoutOffsetIsLocalAndOneUnreadableFallsBackToTheMovieHeader() throws {
        var video = iPhone()
        video.creationDate = "2024-07-02T09:30:00"
        #expect(try read(video).captureTime?.iso8601 == "2024-07-02T09:30:00")
        video.creationDate = "yesterday"
        let m = try read(video)
        #expect(m.captureTime?.iso8601 == "2024-07-02T14:30:00+00:00" && m.captureTimeSource == .movieHeader)
    }

    @Test(arguments: [("qt  ", ImageFormat.mov), ("isom", .mp4), ("mp42", .mp4), ("M4V ", .m4v), ("3gp5", .threeGPP), ("3g2a", .threeGPP)])
    func everyBrandAndLayoutReadsTheSame(brand: String, format: ImageFormat) throws {
        for layout in [V.Layout.moovFirst, .moovAfterMdat, .fragmented] {
            for largeSizes in [false, true] {
                var video = iPhone()
                (video.brand, video.layout, video.largeSizes) = (brand, layout, largeSizes)
                let m = try read(video)
                #expect(m.format == format, "\(layout) \(largeSizes)")
                #expect(m.position == .init(latitude: -33.9249, longitude: 18.4241), "\(layout) \(largeSizes)")
            }
        }
    }

    @Test func oldQuickTimeWithoutFtypStartsWithItsMovie() throws {
        for layout in [V.Layout.moovFirst, .moovAfterMdat] {
            var video = iPhone()
            (video.brand, video.layout) = (nil, layout)
            let m = try read(video)
            #expect(m.format == .mov && m.positionSource == .quickTimeKeys)
        }
    }

    @Test func theDigestFollowsTheMetadataNotTheMedia() throws {
        var a = iPhone(), b = iPhone()
        b.mediaBytes = 4096
        #expect(try read(a).exifDigest == read(b).exifDigest)
        a.location = "-33.9250+018.4241+3400.000/"
        #expect(try read(a).exifDigest != read(b).exifDigest)
    }

    // MARK: What is read

    /// The moov after 5 GB of media, as a phone writes a long recording: only box headers are read
    /// on the way, and none of the media's bytes.
    @Test func mdatIsSteppedOverNeverRead() throws {
        var video = iPhone()
        video.largeSizes = true
        let hole = 5 << 30
        let head = video.ftyp() + V.box("wide", []) + V.be32(1) + Array("mdat".utf8) + V.be64(UInt64(16 + hole))
        let source = SparseBytes(head: head, holeBytes: hole, tail: video.moov())
        var m = ImageMetadata(format: .mov)
        try VideoBoxes.read(source, into: &m)
        #expect(m.positionSource == .quickTimeKeys && m.captureTimeSource == .quickTimeCreationDate)
        #expect(source.requests.allSatisfy { !$0.overlaps(source.hole) })
        // Headers, mvhd's first bytes, keys and four values: a few hundred bytes.
        #expect(source.bytesRead < 1_000, "\(source.requests)")
        // No track box is read beyond its header.
        let moov = head.count + hole
        let trak = moov + 16 + 108   // moov's 64-bit header, then mvhd
        #expect(!source.requests.contains { $0.lowerBound > trak && $0.upperBound <= trak + 100 })
    }

    /// The same through a real sparse file of 4.5 GB on disk: a handful of `pread`s.
    @Test func aSparseFourGigabyteFileCostsAFewReads() throws {
        var video = iPhone()
        video.largeSizes = true
        let hole = (4 << 30) + (1 << 29)
        let head = video.ftyp() + V.box("wide", []) + V.be32(1) + Array("mdat".utf8) + V.be64(UInt64(16 + hole))
        let file = try TemporaryFile(head, suffix: ".mov")
        let handle = try #require(FileHandle(forWritingAtPath: file.path))
        try handle.seek(toOffset: UInt64(head.count + hole))
        try handle.write(contentsOf: Data(video.moov()))
        try handle.close()
        let source = try FileSource(path: file.path)
        #expect(source.size > 1 << 32)
        var m = ImageMetadata(format: .mov)
        try VideoBoxes.read(source, into: &m)
        #expect(m.position == .init(latitude: -33.9249, longitude: 18.4241))
        #expect(source.reads <= 3)
        #expect(try reader.read(path: file.path).captureTime?.iso8601 == "2024-07-02T09:30:00-05:00")
    }

    /// A fragmented file's fragments come after its `moov`: nothing past it is read.
    @Test func fragmentsAfterTheMovieAreNotRead() throws {
        var video = iPhone()
        (video.brand, video.layout, video.mediaBytes) = ("isom", .fragmented, 4096)
        let bytes = video.bytes()
        let moovEnd = video.ftyp().count + video.moov().count
        let source = SparseBytes(head: Array(bytes[..<moovEnd]), holeBytes: bytes.count - moovEnd, tail: [])
        var m = ImageMetadata(format: .mp4)
        try VideoBoxes.read(source, into: &m)
        #expect(m.positionSource == .quickTimeKeys)
        #expect(source.requests.allSatisfy { $0.upperBound <= moovEnd })
    }
}

/// Hostile and broken videos: each ends in a result or a clear `MetadataError`, never a trap,
/// a hang, or an allocation sized by what a field claims.
@Suite struct VideoBoxesHardeningTests {
    private typealias V = SyntheticVideo
    private let ftyp = V.box("ftyp", Array("qt  \0\0\u{2}\0qt  ".utf8))

    private func reason(_ bytes: [UInt8]) -> MetadataError.Reason? {
        do {
            _ = try MetadataReader().read(bytes: bytes)
            return nil
        } catch {
            return error.reason
        }
    }

    private func moov(_ children: [UInt8]) -> [UInt8] { ftyp + V.box("moov", children) }

    /// One `keys` entry: its size, the `mdta` namespace, `com.apple.quicktime.` + `name`.
    private func key(_ name: String) -> [UInt8] {
        let full = Array("com.apple.quicktime.\(name)".utf8)
        return V.be32(UInt32(full.count + 8)) + Array("mdta".utf8) + full
    }

    @Test func aVideoWithoutMoovSaysSo() {
        #expect(reason(ftyp + V.box("mdat", [1, 2, 3])) == .corrupt("no moov box"))
        // A recording cut short: mdat's size 0 runs to the end of the file, and there is no moov.
        #expect(reason(ftyp + V.be32(0) + Array("mdat".utf8) + [1, 2, 3]) == .corrupt("no moov box"))
        // mdat claims more than the file holds: the file was cut.
        #expect(reason(ftyp + V.be32(100_000) + Array("mdat".utf8) + [1, 2, 3]) == .truncated("the file ends inside the 'mdat' box (its 100000 bytes)"))
    }

    @Test func everyPrefixOfAVideoIsAResultOrAnError() throws {
        var video = V()
        (video.location, video.creationDate, video.make, video.xyz) = ("+48.8584+002.2945+035.000/", "2024-07-02T09:30:00+0200", "Apple", "+1+002/")
        video.loci = (1, 2, 3)
        video.created = 3_000_000_000
        let bytes = video.bytes()
        var errors = 0
        for length in 1..<bytes.count {
            do { _ = try MetadataReader().read(bytes: Array(bytes.prefix(length))) } catch { errors += 1 }
        }
        // Every cut inside moov (it comes last) is an error; ftyp alone is a file without moov.
        #expect(errors == bytes.count - 1)
        #expect(reason(Array(bytes.dropLast(5))) == .truncated("the file ends inside the 'moov' box (its \(video.moov().count) bytes)"))
    }

    @Test func everyByteChangedIsAResultOrAnError() throws {
        var video = V()
        (video.location, video.creationDate, video.model, video.xyz, video.layout) = ("+48.8584+002.2945+035.000/", "2024-07-02T09:30:00+0200", "X", "+1+002/", .moovFirst)
        video.loci = (1, 2, 3)
        let bytes = video.bytes()
        for i in 0..<(bytes.count - video.mediaBytes) {
            for value: UInt8 in [0, 1, 7, 8, 0x7F, 0xFF] {
                var changed = bytes
                changed[i] = value
                _ = try? MetadataReader().read(bytes: changed)
            }
        }
    }

    @Test func zeroSizesInsideTheMovieRunToTheEndOfTheirParent() throws {
        // udta's last child with size 0: it is the rest of udta; position still read.
        let xyz = V.be32(0) + V.type("\u{A9}xyz") + V.be16(18) + [0x15, 0xC7] + Array("+59.3293+018.0686/".utf8)
        let m = try MetadataReader().read(bytes: moov(V.box("udta", xyz)))
        #expect(m.positionSource == .userDataXYZ)
        // A zero-sized ilst item is all of ilst and holds no data box: no position, no hang.
        let meta = V.box("meta", V.fullBox("keys", V.be32(1) + key("location.ISO6709"))
                        + V.box("ilst", V.be32(0) + V.be32(1)))
        #expect(try MetadataReader().read(bytes: moov(meta)).gpsIssue == .noVideoLocation)
    }

    @Test func childrenThatOverrunTheirParentAreCorrupt() {
        #expect(reason(moov(V.box("udta", V.be32(64) + Array("loci".utf8)))) == .corrupt("'loci' box runs past the box that holds it (its 64 bytes)"))
        #expect(reason(moov(V.box("udta", V.be32(5) + Array("loci".utf8)))) == .corrupt("'loci' box of 5 bytes"))
        #expect(reason(moov(V.box("mvhd", [0, 0, 0]) + V.be32(1) + Array("meta".utf8) + V.be64(1 << 62))) == .corrupt("'meta' box runs past the box that holds it (its 4611686018427387904 bytes)"))
    }

    @Test func shortOrStrangeValuesAreNoPositionNotAnError() throws {
        let cases: [[UInt8]] = [
            V.box("udta", V.box("\u{A9}xyz", V.be16(200) + [0, 0] + Array("+01+002/".utf8))),   // length beyond the box
            V.box("udta", V.box("\u{A9}xyz", [0])),
            V.box("udta", V.fullBox("loci", [0, 0] + Array("no terminator".utf8))),
            V.box("udta", V.fullBox("loci", [0, 0, 0, 0, 1, 2])),                                // cut in the coordinates
            V.box("udta", V.fullBox("loci", [0, 0, 0xFE, 0xFF, 0, 65, 0, 0, 0] + V.be32(0) + V.be32(0))),  // UTF-16 name, altitude cut
            V.box("mvhd", [1, 0, 0]),
            V.box("mvhd", [7] + [UInt8](repeating: 1, count: 40)),                               // an unknown version
            V.box("mvhd", []),
        ]
        for children in cases {
            let m = try MetadataReader().read(bytes: moov(children))
            #expect(m.position == nil && m.captureTime == nil && m.gpsIssue != nil)
        }
    }

    /// Found by the fuzzer: a version 1 mvhd whose 64-bit creation time is beyond Int64 trapped
    /// in the conversion to seconds since 1970.
    @Test func aSixtyFourBitCreationTimeBeyondAnyDateIsNoTime() throws {
        for created: UInt64 in [.max, UInt64(Int64.max) + 2_082_844_801, UInt64(Int64.max)] {
            let mvhd = V.fullBox("mvhd", version: 1, V.be64(created) + V.be64(created) + V.be32(1000) + V.be64(1000))
            let m = try MetadataReader().read(bytes: moov(mvhd))
            #expect(m.captureTime == nil && m.captureTimeSource == nil)
        }
        #expect(VideoBoxes.unixSeconds(mvhd: .max) == nil)
        #expect(VideoBoxes.unixSeconds(mvhd: 2_082_844_800) == 0)
        #expect(VideoBoxes.unixSeconds(mvhd: 86_400) == 86_400)
    }

    @Test func aUTF16LociNameIsSteppedOver() throws {
        let name: [UInt8] = [0xFE, 0xFF, 0, 0x50, 0, 0x61, 0, 0]   // "Pa"
        let loci = V.fullBox("loci", [0x15, 0xC7] + name + [0] + V.be32(UInt32(bitPattern: Int32(-4 << 16))) + V.be32(3 << 16) + V.be32(0) + Array("earth\0\0".utf8))
        let m = try MetadataReader().read(bytes: moov(V.box("udta", loci)))
        #expect(m.position == .init(latitude: 3, longitude: -4) && m.positionSource == .loci && m.altitude == 0)
    }

    @Test func hugeCountsAllocateNothing() throws {
        // keys claims four billion entries and holds one: that one is still found.
        let keys = V.fullBox("keys", V.be32(.max) + key("location.ISO6709") + V.be32(.max))
        let item = V.box(V.be32(1), V.box("data", V.be32(1) + V.be32(0) + Array("+48.8584+002.2945/".utf8)))
        let m = try MetadataReader().read(bytes: moov(V.box("meta", keys + V.box("ilst", item))))
        #expect(m.positionSource == .quickTimeKeys)
        // An ilst of 200,000 empty items: the box budget ends the walk.
        let items = [UInt8]((0..<200_000).lazy.flatMap { _ in V.box(V.be32(1), []) })
        #expect(reason(moov(V.box("meta", keys + V.box("ilst", items)))) == .corrupt("more than \(BoxReader.maxBoxes) boxes"))
        // A keys box of 2 MiB is refused before it is read.
        #expect(reason(moov(V.box("meta", V.box("keys", [UInt8](repeating: 0, count: 2 << 20)) + V.box("ilst", []))))
                == .corrupt("'keys' box of 2097152 bytes (at most 1048576 expected)"))
    }

    @Test func aValueTooLongOrOfAnotherTypeIsSkipped() throws {
        let keys = V.fullBox("keys", V.be32(2) + key("make") + key("model"))
        let long = V.box(V.be32(1), V.box("data", V.be32(1) + V.be32(0) + [UInt8](repeating: 0x41, count: 5000)))
        let float = V.box(V.be32(2), V.box("data", V.be32(23) + V.be32(0) + V.be32(0x3F80_0000)))
        let m = try MetadataReader().read(bytes: moov(V.box("meta", keys + V.box("ilst", long + float))))
        #expect(m.make == nil && m.model == nil)
        let utf16 = V.box(V.be32(2), V.box("data", V.be32(2) + V.be32(0) + [0, 0x50, 0, 0x78, 0, 0x6C, 0, 0]))
        #expect(try MetadataReader().read(bytes: moov(V.box("meta", keys + V.box("ilst", utf16)))).model == "Pxl")
    }

    @Test func deepNestingIsNotFollowed() throws {
        // udta inside udta inside ...: only the paths the reader knows are walked.
        var nested = V.box("\u{A9}xyz", V.be16(8) + [0, 0] + Array("+01+002/".utf8))
        for _ in 0..<10_000 { nested = V.box("udta", nested) }
        #expect(try MetadataReader().read(bytes: moov(nested)).gpsIssue == .noVideoLocation)
    }
}

/// Files written by ffmpeg itself, made here when ffmpeg is installed: its MOV (`©xyz`), its
/// MP4, M4V and 3GP (`loci`), a fragmented MP4, a `faststart` MOV and iPhone-style keys.
@Suite(.enabled(if: ExternalTool.ffmpeg != nil, "ffmpeg is not installed"))
struct VideoBoxesFFmpegTests {
    private func make(_ suffix: String, _ options: [String]) throws -> TemporaryFile {
        let file = try TemporaryFile([], suffix: suffix)
        _ = try ExternalTool.run(ExternalTool.ffmpeg!, ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "color=c=blue:s=32x32:r=5:d=0.4",
                                                        "-c:v", "mpeg4", "-metadata", "creation_time=2024-05-01T10:00:00Z"] + options + [file.path])
        return file
    }

    @Test(arguments: [
        (".mov", [] as [String], ImageFormat.mov, ImageMetadata.PositionSource.userDataXYZ),
        (".mov", ["-movflags", "faststart"], .mov, .userDataXYZ),
        (".mp4", [], .mp4, .loci),
        (".mp4", ["-movflags", "frag_keyframe+empty_moov"], .mp4, .loci),
        (".m4v", [], .m4v, .loci),
        (".3gp", ["-s", "176x144"], .threeGPP, .loci),
    ])
    func ffmpegsOwnFiles(suffix: String, options: [String], format: ImageFormat, source: ImageMetadata.PositionSource) throws {
        let file = try make(suffix, ["-metadata", "location=+48.8584+002.2945+035.000/"] + options)
        let m = try MetadataReader().read(path: file.path)
        #expect(m.format == format && m.positionSource == source)
        let p = try #require(m.position)
        #expect(abs(p.latitude - 48.8584) < 1e-4 && abs(p.longitude - 2.2945) < 1e-4)
        #expect(m.altitude == 35)
        #expect(m.captureTime?.iso8601 == "2024-05-01T10:00:00+00:00" && m.captureTimeSource == .movieHeader)
    }

    @Test func iPhoneKeysThroughUseMetadataTags() throws {
        let file = try make(".mov", ["-movflags", "use_metadata_tags", "-metadata", "com.apple.quicktime.location.ISO6709=+35.0116+135.7681+050.000/",
                                     "-metadata", "com.apple.quicktime.creationdate=2024-04-05T10:11:12+0900",
                                     "-metadata", "com.apple.quicktime.make=Apple", "-metadata", "com.apple.quicktime.model=iPhone 15 Pro"])
        let m = try MetadataReader().read(path: file.path)
        #expect(m.positionSource == .quickTimeKeys && m.position == .init(latitude: 35.0116, longitude: 135.7681) && m.altitude == 50)
        #expect(m.captureTime?.iso8601 == "2024-04-05T10:11:12+09:00" && m.captureTimeSource == .quickTimeCreationDate)
        #expect(m.make == "Apple" && m.model == "iPhone 15 Pro")
    }
}
