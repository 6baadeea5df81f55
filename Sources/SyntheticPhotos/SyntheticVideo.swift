import Foundation

/// A video's metadata in the boxes real writers use, around a stand-in `mdat`: an iPhone's
/// `moov/meta` (`keys` + `ilst`), ffmpeg's `moov/udta/meta`, Android's and ffmpeg's
/// `moov/udta/©xyz`, 3GPP `moov/udta/loci`, and `mvhd`'s creation time. For tests, fuzz seeds
/// and benchmarks: the bytes a reader walks are a real file's, but there is no playable track.
///
/// ```swift
/// var video = SyntheticVideo()
/// video.location = "+48.8584+002.2945+035.000/"
/// video.creationDate = "2024-07-02T09:30:00+0200"
/// try Data(video.bytes()).write(to: url)
/// ```
public struct SyntheticVideo: Sendable {
    /// Where `moov` lies.
    public enum Layout: Sendable {
        /// `ftyp`, `moov`, `mdat`: a file made for streaming (`-movflags faststart`).
        case moovFirst
        /// `ftyp`, `wide`, `mdat`, `moov`: what a camera or phone writes as it records.
        case moovAfterMdat
        /// `ftyp`, `moov` (with `mvex`), then `moof` + `mdat` fragments.
        case fragmented
    }

    /// The `ftyp` major brand; nil writes no `ftyp` (QuickTime before 2001).
    public var brand: String? = "qt  "
    public var layout: Layout = .moovAfterMdat
    /// `com.apple.quicktime.*` keys, in a `meta` box of `moov` (an iPhone) or of `moov/udta`
    /// (ffmpeg's `-movflags use_metadata_tags`).
    public var location: String?
    public var creationDate: String?
    public var make: String?
    public var model: String?
    public var keysInUserData = false
    /// More `keys` entries after those four, as an iPhone writes them (software, accuracy,
    /// content identifier…): full key names and their text values.
    public var otherKeys: [(key: String, value: String)] = []
    /// `moov/udta/©xyz` text.
    public var xyz: String?
    /// `moov/udta/loci` in degrees and metres.
    public var loci: (latitude: Double, longitude: Double, altitude: Double)?
    /// `mvhd`'s creation time, seconds since 1904-01-01 UTC (0: unknown).
    public var created: UInt64 = 0
    /// More tracks after the first, each with a sample table of about these many bytes: the
    /// bulk of a real `moov` (a size and an offset per frame), which a reader steps over.
    public var sampleTableBytes: [Int] = []
    /// `mvhd` version 1 stores 64-bit times.
    public var movieHeaderVersion: UInt8 = 0
    /// The size of the stand-in media data.
    public var mediaBytes = 1024
    /// `mdat` and `moov` with the 64-bit size form (size field 1).
    public var largeSizes = false

    public init() {}

    public func bytes() -> [UInt8] {
        let media = Self.box("mdat", [UInt8](repeating: 0xAB, count: mediaBytes), large: largeSizes)
        switch layout {
        case .moovFirst:
            return ftyp() + moov() + media
        case .moovAfterMdat:
            return ftyp() + (brand == "qt  " ? Self.box("wide", []) : []) + media + moov()
        case .fragmented:
            let fragment = Self.box("moof", Self.fullBox("mfhd", [0, 0, 0, 1]) + Self.box("traf", Self.fullBox("tfhd", [0, 0, 0, 1])))
            return ftyp() + moov() + fragment + media + fragment + media
        }
    }

    public func ftyp() -> [UInt8] {
        guard let brand else { return [] }
        return Self.box("ftyp", Self.type(brand) + [0, 0, 2, 0] + Self.type(brand) + Self.type(brand == "qt  " ? "qt  " : "isom"))
    }

    public func moov() -> [UInt8] {
        var children = movieHeader() + Self.box("trak", Self.fullBox("tkhd", [UInt8](repeating: 0, count: 80)))
        for bytes in sampleTableBytes {
            let table = Self.box("stbl", Self.fullBox("stsz", Self.be32(0) + Self.be32(UInt32(max(0, bytes) / 4)) + [UInt8](repeating: 0x5A, count: max(0, bytes) / 4 * 4)))
            children += Self.box("trak", Self.fullBox("tkhd", [UInt8](repeating: 0, count: 80)) + Self.box("mdia", Self.box("minf", table)))
        }
        if layout == .fragmented { children += Self.box("mvex", Self.fullBox("trex", [UInt8](repeating: 0, count: 20))) }
        if !keysInUserData, let meta = keysMeta(fullBox: false) { children += meta }
        var userData: [UInt8] = []
        if let xyz { userData += Self.box("\u{A9}xyz", Self.be16(UInt16(xyz.utf8.count)) + [0x15, 0xC7] + Array(xyz.utf8)) }
        if let loci {
            func fixed(_ v: Double) -> [UInt8] { Self.be32(UInt32(bitPattern: Int32((v * 65536).rounded()))) }
            // Language, an empty name, role 0 (shooting), the point, "earth", empty notes.
            userData += Self.fullBox("loci", [0, 0, 0] + [0] + fixed(loci.longitude) + fixed(loci.latitude) + fixed(loci.altitude) + Array("earth".utf8) + [0, 0])
        }
        if keysInUserData, let meta = keysMeta(fullBox: true) { userData += meta }
        if !userData.isEmpty { children += Self.box("udta", userData) }
        return Self.box("moov", children, large: largeSizes)
    }

    private func movieHeader() -> [UInt8] {
        // Times, a time scale of 1000, a duration of 1 s, rate, volume, matrix, next track.
        let times = movieHeaderVersion == 1 ? Self.be64(created) + Self.be64(created) : Self.be32(UInt32(truncatingIfNeeded: created)) + Self.be32(UInt32(truncatingIfNeeded: created))
        let duration = movieHeaderVersion == 1 ? Self.be64(1000) : Self.be32(1000)
        let rest = Self.be32(0x0001_0000) + [1, 0] + [UInt8](repeating: 0, count: 10) + [UInt8](repeating: 0, count: 36) + [UInt8](repeating: 0, count: 24) + Self.be32(2)
        return Self.box("mvhd", [movieHeaderVersion, 0, 0, 0] + times + Self.be32(1000) + duration + rest)
    }

    /// `meta` with `hdlr` (`mdta`), `keys` and `ilst`, for the keys that are set.
    private func keysMeta(fullBox: Bool) -> [UInt8]? {
        let values = [("location.ISO6709", location), ("creationdate", creationDate), ("make", make), ("model", model)]
            .compactMap { name, value in value.map { ("com.apple.quicktime." + name, $0) } } + otherKeys.map { ($0.key, $0.value) }
        guard !values.isEmpty else { return nil }
        let handler = Self.fullBox("hdlr", [0, 0, 0, 0] + Array("mdta".utf8) + [UInt8](repeating: 0, count: 12) + [0])
        let keys = Self.fullBox("keys", Self.be32(UInt32(values.count)) + values.flatMap { Self.be32(UInt32($0.0.utf8.count + 8)) + Array("mdta".utf8) + Array($0.0.utf8) })
        let items = Self.box("ilst", values.enumerated().flatMap { i, entry in
            Self.box(Self.be32(UInt32(i + 1)), Self.box("data", Self.be32(1) + Self.be32(0) + Array(entry.1.utf8)))
        })
        let children = handler + keys + items
        return fullBox ? Self.fullBox("meta", children) : Self.box("meta", children)
    }

    /// Seconds since 1904-01-01 UTC, as `mvhd` counts them.
    public static func seconds1904(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> UInt64 {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second))!
        return UInt64(Int64(date.timeIntervalSince1970) + 2_082_844_800)
    }

    // MARK: Boxes, for tests that build their own layouts.

    /// A box type from four characters of U+0000…U+00FF (`"\u{A9}xyz"`).
    public static func type(_ name: String) -> [UInt8] { name.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) } }

    public static func box(_ type: String, _ body: [UInt8], large: Bool = false) -> [UInt8] { box(Self.type(type), body, large: large) }

    public static func box(_ type: [UInt8], _ body: [UInt8], large: Bool = false) -> [UInt8] {
        large ? be32(1) + type + be64(UInt64(body.count + 16)) + body : be32(UInt32(body.count + 8)) + type + body
    }

    /// A box whose body starts with a version and 24 bits of flags (all zero here but `version`).
    public static func fullBox(_ type: String, version: UInt8 = 0, _ body: [UInt8]) -> [UInt8] { box(type, [version, 0, 0, 0] + body) }

    public static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    public static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    public static func be64(_ v: UInt64) -> [UInt8] { be32(UInt32(v >> 32)) + be32(UInt32(v & 0xFFFF_FFFF)) }
}
