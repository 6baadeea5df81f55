import Foundation
import LocationHistory
import PhotoMetadata
import TravelLog

/// The location histories of an import: the files the walk finds to be histories by their
/// content (a Takeout folder unpacked among the photos just works) and those given with
/// `--track`. Each is read in one pass (``HistoryFile``) only when new or changed since the log
/// stored it, and saved at once in a transaction of its own, so an interrupted import keeps
/// every history it finished; at the end of the import the days the histories give are built
/// again when any of them changed (``HistoryDays``).
///
/// ```swift
/// let histories = ImportHistories(log: log, dryRun: false, runID: id)
/// try histories.found(file, into: &summary)       // each file found to be a history
/// try histories.finish(under: roots, complete: true, finder: finder, rules: .init(), into: &summary)
/// ```
///
/// Used from the import's thread only.
final class ImportHistories {
    let log: TravelLog?
    let dryRun: Bool
    let runID: Int64?
    private var seen = Set<String>()
    /// A history was added, changed or removed: its days are built again.
    private(set) var changed = false
    let progress: ImportProgress?
    /// In a dry run, the files read, and the stored histories they would replace.
    private var dryRunFiles: [HistoryFile] = []
    private var dryRunReplaced = Set<Int64>()

    init(log: TravelLog?, dryRun: Bool, runID: Int64?, progress: ImportProgress? = nil) {
        (self.log, self.dryRun, self.runID, self.progress) = (log, dryRun, runID, progress)
    }

    /// The log's history of `file` when the file has not changed since.
    private func stored(_ file: LibraryWalker.File) throws -> TravelLog.StoredHistory? {
        guard let stored = try log?.storedHistory(at: file.path), stored.size == file.size, stored.modifiedNs == file.modifiedNs else { return nil }
        return stored
    }

    /// Whether `file` is a history the log has as it is: counted, not read.
    func isUnchanged(_ file: LibraryWalker.File, into summary: inout ImportSummary) throws -> Bool {
        guard let stored = try stored(file) else { return false }
        if seen.insert(file.path).inserted { count(stored, new: false, into: &summary) }
        return true
    }

    /// A history file: read unless the log has it as it is, stored, and counted.
    func found(_ file: LibraryWalker.File, into summary: inout ImportSummary) throws {
        if try isUnchanged(file, into: &summary) { return }
        guard seen.insert(file.path).inserted else { return }
        changed = true
        let name = (file.path as NSString).lastPathComponent
        progress?.update { $0.history = (name, 0, file.size) }
        defer { progress?.update { $0.history = nil } }
        var read = HistoryFile.read(path: file.path, size: file.size, modifiedNs: file.modifiedNs) { [progress] bytes in
            progress?.update { $0.history = (name, bytes, file.size) }
        }
        summary.filesRead += 1
        if let log, !dryRun {
            read.stored.id = try log.write { try log.saveHistory(read.stored, points: read.points, segments: read.segments, run: runID) }
        } else {
            try keepForDryRun(read)
        }
        count(read.stored, new: true, into: &summary)
    }

    /// A file a dry run read: held until its days are built, the log's history of it set aside.
    private func keepForDryRun(_ read: HistoryFile) throws {
        if let old = try log?.storedHistory(at: read.stored.path) { dryRunReplaced.insert(old.id) }
        dryRunFiles.append(read)
    }

    /// The days the log's histories would give with the files a dry run read (nil when it read
    /// none): what its summary counts as visited.
    func dryRunDays(finder: PlaceFinder, rules: HistoryDays.Rules) throws -> [PlaceDay]? {
        guard dryRun, !dryRunFiles.isEmpty else { return nil }
        let source = DryRunHistories(log: log, files: dryRunFiles, replacing: dryRunReplaced)
        return try HistoryDays(finder: finder, rules: rules).build(points: source, log: log).days
    }

    /// A GPX track the log has as it is: its days are kept. False when they are not stored (a
    /// track from before tracks gave days): the track is to be read again.
    func keep(_ file: LibraryWalker.File) throws -> Bool {
        guard try stored(file) != nil else { return log == nil }
        seen.insert(file.path)
        return true
    }

    /// A GPX track read by ``ImportTracks``: its points give days as a history's do. It is
    /// counted among the tracks, not listed again among the histories.
    func adopt(_ read: HistoryFile) throws {
        seen.insert(read.stored.path)
        changed = true
        guard let log, !dryRun else { return try keepForDryRun(read) }
        try log.write { _ = try log.saveHistory(read.stored, points: read.points, segments: read.segments, run: runID) }
    }

    private func count(_ h: TravelLog.StoredHistory, new: Bool, into summary: inout ImportSummary) {
        summary.histories.append(ImportSummary.HistoryLine(h, reread: new))
        if let error = h.error { summary.count(error, of: h.path, new: new) }
    }

    /// Forgets the histories under `roots` the walk did not find (when it was `complete`), and
    /// builds the days of the histories again when any changed (or `rebuild` asks it, for new
    /// rules). Nothing is written in a dry run.
    func finish(under roots: [String], complete: Bool, finder: PlaceFinder, rules: HistoryDays.Rules, rebuild: Bool,
                into summary: inout ImportSummary) throws {
        guard let log, !dryRun else { return }
        if complete, try log.write({ try log.removeHistories(under: roots, except: seen) }) > 0 { changed = true }
        guard changed || rebuild else { return }
        let built = try HistoryDays(finder: finder, rules: rules).build(from: log)
        try log.write {
            try log.replaceHistoryDays(built.days)
            try log.setHistoryDuplicates(built.duplicates)
        }
        let duplicates = built.duplicates
        for i in summary.histories.indices {
            if let id = summary.histories[i].id { summary.histories[i].duplicates = duplicates[id] ?? 0 }
        }
        summary.historyDays = built.days.count
    }

    /// The points of every stored history within `from...to` (ms since 1970 UTC), one track per
    /// history: what places photos without a position, as a GPX track does.
    func tracks(from: Int64, to: Int64) throws -> [GPXTrack] {
        guard let log else { return [] }
        var byHistory: [Int64: [GPXTrack.Point]] = [:]
        try log.forEachHistoryBlock(from: from, to: to) { id, points in
            for p in points where p.instant >= from && p.instant <= to { byHistory[id, default: []].append(p.gpxPoint) }
        }
        return byHistory.sorted { $0.key < $1.key }.map { GPXTrack(points: $0.value.sorted { $0.time < $1.time }) }
    }
}
