import PhotoMetadata

/// The place stage's rule for what a file and its sidecars say together: which position and
/// which capture time a photo gets when several sources have one.
///
/// ```swift
/// let merged = PositionChoice.merge(own, xmp: xmp, takeout: takeout)
/// merged.positionSource   // .xmpSidecar: an editor's correction beats the camera
/// ```
///
/// Position, first that has one: an XMP sidecar (editors write corrections there), the file's
/// own metadata, a Google Takeout JSON. (A place set by hand beats them all, in the log; a GPX
/// track comes last, at the end of the import: ``TrackPlacer``.) The capture time follows the
/// same order, except that an XMP time with the same wall clock as the file's is the file's
/// (ExifTool and editors copy it), keeping whichever offset either has; Takeout's time is an
/// instant in UTC, used only when nothing else has a time. Stateless; thread-safe.
public enum PositionChoice {
    /// ``merge(_:xmp:takeout:)`` with the sidecars of `media` read from disk; a sidecar that
    /// cannot be read is handed to `failed` and left out.
    public static func merge(_ own: ImageMetadata, sidecarsOf media: MediaPairing.Media, failed: (MetadataError) -> Void) -> ImageMetadata {
        func read(_ side: LibraryWalker.File?, _ reader: (String) throws(MetadataError) -> SidecarMetadata) -> SidecarMetadata? {
            guard let side else { return nil }
            do { return try reader(side.path) } catch {
                failed(error)
                return nil
            }
        }
        return merge(own, xmp: read(media.xmp, XMPSidecar.read(path:)), takeout: read(media.takeout, TakeoutSidecar.read(path:)))
    }

    public static func merge(_ own: ImageMetadata, xmp: SidecarMetadata?, takeout: SidecarMetadata?) -> ImageMetadata {
        var m = own
        if let xmp, let position = xmp.position {
            (m.position, m.positionSource) = (position, .xmpSidecar)
            m.altitude = xmp.altitude ?? own.altitude
            m.gpsIssue = nil
        } else if own.position == nil, let takeout, let position = takeout.position {
            (m.position, m.positionSource, m.altitude) = (position, .takeout, takeout.altitude)
            m.gpsIssue = nil
        }
        if let time = xmp?.captureTime {
            if let mine = own.captureTime, mine.localAsUTC == time.localAsUTC {
                if mine.utcOffsetSeconds == nil, let offset = time.utcOffsetSeconds {
                    m.captureTime = mine.withOffset(offset)
                }
            } else {
                (m.captureTime, m.captureTimeSource) = (time, .xmpSidecar)
            }
        } else if m.captureTime == nil, let instant = takeout?.takenUTC, let time = CaptureTime(instant: instant, offsetSeconds: 0) {
            (m.captureTime, m.captureTimeSource) = (time, .takeout)
        }
        return m
    }
}
