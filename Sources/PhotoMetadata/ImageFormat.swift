/// The container of an image or video file, recognised by its first bytes, never by its name.
///
/// ```swift
/// ImageFormat(magic: [0xFF, 0xD8, 0xFF, 0xE1])   // .jpeg
/// ```
public enum ImageFormat: String, Sendable, CaseIterable, Codable {
    case jpeg, tiff, heif, avif, png, webp
    /// Canon CR3: an ISO base-media file, recognised so it is reported by name.
    case cr3
    /// QuickTime: `ftyp` brand `qt  `, or an old file that starts straight with a
    /// `moov`, `mdat`, `wide` or `free` box.
    case mov
    /// MPEG-4 (`isom`, `iso2`…`iso6`, `mp41`, `mp42`, `avc1`) and iTunes video (`M4V `).
    case mp4, m4v
    /// 3GPP and 3GPP2 (`3gp4`…, `3g2a`…).
    case threeGPP = "3gp"

    /// A video: its metadata comes from the `moov` box, not from Exif.
    public var isVideo: Bool {
        switch self {
        case .mov, .mp4, .m4v, .threeGPP: true
        default: false
        }
    }

    /// The extensions photos and videos are named with, lower case: what makes a name claim to
    /// be one (the bytes still decide what it is).
    public static let fileExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "heic", "heif", "hif", "avif", "png", "webp", "tif", "tiff", "dng",
        "cr2", "cr3", "nef", "arw", "orf", "rw2", "pef", "srw", "raf",
        "mov", "mp4", "m4v", "3gp",
    ]

    /// The number of leading bytes ``init(magic:)`` looks at.
    public static let magicLength = 32

    /// Recognises a format from the first ``magicLength`` bytes of a file, or `nil`.
    public init?(magic b: some Collection<UInt8>) {
        let b = Array(b.prefix(Self.magicLength))
        // Compared in place: this runs once per file, before anything else is read.
        func has(_ prefix: some Collection<UInt8>, at offset: Int = 0) -> Bool {
            guard b.count >= offset + prefix.count else { return false }
            return zip(b[offset...], prefix).allSatisfy { $0 == $1 }
        }
        if has([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if has([0x49, 0x49]) || has([0x4D, 0x4D]), b.count >= 4 {
            // "II"/"MM" then 42, or the magic numbers of TIFF-based raws: ORF (0x4F52, 0x5352), RW2 (0x55).
            let magic = has([0x49, 0x49]) ? UInt16(b[2]) | UInt16(b[3]) << 8 : UInt16(b[2]) << 8 | UInt16(b[3])
            guard [42, 0x4F52, 0x5352, 0x55].contains(magic) else { return nil }
            self = .tiff
        } else if has([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if has("RIFF".utf8), has("WEBP".utf8, at: 8) {
            self = .webp
        } else if has("ftyp".utf8, at: 4), b.count >= 12 {
            let brand = String(decoding: b[8..<12], as: UTF8.self)
            // A generic major brand ("mif1") names the real one among the compatible brands.
            let compatibleAVIF = { stride(from: 16, to: b.count - 3, by: 4).contains { has("avif".utf8, at: $0) } }
            switch brand {
            case "avif", "avis": self = .avif
            case "mif1", "miaf": self = compatibleAVIF() ? .avif : .heif
            case "heic", "heix", "heim", "heis", "hevc", "hevx", "msf1", "mif2": self = .heif
            case "crx ": self = .cr3
            case "qt  ": self = .mov
            case "M4V ", "M4VH", "M4VP": self = .m4v
            case "isom", "iso2", "iso3", "iso4", "iso5", "iso6", "mp41", "mp42", "avc1": self = .mp4
            case _ where brand.hasPrefix("3gp") || brand.hasPrefix("3g2"): self = .threeGPP
            default: return nil
            }
        } else if b.count >= 8, ["moov", "mdat", "wide", "free"].contains(where: { has($0.utf8, at: 4) }) {
            // QuickTime before `ftyp` (1990s to early 2000s): the first box is the movie itself.
            self = .mov
        } else {
            return nil
        }
    }
}
