#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads position, altitude, capture time, camera and size from image files without decoding
/// pixels, and reading only the bytes that hold them: JPEG and TIFF-based raws (CR2, NEF, ARW,
/// ORF, RW2, PEF, DNG) and Canon CR3 through libexif, HEIC/HEIF/AVIF through libheif, PNG and WebP by
/// extracting their Exif chunk; and videos (MOV, MP4, M4V, 3GP) from their `moov` box
/// (``ImageFormat/isVideo``), never their media data.
///
/// ```swift
/// let reader = MetadataReader()
/// do {
///     let m = try reader.read(path: "/photos/IMG_0042.jpg")
///     print(m.position?.latitude ?? "no position: \(m.gpsIssue!)")
/// } catch {
///     print(error)   // path and reason
/// }
/// ```
///
/// Stateless and `Sendable`: one reader may serve every thread at once.
public struct MetadataReader: Sendable {
    public init() {}

    /// Reads one file. Throws ``MetadataError`` naming the path when the file cannot be read
    /// or is no image; a photo without GPS is a result, with ``ImageMetadata/gpsIssue`` set.
    ///
    /// `size` is for a caller that has just `stat`ed the regular file (a directory walk): the
    /// reader then skips its own `fstat`.
    public func read(path: String, size: Int? = nil) throws(MetadataError) -> ImageMetadata {
        if let poison = Self.crashForTesting, path.hasSuffix(poison) { fatalError("ATLAS_CRASH_FOR_TESTING: \(path)") }
        do {
            return try read(FileSource(path: path, size: size))
        } catch {
            throw error.path.isEmpty ? MetadataError(path: path, reason: error.reason) : error
        }
    }

    /// Reads an image held in memory (a download, an archive member, a fuzzer's input).
    public func read(bytes: [UInt8], name: String = "<memory>") throws(MetadataError) -> ImageMetadata {
        do {
            return try read(MemoryBytes(data: bytes))
        } catch {
            throw MetadataError(path: name, reason: error.reason)
        }
    }

    private func read(_ source: some ByteReader) throws(MetadataError) -> ImageMetadata {
        guard source.size > 0 else { throw MetadataError(path: "", reason: .empty) }
        let magic = try source.slice(at: 0, count: ImageFormat.magicLength)
        guard let format = ImageFormat(magic: magic) else { throw MetadataError(path: "", reason: .unrecognisedFormat) }

        var metadata = ImageMetadata(format: format)
        let directories: TIFFDirectories?
        switch format {
        case .jpeg:
            let jpeg = try JPEGSegments(reader: source)
            (metadata.pixelWidth, metadata.pixelHeight) = (jpeg.width, jpeg.height)
            directories = try jpeg.exif.flatMap { range throws(MetadataError) in try Self.directories(source, base: range.lowerBound, limit: range.upperBound) }
        case .tiff:
            directories = try TIFFDirectories(reader: source, base: 0)
        case .heif, .avif:
            let item = try HEIFExif(reader: source)
            (metadata.pixelWidth, metadata.pixelHeight) = (item.width, item.height)
            directories = try item.exif.flatMap { block throws(MetadataError) in try Self.directories(in: block) }
        case .png:
            directories = try ChunkedContainers.pngExif(reader: source).flatMap { block throws(MetadataError) in try Self.directories(in: block) }
        case .webp:
            directories = try ChunkedContainers.webpExif(reader: source).flatMap { block throws(MetadataError) in try Self.directories(in: block) }
        case .cr3:
            directories = try CR3Boxes.directories(reader: source)
        case .mov, .mp4, .m4v, .threeGPP:
            try VideoBoxes.read(source, into: &metadata)
            return metadata
        }

        guard let directories else {
            metadata.gpsIssue = .noExif
            return metadata
        }
        let block = directories.compactExifBlock()
        metadata.exifDigest = ExifDigest.fnv1a(block)
        ExifDecoder.decode(block, hasGPSDirectory: directories.gps != nil, into: &metadata)
        if metadata.position != nil { metadata.positionSource = .exif }
        return metadata
    }

    private static func directories(in block: [UInt8]) throws(MetadataError) -> TIFFDirectories? {
        try directories(MemoryBytes(data: block), base: 0, limit: block.count)
    }

    /// An Exif block that does not even hold a TIFF header (or whose IFD0 is nowhere in it) is
    /// as good as none: the image is still an image. But a block cut inside a directory it
    /// announces is `truncated`, and a read error is an error.
    private static func directories(_ source: some ByteReader, base: Int, limit: Int) throws(MetadataError) -> TIFFDirectories? {
        do {
            return try TIFFDirectories(reader: source, base: base, limit: limit)
        } catch {
            switch error.reason {
            case .truncated where limit - base >= 8, .unreadable: throw error
            default: return nil
            }
        }
    }

    /// For tests of crash recovery only: a file whose path ends with `$ATLAS_CRASH_FOR_TESTING`
    /// kills the process that reads it, as a reader bug would (`atlas import` and `inspect` alike).
    static let crashForTesting: String? = {
        guard let value = getenv("ATLAS_CRASH_FOR_TESTING") else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }()
}
