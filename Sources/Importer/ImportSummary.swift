import TravelLog

/// What an import did: the counts of its run, how many photos have a position, the errors by
/// reason, and the countries, regions and cities that are new to the log.
///
/// ```swift
/// let summary = try importer.run()
/// summary.newPlaces.countries.values.sorted()   // ["Italy", "Portugal"]
/// ```
public struct ImportSummary: Sendable {
    public var runID: Int64?
    public var roots: [String] = []
    public var counts = ImportRun.Counts()
    /// Of ``ImportRun/Counts/seen``, the videos (MOV, MP4, M4V, 3GP); the rest are photos.
    public var videos = 0
    public var positioned = 0
    public var withoutPosition = 0
    /// ``TravelLog/PhotoRecord/positionSource`` → photos and videos with a position from it.
    public var positionsBySource: [String: Int] = [:]
    /// XMP and Takeout sidecars found beside their media files.
    public var sidecars = 0
    /// Sidecars beside no media file: listed, not errors.
    public var orphanSidecars: [String] = []
    /// Sidecars that could not be read (their media files were recorded from what could).
    public var sidecarErrors: [String] = []
    /// GPX track files under the roots and given with `--track`, and their points.
    public var tracks = 0
    public var trackPoints = 0
    /// Track files that could not be read, first met this run.
    public var trackErrors: [String] = []
    /// Photos and videos this run placed by a track; of them, those whose offset came from
    /// the time zone of the track's position (they had a wall-clock time only).
    public var placedByTrack = 0
    public var placedWithTrackZone = 0
    /// Error kind (`truncated`, `corrupt`, ...) → number of files.
    public var errorsByReason: [String: Int] = [:]
    /// The errors this run met for the first time: files it read and could not, files it found
    /// to kill the reader, folders it could not list that were listable before. Files still
    /// unreadable from an earlier run are in ``ImportRun/Counts/errors`` only: a cron job's
    /// exit status stays 0 until something new goes wrong.
    public var newErrors = 0
    /// Files opened this run (new or changed); zero for a re-import with no change.
    public var filesRead = 0
    /// Files that are neither photo nor video nor sidecar nor track, passed over.
    public var notImages = 0
    public var newPlaces = VisitedPlaces()
    /// Everything the log holds after the import (for a dry run: what it held before, plus what
    /// this run would add).
    public var visited = VisitedPlaces()
    /// Stopped by ``Importer/stop()`` before the walk finished.
    public var interrupted = false
    public var dryRun = false
    public var seconds = 0.0

    public init() {}
}
