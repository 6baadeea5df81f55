import Foundation
import PhotoMetadata
import TravelLog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The write stage of an import: what the workers read, and what the walk found unchanged,
/// gathered into batches, each written in one transaction (a new row, a changed one, or a
/// moved file's old row), and counted into the run's ``ImportSummary``.
///
/// ```swift
/// let writer = ImportWriter(log: log, options: options, summary: summary, logHadPhotos: true)
/// writer.add(job, reading)
/// try writer.flush(force: false)   // writes when the batch is full or old enough
/// try writer.settle()               // the batch in flight written: the log is free
/// ```
///
/// A dry run counts the same and writes nothing; it keeps what the passport would gain
/// (``touched``) and what a track might place (``unplaced``).
///
/// A batch is counted on the import's thread and written on the writer's own thread, while the
/// walk goes on feeding the workers: written inline, a batch of 4,096 rows starved them for
/// tens of milliseconds each time. At most one batch is in flight. Everything but the writing
/// is used from the import's thread only, which calls ``settle()`` before it uses the log
/// itself (the log is one connection, never used from two threads at once).
final class ImportWriter: @unchecked Sendable {
    let log: TravelLog?
    let options: Importer.Options
    let runID: Int64?
    /// Only a log that had photos before this run can hold the old row of a moved file.
    let logHadPhotos: Bool
    var summary: ImportSummary
    /// A dry run's records with a place, as the passport would count them.
    private(set) var touched: [VisitPhoto] = []
    /// A dry run's records without a position, for the tracks to place.
    private(set) var unplaced: [PhotoRecord] = []

    private var results: [(Importer.Job, PlaceFinder.Reading)] = []
    private var seenIDs: [Int64] = []
    private var reappeared: [Int64] = []
    private var batchStarted = DispatchTime.now().uptimeNanoseconds
    private var writing: Bool { !options.dryRun }
    /// The writer's thread, and the batch it writes.
    private let queue = DispatchQueue(label: "atlas.import.writer")
    private let inFlight = DispatchGroup()
    /// Set on the writer's thread, read once it is idle (``settle()``).
    private var written = ImportRun.Counts()
    private var writeError: Error?

    init(log: TravelLog?, options: Importer.Options, summary: ImportSummary, logHadPhotos: Bool) {
        (self.log, self.options, self.summary, self.logHadPhotos) = (log, options, summary, logHadPhotos)
        runID = summary.runID
    }

    /// A file the log has as it is on disk: counted, and marked seen at the next flush.
    func unchanged(_ stored: TravelLog.StoredFile) {
        summary.counts.unchanged += 1
        tally(format: stored.format, positionSource: stored.hasPosition ? stored.positionSource ?? "" : nil, errorKind: stored.errorKind)
        seenIDs.append(stored.id)
        if stored.isMissing { reappeared.append(stored.id) }
    }

    func add(_ job: Importer.Job, _ reading: PlaceFinder.Reading) { results.append((job, reading)) }

    /// Counts a file by kind, position source and error.
    func tally(format: String?, positionSource: String?, errorKind: String?) {
        summary.counts.seen += 1
        if format.flatMap(ImageFormat.init(rawValue:))?.isVideo == true { summary.videos += 1 }
        if let errorKind {
            summary.counts.errors += 1
            summary.errorsByReason[errorKind, default: 0] += 1
        } else if let positionSource {
            summary.positioned += 1
            summary.positionsBySource[positionSource, default: 0] += 1
        } else {
            summary.withoutPosition += 1
        }
    }

    /// Writes the batch when `force`, when it is full, or when it is older than
    /// ``Importer/Options/batchSeconds``: counts it now and writes it on the writer's thread,
    /// after the batch before it. With `force`, returns once it is written. Returns how many
    /// files it settled; rethrows what failed to write the batch before.
    @discardableResult
    func flush(force: Bool) throws -> Int {
        guard force || results.count >= options.batchSize || seenIDs.count >= options.batchSize * 10
            || (!results.isEmpty && DispatchTime.now().uptimeNanoseconds - batchStarted >= UInt64(max(0, options.batchSeconds) * 1e9)) else {
            return 0
        }
        batchStarted = DispatchTime.now().uptimeNanoseconds
        let batch = results, seen = seenIDs, back = reappeared
        results.removeAll(keepingCapacity: true)
        seenIDs.removeAll(keepingCapacity: true)
        reappeared.removeAll(keepingCapacity: true)
        count(batch)
        try settle()
        if log != nil, writing {
            inFlight.enter()
            queue.async { [self] in
                defer { inFlight.leave() }
                do { try log?.write { try write(batch, seen: seen, back: back, into: log) } } catch { writeError = error }
            }
            if force { try settle() }
        } else {
            try write(batch, seen: seen, back: back, into: log)
            try settle()
        }
        return seen.count + batch.count
    }

    /// Waits until the batch in flight is written, and takes in what it counted. What the
    /// import's thread calls before it uses the log.
    func settle() throws {
        inFlight.wait()
        summary.counts.added += written.added
        summary.counts.moved += written.moved
        written = ImportRun.Counts()
        if let error = writeError {
            writeError = nil
            throw error
        }
    }

    /// Counts a batch (but its new and moved files), and keeps what a dry run reports.
    private func count(_ batch: [(Importer.Job, PlaceFinder.Reading)]) {
        for (job, reading) in batch {
            summary.sidecarErrors += reading.sidecarErrors.map(\.description)
            guard let record = reading.record else {
                summary.notImages += 1
                continue
            }
            summary.filesRead += 1
            tally(format: record.format, positionSource: record.positionSource, errorKind: record.error?.kind)
            if record.error != nil { summary.newErrors += 1 }
            if !writing, record.error == nil {
                if record.place != nil { touched.append(reading.visit ?? VisitPhoto(record: record)) } else if record.latitude == nil { unplaced.append(record) }
            }
            if job.storedID != nil { summary.counts.changed += 1 }
        }
    }

    /// Writes a counted batch: the rows new, changed and moved, the files seen and back, and
    /// the other files; counts the new and moved. A dry run only asks the log which files moved
    /// (and marks them seen, in a temporary table), on the import's thread.
    private func write(_ records: [(Importer.Job, PlaceFinder.Reading)], seen: [Int64], back: [Int64], into log: TravelLog?) throws {
        for id in seen { try log?.markSeen(id) }
        if writing { for id in back { try log?.markPresent(id) } }
        for (job, reading) in records {
            let file = job.media.file
            guard let record = reading.record else {
                if writing { try log?.recordOtherFile(path: file.path, size: file.size, modifiedNs: file.modifiedNs) }
                continue
            }
            guard let log else { written.added += 1; continue }
            if job.storedID != nil {
                // Rows written by this run are known present by their run id.
                if writing { try log.save(record, run: runID) }
            } else if let fingerprint = record.fingerprint, logHadPhotos,
                      let moved = try log.movedCandidate(fingerprint: fingerprint, size: record.size, run: runID, exists: Self.exists) {
                written.moved += 1
                if writing { try log.update(id: moved, with: record, run: runID) }
                try log.markSeen(moved)
            } else {
                written.added += 1
                if writing { try log.insert(record, run: runID, visit: reading.visit, trackPoint: reading.trackPoint) }
            }
        }
    }

    private static func exists(_ path: String) -> Bool { FileName.withCString(path) { access($0, F_OK) } == 0 }
}
