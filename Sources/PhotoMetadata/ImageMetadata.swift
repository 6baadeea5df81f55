import Foundation

/// What one image file says about where, when and with what it was taken.
///
/// ```swift
/// let m = try MetadataReader().read(path: "IMG_0001.HEIC")
/// if let p = m.position { print(p.latitude, p.longitude) } else { print(m.gpsIssue!) }
/// ```
///
/// A value type; `Sendable`.
public struct ImageMetadata: Sendable, Equatable {
    /// A validated GPS position in signed decimal degrees (south and west negative).
    public struct Position: Sendable, Equatable {
        public let latitude: Double
        public let longitude: Double
        /// The file had no GPSLatitudeRef / GPSLongitudeRef; the value was taken as N / E,
        /// as exiftool does.
        public let missingReference: Bool

        public init(latitude: Double, longitude: Double, missingReference: Bool = false) {
            self.latitude = latitude
            self.longitude = longitude
            self.missingReference = missingReference
        }

        /// Why a coordinate is no position (out of range, or exactly 0,0), or nil when it is one.
        static func issue(latitude: Double, longitude: Double) -> GPSIssue? {
            if !(-90...90).contains(latitude) || !(-180...180).contains(longitude) { return .outOfRange(latitude: latitude, longitude: longitude) }
            return latitude == 0 && longitude == 0 ? .nullIsland : nil
        }
    }

    /// Where ``captureTime`` came from.
    public enum TimeSource: String, Sendable, Equatable {
        case original = "DateTimeOriginal"
        case digitized = "DateTimeDigitized"
        case modified = "DateTime"
        /// A video's `com.apple.quicktime.creationdate` key: local time with its offset.
        case quickTimeCreationDate = "com.apple.quicktime.creationdate"
        /// A video's movie header (`mvhd`) creation time: UTC, so the capture time is at
        /// offset +00:00 and the local wall clock is unknown.
        case movieHeader = "mvhd"
        /// An XMP sidecar's `exif:DateTimeOriginal` or `photoshop:DateCreated`.
        case xmpSidecar = "xmp-sidecar"
        /// A Google Takeout JSON's `photoTakenTime`: an instant in UTC.
        case takeout

        /// The time is an instant in UTC, not the camera's clock: the local time is the wall
        /// clock at the place it was taken.
        public var isUTCInstant: Bool { self == .movieHeader || self == .takeout }
    }

    /// Where ``position`` came from: the photo's Exif, or which of a video's three places.
    public enum PositionSource: String, Sendable, Equatable, CaseIterable {
        /// The GPS IFD of the image's Exif.
        case exif
        /// `com.apple.quicktime.location.ISO6709` in a `meta` box's `keys` and `ilst` (iPhone).
        case quickTimeKeys = "video-apple-keys"
        /// `moov/udta/©xyz`, ISO 6709 text (Android phones, ffmpeg's MOV).
        case userDataXYZ = "video-xyz"
        /// 3GPP `moov/udta/loci`, fixed-point degrees (ffmpeg's MP4 and 3GP).
        case loci = "video-3gpp-loci"
        /// An XMP sidecar (``SidecarMetadata/Source/xmpSidecar``).
        case xmpSidecar = "xmp-sidecar"
        /// A Google Takeout JSON (``SidecarMetadata/Source/takeout``).
        case takeout
        /// A GPX track at the capture instant.
        case track
    }

    public var format: ImageFormat
    public var position: Position?
    /// Where ``position`` came from; nil exactly when it is.
    public var positionSource: PositionSource?
    /// Why ``position`` is nil.
    public var gpsIssue: GPSIssue?
    /// Metres above sea level; negative below (GPSAltitudeRef = 1).
    public var altitude: Double?
    /// Speed over ground in km/h (GPSSpeed converted from its GPSSpeedRef unit).
    public var speedKmh: Double?
    public var captureTime: CaptureTime?
    public var captureTimeSource: TimeSource?
    /// The instant from GPSDateStamp + GPSTimeStamp, which are UTC by definition.
    public var gpsTimestamp: Date?
    public var make: String?
    public var model: String?
    public var pixelWidth: Int?
    public var pixelHeight: Int?
    /// A 64-bit FNV-1a digest of the Exif entries the reader used (``ExifDigest``), or of a
    /// video's movie header and the metadata values it read: equal for a file and its moved or
    /// copied twin, different once a tag it reads is edited. Nil without Exif.
    public var exifDigest: UInt64?

    public init(format: ImageFormat) {
        self.format = format
    }
}
