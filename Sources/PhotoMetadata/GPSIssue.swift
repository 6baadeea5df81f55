/// Why a photo has no usable position. Invalid GPS values are never turned into a place.
///
/// ```swift
/// if let issue = metadata.gpsIssue { print(issue) }   // "zero denominator in GPSLatitude"
/// ```
public enum GPSIssue: Error, Sendable, Equatable, CustomStringConvertible {
    /// No Exif block at all in the file.
    case noExif
    /// Exif without a GPS IFD.
    case noGPSDirectory
    /// A GPS IFD without a readable latitude or longitude (names the missing tag).
    case missingCoordinate(String)
    /// A rational with a zero denominator (names the tag): cameras write 0/0 when they have no fix.
    case zeroDenominator(String)
    /// A value that is not a number (names the tag).
    case notANumber(String)
    /// Latitude outside [-90, 90] or longitude outside [-180, 180].
    case outOfRange(latitude: Double, longitude: Double)
    /// GPSStatus "V": the receiver itself says the measurement is void.
    case void
    /// Exactly 0,0: a placeholder written without a fix, not a place in the Gulf of Guinea.
    case nullIsland
    /// A video whose `moov` holds none of the three location boxes.
    case noVideoLocation

    /// A short, stable label for grouping (`no-exif`, `zero-denominator`, ...).
    public var kind: String {
        switch self {
        case .noExif: "no-exif"
        case .noGPSDirectory: "no-gps"
        case .missingCoordinate: "missing-coordinate"
        case .zeroDenominator: "zero-denominator"
        case .notANumber: "not-a-number"
        case .outOfRange: "out-of-range"
        case .void: "void"
        case .nullIsland: "null-island"
        case .noVideoLocation: "no-video-location"
        }
    }

    public var description: String {
        switch self {
        case .noExif: "no Exif metadata"
        case .noGPSDirectory: "no GPS IFD"
        case .missingCoordinate(let tag): "no readable \(tag)"
        case .zeroDenominator(let tag): "zero denominator in \(tag)"
        case .notANumber(let tag): "\(tag) is not a number"
        case .outOfRange(let lat, let lon): "position out of range (\(lat), \(lon))"
        case .void: "GPSStatus is V (void measurement)"
        case .nullIsland: "position is exactly 0,0 (placeholder)"
        case .noVideoLocation: "no location in the video's metadata"
        }
    }
}
