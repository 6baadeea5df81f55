import PhotoMetadata
import TravelLog

extension PhotoRecord {
    /// The record of a file the reader understood.
    init(file: LibraryWalker.File, metadata m: ImageMetadata, place: PlaceSnapshot?, offset: (seconds: Int, source: OffsetSource)?) {
        self.init(path: file.path, size: file.size, modifiedNs: file.modifiedNs)
        fingerprint = m.exifDigest
        format = m.format.rawValue
        takenLocal = m.captureTime.map(Self.localText)
        (utcOffsetSeconds, offsetSource) = (offset?.seconds, offset?.source)
        timeSource = m.captureTimeSource?.rawValue
        latitude = m.position?.latitude
        longitude = m.position?.longitude
        positionSource = m.positionSource?.rawValue
        altitude = m.altitude
        speedKmh = m.speedKmh
        gpsIssue = m.gpsIssue?.description
        make = m.make
        model = m.model
        self.place = place
    }

    /// The record of a file the reader could not read.
    init(file: LibraryWalker.File, error: MetadataError) {
        self.init(path: file.path, size: file.size, modifiedNs: file.modifiedNs)
        self.error = Failure(kind: error.kind, message: error.message)
    }

    /// ``CaptureTime/localISO8601`` without `String(format:)`, which cost more than reading
    /// the file's metadata when run once per photo.
    static func localText(_ t: CaptureTime) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(19)
        func digits(_ value: Int, _ count: Int) {
            var divisor = 1
            for _ in 1..<count { divisor *= 10 }
            var v = value
            for _ in 0..<count {
                bytes.append(UInt8(0x30 + (v / divisor) % 10))
                v %= divisor
                divisor = max(1, divisor / 10)
            }
        }
        digits(t.year, 4); bytes.append(0x2D); digits(t.month, 2); bytes.append(0x2D); digits(t.day, 2)
        bytes.append(0x54); digits(t.hour, 2); bytes.append(0x3A); digits(t.minute, 2); bytes.append(0x3A); digits(t.second, 2)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The local time as a ``CaptureTime``, for re-deriving the offset.
    var captureTime: CaptureTime? {
        takenLocal.flatMap { CaptureTime(exif: $0) }
    }
}
