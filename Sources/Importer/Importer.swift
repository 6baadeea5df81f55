import Foundation
import LocationHistory
import PhotoMetadata
import Resolver
import TravelLog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Imports photo folders into a travel log: walks them, skips every file whose path, size and
/// modification time the log already has, reads and resolves the rest on worker threads, and
/// writes the records in batched transactions.
///
/// ```swift
/// let importer = Importer(log: log, finder: PlaceFinder(gazetteer: gazetteer),
///                         options: .init(roots: ["/photos"]))
/// let summary = try importer.run()
/// ```
///
/// Memory stays bounded: the walk feeds a bounded queue and results are written every
/// ``Options/batchSize`` files or every ``Options/batchSeconds``, whichever comes first. Each
/// batch is one transaction, so a kill at any moment loses at most the batch in flight, and the
/// next run redoes exactly that (rows are keyed by path).
/// `run` uses the log from the calling thread only; ``stop()`` may be called from any thread
/// (a signal handler's queue).
public final class Importer: @unchecked Sendable {
    public struct Options: Sendable {
        /// Canonical roots (see ``LibraryWalker/canonical(_:)``).
        public var roots: [String]
        public var jobs: Int
        public var excludes: [String]
        public var followSymlinks: Bool
        /// Read and resolve, but write nothing.
        public var dryRun: Bool
        /// Files written per transaction, at most. Each commit rewrites every page it touched
        /// into the WAL, the random fingerprint index's included: at 500 files a first import of
        /// 100,000 photos wrote 325 MB for a 40 MB log, at 4,096 about 120 MB.
        public var batchSize: Int
        /// A batch is committed after this long even when smaller, so a slow disk never holds
        /// much uncommitted work.
        public var batchSeconds: Double
        /// Whether reading a file kills the process that reads it, asked (in a process of its
        /// own) of the files a previous run was reading when it died: true records the file as
        /// an error of kind `crashed`, skipped until it changes. Nil: such files are read again.
        public var probe: (@Sendable (String) -> Bool)?
        /// GPX tracks and location histories to read besides those under the roots (`--track`), canonical.
        public var tracks: [String]
        /// What makes a stay of a location history's points (``HistoryDays/Rules``).
        public var historyRules = HistoryDays.Rules()
        /// Build the days of the histories again even when none changed (the rules did).
        public var rebuildHistoryDays = false
        /// How a track places a photo.
        public var trackPlacement: TrackPlacer.Options

        public static let defaultBatchSize = 4096

        public init(roots: [String], jobs: Int = ProcessInfo.processInfo.activeProcessorCount, excludes: [String] = [],
                    followSymlinks: Bool = false, dryRun: Bool = false, batchSize: Int = defaultBatchSize, batchSeconds: Double = 1,
                    probe: (@Sendable (String) -> Bool)? = nil, tracks: [String] = [], trackPlacement: TrackPlacer.Options = .init()) {
            self.roots = roots
            self.tracks = tracks
            self.trackPlacement = trackPlacement
            self.jobs = max(1, jobs)
            self.excludes = excludes
            self.followSymlinks = followSymlinks
            self.dryRun = dryRun
            self.batchSize = max(1, batchSize)
            self.batchSeconds = batchSeconds
            self.probe = probe
        }
    }

    /// The message of a file that killed the import reading it.
    static let crashedMessage = "crashed: reading it stopped atlas, twice; it is skipped until the file changes"


    public let options: Options
    static let chunkSize = 32
    /// Chunks a worker reads while another loads the resolver, at most (``work(slot:input:output:marks:)``).
    static let chunksReadAhead = 64
    public let progress = ImportProgress()
    /// The log; nil only for a dry run on a log that does not exist yet.
    let log: TravelLog?
    let finder: PlaceFinder
    private let stopLock = NSLock()
    private var stopRequested = false

    public init(log: TravelLog?, finder: PlaceFinder, options: Options) {
        self.log = log
        self.finder = finder
        self.options = options
    }

    /// Asks the import to stop after the batch in progress; ``run()`` then returns a summary
    /// marked interrupted, everything before it committed.
    public func stop() { stopLock.withLock { stopRequested = true } }

    var isStopping: Bool { stopLock.withLock { stopRequested } }

    /// One file (with its sidecars) waiting for a worker, and what the log knew of it. A class,
    /// like ``PlaceFinder/Reading``: passed on, not copied string by string.
    final class Job: Sendable {
        let media: MediaPairing.Media
        let storedID: Int64?

        init(media: MediaPairing.Media, storedID: Int64?) { (self.media, self.storedID) = (media, storedID) }
    }

    enum Outcome: Sendable {
        case read(Job, PlaceFinder.Reading)
        case fatal(Error)
    }

    /// Runs the stages: walk → pair media with sidecars (``MediaPairing``) → read and place
    /// (``PlaceFinder/readMetadata(_:reader:)``, ``PlaceFinder/place(_:)``, ``PositionChoice``) and resolve, on worker threads →
    /// write (``ImportWriter``) → place by tracks (``ImportTracks``) → bring the aggregates up
    /// to date.
    public func run() throws -> ImportSummary {
        let started = Date()
        var summary = ImportSummary()
        summary.roots = options.roots
        summary.dryRun = options.dryRun
        let before = try log?.visitedPlaces() ?? VisitedPlaces()
        let logHadPhotos = try log.map { try $0.photoCount() > 0 } ?? false
        let writing = !options.dryRun
        if writing {
            guard let log else { preconditionFailure("a writing import needs a log") }
            // A batch dirties about 2 KiB of pages per file: its row, the path index and the
            // fingerprint index, whose keys are random.
            try log.reservePageCache(kibibytes: max(2048, options.batchSize * 2))
            try log.abandonStaleRuns()
            summary.runID = try log.beginRun(roots: options.roots, gazetteerVersion: finder.gazetteer.version)
            if !logHadPhotos { try log.dropBulkLoadIndexes() }
            // The aggregates of the dates this run touches are brought up to date once, at its end.
            log.refreshesAggregatesOnWrite = false
        }
        defer { log?.refreshesAggregatesOnWrite = true }
        // On every way out, errors included (a no-op once built).
        defer { if writing && !logHadPhotos { try? log?.restoreBulkLoadIndexes() } }
        // What each worker reads, left behind if the process dies; what the last run left.
        var marks: ReadingMarks?
        if writing, let log {
            summary.newErrors += try recordCrashes(ReadingMarks.leftover(logPath: log.path), in: log, run: summary.runID)
            marks = try ReadingMarks(logPath: log.path, workers: options.jobs)
        }
        defer { marks?.remove() }
        // Dry runs track too (a temporary table is no write to the log): move detection needs it.
        try log?.beginPresenceTracking()

        let writer = ImportWriter(log: log, options: options, summary: summary, logHadPhotos: logHadPhotos)
        let histories = ImportHistories(log: log, dryRun: options.dryRun, runID: summary.runID, progress: progress)
        let tracks = ImportTracks(log: log, dryRun: options.dryRun, runID: summary.runID, histories: histories)
        // Only while the files read are written: every later write (tracks, histories, missing
        // files) changes photos otherwise than by insert.
        log?.holdsTrackPoints = writing
        let reading = Result { try readAll(into: writer, tracks: tracks, histories: histories, marks: marks) }
        if case .success = reading { try log?.writeHeldTrackDays() }
        log?.holdsTrackPoints = false
        let (walked, walkErrors, historyFiles) = try reading.get()
        summary = writer.summary
        summary.interrupted = isStopping
        for file in historyFiles where !isStopping { try histories.found(file, into: &summary) }

        for path in options.tracks {
            var status = stat()
            guard FileName.withCString(path, { stat($0, &status) }) == 0 else {
                summary.trackErrors.append("\(path): unreadable: \(LibraryWalker.reason(errno))")
                summary.counts.errors += 1
                summary.newErrors += 1
                continue
            }
            let file = LibraryWalker.File(status, path: path)
            // The content tells a GPX track; anything else is read as a history, whose reader
            // says why a file is none.
            if (try? HistoryReader.format(ofFileAt: path)) == .gpx {
                try tracks.found(file, into: &summary)
            } else {
                try histories.found(file, into: &summary)
            }
        }
        try tracks.finish(under: options.roots, complete: !summary.interrupted)
        if !summary.interrupted {
            try histories.finish(under: options.roots, complete: true, finder: finder, rules: options.historyRules,
                                 rebuild: options.rebuildHistoryDays, into: &summary)
        }
        if histories.changed { tracks.markChanged() }
        // An interrupted run leaves this to the next, which looks at every photo a track may place.
        let placed = summary.interrupted ? [] : try tracks.place(finder: finder, options: options.trackPlacement, histories: histories,
                                                                  dryRunRecords: writer.unplaced, into: &summary)

        if writing, let log {
            // Under roots the log knew nothing of, every row is this run's: none can be missing.
            if !summary.interrupted && walked.anyRootKnown {
                summary.counts.missing = try log.write {
                    try log.markUnseenMissing(under: options.roots, run: summary.runID, since: started, sparing: walked.spared)
                }
            }
            if !summary.interrupted {
                let known = try log.walkErrorPaths(under: options.roots)
                summary.newErrors += walkErrors.filter { !known.contains($0.path) }.count
                try log.write { try log.replaceWalkErrors(under: options.roots, with: walkErrors, run: summary.runID) }
            }
            if !logHadPhotos {
                // The snapshot reads none of the photos' indexes: made from the committed rows on
                // a connection of its own while this one builds them.
                let snapshot = try PendingSnapshot(of: log)
                try log.restoreBulkLoadIndexes()
                try log.refreshAggregates(made: snapshot)
            } else {
                try log.refreshAggregates()
            }
            summary.visited = try log.visitedPlaces()
            summary.newPlaces = summary.visited.subtracting(before)
            try log.finishRun(summary.runID!, status: summary.interrupted ? .interrupted : .done, counts: summary.counts)
        } else {
            // The log's days with the ones the files read would add, by the same rules.
            let historyDays = try histories.dryRunDays(finder: finder, rules: options.historyRules) ?? log?.historyDays() ?? []
            let days = try (log?.placeDays() ?? []) + historyDays
            let marks = try log?.marks() ?? []
            let touched = writer.touched + placed.map(VisitPhoto.init(record:))
            summary.visited = Visits.places(days: days + PlaceDay.aggregate(VisitRules.classify(touched)), marks: marks)
            summary.newPlaces = summary.visited.subtracting(before)
        }
        summary.seconds = Date().timeIntervalSince(started)
        return summary
    }

    /// What the walk left out: never "missing"; whether any root was known to the log.
    struct Walked {
        var spared: [String] = []
        var anyRootKnown = false
    }

    /// The walk, the pairing and the reading: folders are walked and paired on this thread,
    /// files read on `options.jobs` worker threads, results handed to `writer` in batches.
    /// Returns what the walk spared and the folders and entries it could not read.
    private func readAll(into writer: ImportWriter, tracks: ImportTracks, histories: ImportHistories, marks: ReadingMarks?) throws
        -> (Walked, [(path: String, kind: String, message: String)], [LibraryWalker.File]) {
        // Files travel to the workers and back in chunks: one hand-off per file costs more in
        // futex wake-ups than reading a small file's metadata. The writer's thread writes the
        // batches (``ImportWriter``), so this one keeps the queue (a few thousand files) full.
        let input = WorkQueue<[Job]>(capacity: options.jobs * 32)
        let output = WorkQueue<[Outcome]>()
        let finished = DispatchGroup()
        for slot in 0..<options.jobs {
            finished.enter()
            let worker = Thread { [self] in
                work(slot: slot, input: input, output: output, marks: marks)
                finished.leave()
            }
            worker.stackSize = 1 << 20
            worker.start()
        }

        var inFlight = 0
        var fatal: Error?
        // Read after the walk, on this thread: a history is one long stream, not a file among thousands.
        var historyFiles: [LibraryWalker.File] = []
        var chunk: [Job] = []
        func send() {
            guard !chunk.isEmpty else { return }
            input.push(chunk)
            chunk.removeAll(keepingCapacity: true)
        }
        func absorb(_ chunks: [[Outcome]]) {
            for outcome in chunks.joined() {
                inFlight -= 1
                switch outcome {
                case .read(let job, let reading) where reading.isHistory: historyFiles.append(job.media.file)
                case .read(let job, let reading): writer.add(job, reading)
                case .fatal(let error):
                    fatal = fatal ?? error
                    stop()
                }
            }
        }
        func flush(force: Bool) throws {
            let settled = try writer.flush(force: force)
            if settled > 0 { progress.update { $0.done += settled } }
        }

        var walkError: Error?
        var walked = Walked()
        var walkErrors: [(path: String, kind: String, message: String)] = []
        func skipped(_ skip: LibraryWalker.Skip) {
            walked.spared.append(skip.path)
            switch skip.reason {
            case .excluded: return
            case .unreadable(let why): walkErrors.append((skip.path, "unreadable", "unreadable: cannot list or examine it: \(why)"))
            case .tooLong: walkErrors.append((skip.path, "path-too-long", "path longer than the system allows (\(PATH_MAX) bytes)"))
            }
            writer.summary.counts.errors += 1
            writer.summary.errorsByReason[walkErrors.last!.kind, default: 0] += 1
        }
        var found = 0
        func reportFound() {
            progress.update { [found] in $0.found += found }
            found = 0
        }
        do {
            for root in options.roots where !isStopping {
                // A folder the log has never seen needs no question per file (and its batches
                // are written while the walk goes on: the log is not asked anything meanwhile).
                try writer.settle()
                let known = try log?.knowsFiles(under: root) ?? false
                walked.anyRootKnown = walked.anyRootKnown || known
                var folder = MediaPairing.Folder(path: root, names: [])
                try LibraryWalker(excludes: options.excludes, followSymlinks: options.followSymlinks)
                    .walk(root: root, skipped: skipped, entering: { folder = MediaPairing.Folder(path: $0, names: $1) }) { file in
                    guard !isStopping else { return false }
                    let media: MediaPairing.Media
                    switch folder.role(of: file) {
                    case .sidecar: return true  // read with its file
                    case .orphan:
                        writer.summary.orphanSidecars.append(file.path)
                        return true
                    case .track:
                        try writer.settle()
                        try tracks.found(file, into: &writer.summary)
                        return true
                    case .media(let xmp, let takeout):
                        media = folder.media(file, xmp: xmp, takeout: takeout)
                        writer.summary.sidecars += (media.xmp == nil ? 0 : 1) + (media.takeout == nil ? 0 : 1)
                    }
                    found += 1
                    if found == 256 { reportFound() }
                    if known {
                        try writer.settle()
                        try log?.beginReading()
                    }
                    let stored = known ? try log?.storedFile(at: file.path) : nil
                    if let stored, stored.size == file.size, stored.modifiedNs == file.modifiedNs, stored.sidecars == media.sidecarStamp {
                        writer.unchanged(stored)
                    } else if known, stored == nil, try log?.isOtherFile(path: file.path, size: file.size, modifiedNs: file.modifiedNs) == true {
                        writer.summary.notImages += 1
                    } else if known, stored == nil, try histories.isUnchanged(file, into: &writer.summary) {
                        // A history the log has as it is.
                    } else {
                        chunk.append(Job(media: media, storedID: stored?.id))
                        inFlight += 1
                        if chunk.count >= Self.chunkSize { send() }
                        absorb(output.drain())
                    }
                    try flush(force: false)
                    return true
                }
            }
            reportFound()
            progress.update { $0.walkFinished = true }
            try writer.settle()
            try log?.endReading()
        } catch {
            walkError = error
        }
        if isStopping {
            inFlight -= chunk.count
            chunk.removeAll()
        } else {
            send()
        }
        input.close()
        while inFlight > 0 {
            // Once stopping, files queued but not yet taken by a worker are dropped: the next
            // run reads them.
            if isStopping { inFlight -= input.drain().reduce(0) { $0 + $1.count } }
            guard inFlight > 0 else { break }
            absorb(output.pop(atLeast: 1))
            if walkError == nil { do { try flush(force: false) } catch { walkError = error } }
        }
        finished.wait()
        if let error = walkError ?? fatal {
            // The batch in flight is written (or fails) before the log is used again.
            try? writer.settle()
            throw error
        }
        try flush(force: true)
        return (walked, walkErrors, historyFiles)
    }

    /// One worker thread: reads the files of the chunks it takes from `input` and places them
    /// (``PlaceFinder``), and hands them to `output`, a chunk at a time. While another worker
    /// loads the resolver, it reads on without placing and keeps the chunks until the load
    /// ends, so that the core the load leaves idle for most of its 0.4 s is not.
    private func work(slot: Int, input: WorkQueue<[Job]>, output: WorkQueue<[Outcome]>, marks: ReadingMarks?) {
        let reader = MetadataReader()
        var early: [[(Job, PlaceFinder.Stage)]] = []
        while let chunk = input.pop() {
            let staged = chunk.map { job in
                marks?.begin(worker: slot, path: job.media.file.path)
                defer { marks?.end(worker: slot) }
                return (job, finder.readMetadata(job.media, reader: reader))
            }
            // Placed now unless another worker is loading the resolver (this one loads it when
            // none does; a load that fails is the placing's error). At most 2,048 files are
            // kept read ahead, then the worker waits for the load: on a slow machine a long
            // load would otherwise hold every file it read meanwhile.
            if early.count < Self.chunksReadAhead, case .success(nil) = Result(catching: { try finder.resolverUnlessLoading() }) {
                early.append(staged)
                continue
            }
            for chunk in early + [staged] { output.push(place(chunk)) }
            early = []
        }
        for chunk in early { output.push(place(chunk)) }
    }

    /// The outcomes of a chunk read (``work(slot:input:output:marks:)``), its positions resolved.
    private func place(_ staged: [(Job, PlaceFinder.Stage)]) -> [Outcome] {
        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(staged.count)
        var (read, resolved) = (0, 0)
        for (job, stage) in staged {
            do {
                let reading: PlaceFinder.Reading
                switch stage {
                case .read(let r): reading = r
                case .unplaced(let unplaced): reading = try finder.place(unplaced)
                }
                read += 1
                if reading.record?.place != nil { resolved += 1 }
                outcomes.append(.read(job, reading))
            } catch {
                outcomes.append(.fatal(error))
            }
        }
        progress.update { [read, resolved] in
            $0.read += read
            $0.resolved += resolved
        }
        return outcomes
    }

    /// The files a dead run was reading: each one that kills a fresh process too (``Options/probe``)
    /// is recorded as `crashed` with its size and time, so the walk passes it over unchanged.
    private func recordCrashes(_ suspects: [String], in log: TravelLog, run: Int64?) throws -> Int {
        guard let probe = options.probe else { return 0 }
        var recorded = 0
        for path in suspects {
            var status = stat()
            guard FileName.withCString(path, { stat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFREG, probe(path) else { continue }
            let file = LibraryWalker.File(status, path: path)
            var record = PhotoRecord(path: path, size: file.size, modifiedNs: file.modifiedNs)
            record.error = .init(kind: "crashed", message: Self.crashedMessage)
            try log.write { _ = try log.save(record, run: run) }
            recorded += 1
        }
        return recorded
    }
}
