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
