import PhotoMetadata
import Resolver
import TravelLog

extension PhotoRecord {
    /// The record of a file the reader understood.
    init(file: LibraryWalker.File, metadata m: ImageMetadata, place: PhotoRecord.Place?, offset: (seconds: Int, source: OffsetSource)?) {
        self.init(path: file.path, size: file.size, modifiedNs: file.modifiedNs)
        fingerprint = m.exifDigest
        format = m.format.rawValue
        takenLocal = m.captureTime?.localISO8601
        (utcOffsetSeconds, offsetSource) = (offset?.seconds, offset?.source)
        timeSource = m.captureTimeSource?.rawValue
        latitude = m.position?.latitude
        longitude = m.position?.longitude
        altitude = m.altitude
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

    /// The local time as a ``CaptureTime``, for re-deriving the offset.
    var captureTime: CaptureTime? {
        takenLocal.flatMap { CaptureTime(exif: $0) }
    }
}
