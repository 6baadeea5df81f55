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
/// let writer = ImportWriter(log: log, options: options, runID: id, logHadPhotos: true)
/// writer.add(job, reading)
/// try writer.flush(force: false)   // writes when the batch is full or old enough
/// ```
///
/// A dry run counts the same and writes nothing; it keeps what the passport would gain
/// (``touched``) and what a track might place (``unplaced``). Used from the import's thread only.
final class ImportWriter {
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
    /// ``Importer/Options/batchSeconds``. Returns how many files it settled.
    @discardableResult
    func flush(force: Bool) throws -> Int {
        guard force || results.count >= options.batchSize || seenIDs.count >= options.batchSize * 10
            || (!results.isEmpty && DispatchTime.now().uptimeNanoseconds - batchStarted >= UInt64(max(0, options.batchSeconds) * 1e9)) else { return 0 }
        batchStarted = DispatchTime.now().uptimeNanoseconds
        let batch = results, seen = seenIDs, back = reappeared
        results.removeAll(keepingCapacity: true)
        seenIDs.removeAll(keepingCapacity: true)
        reappeared.removeAll(keepingCapacity: true)
        if let log, writing { try log.write { try apply(batch, seen: seen, back: back) } } else { try apply(batch, seen: seen, back: back) }
        return seen.count + batch.count
    }

    private func apply(_ batch: [(Importer.Job, PlaceFinder.Reading)], seen: [Int64], back: [Int64]) throws {
        for id in seen { try log?.markSeen(id) }
        if writing { for id in back { try log?.markPresent(id) } }
        for (job, reading) in batch {
            summary.sidecarErrors += reading.sidecarErrors.map(\.description)
            let file = job.media.file
            guard let record = reading.record else {
                summary.notImages += 1
                if writing { try log?.recordOtherFile(path: file.path, size: file.size, modifiedNs: file.modifiedNs) }
                continue
            }
            summary.filesRead += 1
            tally(format: record.format, positionSource: record.positionSource, errorKind: record.error?.kind)
            if record.error != nil { summary.newErrors += 1 }
            if !writing, record.error == nil {
                if record.place != nil { touched.append(reading.visit ?? VisitPhoto(record: record)) } else if record.latitude == nil { unplaced.append(record) }
            }
            guard let log else { summary.counts.added += 1; continue }
            if job.storedID != nil {
                summary.counts.changed += 1
                // Rows written by this run are known present by their run id.
                if writing { try log.save(record, run: runID) }
            } else if let fingerprint = record.fingerprint, logHadPhotos,
                      let moved = try log.movedCandidate(fingerprint: fingerprint, size: record.size, run: runID, exists: { FileName.withCString($0) { access($0, F_OK) } == 0 }) {
                summary.counts.moved += 1
                if writing { try log.update(id: moved, with: record, run: runID) }
                try log.markSeen(moved)
            } else {
                summary.counts.added += 1
                if writing { try log.insert(record, run: runID, visit: reading.visit, trackPoint: reading.trackPoint) }
            }
        }
    }
}
