import Foundation

/// What a sidecar file says about the photo beside it: a position, an altitude and a capture
/// time, with where they came from. Read by ``XMPSidecar`` and ``TakeoutSidecar``.
///
/// ```swift
/// let side = try XMPSidecar.read(Data(contentsOf: url), path: url.path)
/// side.position?.latitude   // 37.9838
/// side.source               // .xmpSidecar
/// ```
///
/// A value type; `Sendable`.
public struct SidecarMetadata: Sendable, Equatable {
    /// Where a position that is not in the photo's own Exif came from.
    public enum Source: String, Sendable, Equatable {
        /// An XMP sidecar (`NAME.xmp` or `NAME.EXT.xmp`), as darktable, digiKam and Lightroom write.
        case xmpSidecar = "xmp-sidecar"
        /// A Google Takeout JSON (`NAME.EXT.json`, `NAME.EXT.supplemental-metadata.json`).
        case takeout
    }

    public var source: Source
    public var position: ImageMetadata.Position?
    /// Metres above sea level; negative below.
    public var altitude: Double?
    /// The camera's local time, with its offset when the sidecar gives one (XMP).
    public var captureTime: CaptureTime?
    /// The capture instant in UTC (Takeout's `photoTakenTime`).
    public var takenUTC: Date?

    public init(source: Source) { self.source = source }

    /// The largest sidecar read: real ones are a few kilobytes.
    public static let maximumBytes = 1 << 20
}

extension XMPSidecar {
    /// Reads the XMP sidecar at `path` (at most ``SidecarMetadata/maximumBytes``).
    public static func read(path: String) throws(MetadataError) -> SidecarMetadata {
        try read(FileSource.contents(path: path, maximumBytes: SidecarMetadata.maximumBytes, what: "XMP sidecar"), path: path)
    }
}

extension TakeoutSidecar {
    /// Reads the Takeout JSON at `path` (at most ``SidecarMetadata/maximumBytes``).
    public static func read(path: String) throws(MetadataError) -> SidecarMetadata {
        try read(FileSource.contents(path: path, maximumBytes: SidecarMetadata.maximumBytes, what: "Takeout JSON"), path: path)
    }
}

extension GPXTrack {
    /// Reads the GPX file at `path` (at most ``maximumBytes``).
    public static func read(path: String) throws(MetadataError) -> GPXTrack {
        try read(FileSource.contents(path: path, maximumBytes: maximumBytes, what: "GPX"), path: path)
    }
}

extension FileSource {
    /// The whole of a small file (a sidecar, a track), refused before it is read when it is
    /// larger than `maximumBytes`: an error names the file and the cap.
    static func contents(path: String, maximumBytes: Int, what: String) throws(MetadataError) -> Data {
        let file = try FileSource(path: path)
        guard file.size <= maximumBytes else {
            throw MetadataError(path: path, reason: .corrupt("\(what) of \(file.size) bytes, over the \(maximumBytes) read"))
        }
        guard file.size > 0 else { throw MetadataError(path: path, reason: .empty) }
        return try file.whole()
    }
}

extension FileSource {
    /// The whole file read once into the buffer the data then owns (a sidecar, a track):
    /// neither zeroed first nor copied from a window, as `Data(slice(at:count:))` was.
    func whole() throws(MetadataError) -> Data {
        guard size > 0 else { return Data() }
        guard let buffer = malloc(size) else { throw MetadataError(path: path, reason: .unreadable("out of memory")) }
        var failure: Int32 = 0
        let filled = fill(UnsafeMutableRawBufferPointer(start: buffer, count: size), from: 0, failure: &failure)
        guard failure == 0 else {
            free(buffer)
            throw MetadataError(path: path, reason: .unreadable(String(cString: strerror(failure))))
        }
        return Data(bytesNoCopy: buffer, count: filled, deallocator: .free)   // fewer when the file shrank
    }
}
