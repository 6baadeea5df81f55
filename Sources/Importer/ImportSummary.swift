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
    /// The location histories under the roots and given with `--track`, in the order met.
    public var histories: [HistoryLine] = []
    /// The rows of days the histories give, when this run built them again; nil when it did not.
    public var historyDays: Int?
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

extension ImportSummary {
    /// The error of a track or history file: counted, and when first met this run (`new`),
    /// named for stderr.
    mutating func count(_ error: PhotoRecord.Failure, of path: String, new: Bool) {
        counts.errors += 1
        errorsByReason[error.kind, default: 0] += 1
        guard new else { return }
        newErrors += 1
        trackErrors.append("\(path): \(error.message)")
    }

    /// One location history of an import: its format, the points read, kept and repeated from
    /// another history, its time span, and whether this run read it.
    public struct HistoryLine: Sendable, Equatable {
        public var id: Int64?
        public var path: String
        public var format: String?
        public var pointsRead: Int
        /// Read, less the repeats within the file.
        public var points: Int
        /// Of ``points``, those another history already had (known once the days are built).
        public var duplicates: Int
        public var visits: Int
        public var flights: Int
        /// ms since 1970 UTC.
        public var first: Int64?
        public var last: Int64?
        public var error: String?
        /// Read this run (new or changed); false when the log had it as it is.
        public var reread: Bool

        init(_ h: TravelLog.StoredHistory, reread: Bool) {
            (id, path, format, pointsRead, points, duplicates) = (h.id == 0 ? nil : h.id, h.path, h.format, h.pointsRead, h.points, h.duplicates)
            (visits, flights, first, last, error, self.reread) = (h.visits, h.flights, h.first, h.last, h.error?.message, reread)
        }
    }
}
