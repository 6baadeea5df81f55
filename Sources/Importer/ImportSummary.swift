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
    public var positioned = 0
    public var withoutPosition = 0
    /// Error kind (`truncated`, `corrupt`, ...) → number of files.
    public var errorsByReason: [String: Int] = [:]
    /// The errors this run met for the first time: files it read and could not, files it found
    /// to kill the reader, folders it could not list that were listable before. Files still
    /// unreadable from an earlier run are in ``ImportRun/Counts/errors`` only: a cron job's
    /// exit status stays 0 until something new goes wrong.
    public var newErrors = 0
    /// Files opened this run (new or changed); zero for a re-import with no change.
    public var filesRead = 0
    /// Files that are no image (videos, sidecars) and were passed over.
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
