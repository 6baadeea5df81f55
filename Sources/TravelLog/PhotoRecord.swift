import PhotoMetadata

/// One photo as the travel log keeps it: where the file is, what it is, when and where it was
/// taken, and a denormalised snapshot of its place chain (``PlaceSnapshot``), so the row stays
/// readable whatever later gazetteers do. A file that could not be read is a record too, with ``error``.
///
/// ```swift
/// var record = PhotoRecord(path: "/photos/a.jpg", size: 1234, modifiedNs: 1_700_000_000_000_000_000)
/// record.error = .init(kind: "truncated", message: "truncated: JPEG ends inside a segment")
/// ```
///
/// A value type; `Sendable`.
public struct PhotoRecord: Sendable, Equatable {
    /// Where the UTC offset of the capture time came from.
    public enum OffsetSource: String, Sendable, Equatable {
        /// OffsetTimeOriginal (or its siblings) in the file.
        case exif
        /// The difference between the local time and the GPS (UTC) time, rounded to 15 minutes.
        case gps
        /// The time zone of the resolved city at that local time.
        case timezone
        /// The time zone of the position, as ``timezone``, because the GPS clock gave an offset
        /// that zone did not have on the capture date (a camera clock set wrong or drifted).
        case timezoneOverGPS = "timezone-over-gps"

        /// Whether the offset is the zone's at the position, so a new place (a new gazetteer, a
        /// track) re-derives it.
        public var isZoneOffset: Bool { self == .timezone || self == .timezoneOverGPS }
    }

    /// Why a file gave no metadata.
    public struct Failure: Sendable, Equatable {
        /// A stable label for grouping (`truncated`, `unrecognised-format`, ...).
        public var kind: String
        public var message: String

        public init(kind: String, message: String) {
            self.kind = kind
            self.message = message
        }
    }

    /// Canonical absolute path (symlinks in the root resolved).
    public var path: String
    public var size: Int64
    public var modifiedNs: Int64
    /// ``PhotoMetadata/ImageMetadata/exifDigest``: with the size, what recognises a moved file.
    public var fingerprint: UInt64?
    public var format: String?
    /// Local wall-clock time, `YYYY-MM-DDTHH:MM:SS`.
    public var takenLocal: String?
    public var utcOffsetSeconds: Int?
    public var offsetSource: OffsetSource?
    public var timeSource: String?
    public var latitude: Double?
    public var longitude: Double?
    public var altitude: Double?
    /// GPS speed at capture, km/h: with the altitude, what marks a photo taken in flight.
    public var speedKmh: Double?
    /// Where the position came from: `exif`, `video-apple-keys`, `video-xyz`, `video-3gpp-loci`,
    /// `xmp-sidecar`, `takeout` or `track`; nil exactly when there is no position.
    public var positionSource: String?
    /// Every value ``positionSource`` takes.
    public static let positionSources: Set<String> = Set(ImageMetadata.PositionSource.allCases.map(\.rawValue))
    /// The sidecars the file was read with, one per line as `name<TAB>size<TAB>mtime_ns`
    /// (names in the file's folder): when they change, the file is read again.
    public var sidecars: String?
    /// Why there is no position (`no GPS IFD`, `position is exactly 0,0`, ...).
    public var gpsIssue: String?
    public var make: String?
    public var model: String?
    /// The resolved place and the gazetteer that produced it; nil without a position or a place.
    public var place: PlaceSnapshot?
    public var error: Failure?

    public init(path: String, size: Int64, modifiedNs: Int64) {
        self.path = path
        self.size = size
        self.modifiedNs = modifiedNs
    }
}
