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
    }

    /// Where ``captureTime`` came from.
    public enum TimeSource: String, Sendable, Equatable {
        case original = "DateTimeOriginal"
        case digitized = "DateTimeDigitized"
        case modified = "DateTime"
    }

    public var format: ImageFormat
    public var position: Position?
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
    /// A 64-bit FNV-1a digest of the Exif entries the reader used (``ExifDigest``): equal for a
    /// file and its moved or copied twin, different once a tag it reads is edited. Nil without Exif.
    public var exifDigest: UInt64?

    public init(format: ImageFormat) {
        self.format = format
    }
}
