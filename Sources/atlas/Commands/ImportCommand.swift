import Foundation
import Gazetteer
import Importer
import JSONWriter
import Passport
import PhotoMetadata
import TravelLog

/// `atlas import DIR...`: photo folders into the travel log, in parallel and incrementally.
enum ImportCommand: Command {
    static let jobs = Option("--jobs", .integer(in: 1...256), "Files read in parallel (default: the number of cores).")
    static let exclude = Option("--exclude", .text("GLOB"), "Skip files and folders whose name or relative path matches (repeatable).", repeatable: true)
    static let followSymlinks = Flag("--follow-symlinks", "Follow symbolic links (each folder is entered once; loops are safe).")
    static let track = Option("--track", .path("FILE"), "A GPX track or location history from elsewhere (repeatable); kept in the log like those found under the folders.", repeatable: true)
    static let trackGap = Option("--track-gap", .integer("SECONDS", in: 0...86_400), "Interpolate between track points at most this far apart (default \(Int(GPXTrack.maximumGap))).")
    static let trackNearest = Option("--track-nearest", .integer("SECONDS", in: 0...86_400), "Otherwise take the nearer point within this time (default \(Int(GPXTrack.nearestWithin))).")
    static let minStay = Option("--min-stay", .integer("MINUTES", in: 1...10_080), "A history's points at one place for this long make a stay there (default \(HistoryDays.Rules().minimumStay / 60_000)); shorter is passing through.")
    static let dryRun = Flag("--dry-run", "Read and resolve, report what would change, write nothing (not even the files that cannot be read, for 'atlas errors').")
    static let progress = Option("--progress", .choice("auto|always|never") as ValueParser<ProgressReporter.Style>, "auto (a line on a terminal), always, never. Progress goes to stderr.")
    static let batchSize = Option("--batch-size", .integer(in: 1...1_000_000), "Files written per transaction, at most (default \(Importer.Options.defaultBatchSize)); a batch is also committed after one second. Smaller batches lose less to a kill and write more.")
    static let declaration = CommandDeclaration(
        name: "import", summary: "Import photo folders and location histories into the travel log (incremental, resumable)", forms: ["DIR..."],
        about: """
            Walks the folders, reads the position and capture time of every photo and video
            (recognised by its first bytes), resolves each position to its place chain and records
            it in the travel log. A position comes from, first that has one: a place set by hand,
            an XMP sidecar (NAME.xmp, NAME.EXT.xmp), the file's own metadata, a Google Takeout JSON
            (NAME.EXT.json, NAME.EXT.supplemental-metadata.json), a GPX track recording at the
            capture time (.gpx files under the folders, and --track), a location history (Google
            Takeout's Records.json and Semantic Location History, the phones' Timeline.json and
            location-history.json, OwnTracks .rec, GeoJSON: found under the folders by their
            content, whatever their names, and --track). A history's stays count as visits, the
            places it only passed through as transit, and its points place photos as a track does.
            A file whose path, size and modification time are unchanged is not opened
            again; a changed one is re-read; a moved one keeps its history; a vanished one is
            marked missing, never deleted. Killing an import loses nothing committed: run the same
            command again to finish. Ctrl-C stops cleanly after the current batch.
            """,
        options: [SharedOptions.db.declaration,
                  jobs.declaration,
                  exclude.declaration,
                  followSymlinks.declaration,
                  track.declaration,
                  trackGap.declaration,
                  trackNearest.declaration,
                  minStay.declaration,
                  dryRun.declaration,
                  progress.declaration,
                  batchSize.declaration,
                  SharedOptions.json("Print the summary as one JSON object.").declaration,
                  SharedOptions.gazetteer.declaration],
        exitStatus: "0 done (files unreadable since an earlier run are counted on stderr), 1 usage error, 2 fatal (travel log, gazetteer, in use), 3 done but this run met files or folders it could not read for the first time (see 'atlas errors') or sidecars it could not read (on stderr), 4 output error, 130 interrupted.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let dryRun = arguments.flag(Self.dryRun)
        let follow = arguments.flag(Self.followSymlinks)
        let jobs = try arguments.value(Self.jobs) ?? ProcessInfo.processInfo.activeProcessorCount
        let excludes = try arguments.values(Self.exclude)
        let batchSize = try arguments.value(Self.batchSize) ?? Importer.Options.defaultBatchSize
        let trackFiles = try arguments.values(Self.track)
        let gap = try arguments.value(Self.trackGap) ?? Int(GPXTrack.maximumGap)
        let nearest = try arguments.value(Self.trackNearest) ?? Int(GPXTrack.nearestWithin)
        let minStay = try arguments.value(Self.minStay)
        let style: ProgressReporter.Style = try arguments.value(Self.progress) ?? .automatic
        let dbPath = try DatabaseOption.path(&arguments)
        let gazetteerPath = try arguments.value(SharedOptions.gazetteer)
        let folders = try arguments.finish()
        guard !folders.isEmpty else { throw UsageError("no folders given") }
        let roots: [String], tracks: [String]
        do {
            roots = try ImportTarget.roots(folders)
        } catch {
            throw UsageError("\(error.path): no such file or folder")
        }
        do {
            tracks = try ImportTarget.files(trackFiles)
        } catch {
            throw UsageError("--track \(error.path): no such file")
        }
        let gazetteer = try Gazetteer.open(path: gazetteerPath)
        let finder = PlaceFinder(gazetteer: gazetteer)
        // A log that does not exist yet knows no file: every photo the walk finds is read and
        // placed, so the resolver loads from now on, beside the log's creation and the walk.
        if !dryRun && !FileManager.default.fileExists(atPath: dbPath) { finder.loadInBackground() }
        let target = try ImportTarget.open(log: dbPath, dryRun: dryRun)
        defer { target.lock?.release() }

        var options = Importer.Options(roots: roots, jobs: jobs, excludes: excludes, followSymlinks: follow, dryRun: dryRun, batchSize: batchSize,
                                       probe: CrashProbe.kills, tracks: tracks,
                                       trackPlacement: .init(maximumGap: TimeInterval(gap), nearestWithin: TimeInterval(nearest)))
        if let minStay {
            // The log does not keep the rule its history days were built with: given, they are built again.
            options.historyRules.minimumStay = Int64(minStay) * 60_000
            options.rebuildHistoryDays = true
        }
        let importer = Importer(log: target.log, finder: finder, options: options)
        let interrupt = InterruptSignal { importer.stop() }
        let reporter = ProgressReporter(progress: importer.progress, style: style)
        reporter.start()
        let summary: ImportSummary
        do {
            summary = try importer.run()
        } catch {
            reporter.finish()
            interrupt.cancel()
            throw error
        }
        reporter.finish()
        interrupt.cancel()

        Console.out(json ? summary.json(database: dbPath).rendered() : summary.text(database: dbPath))
        for problem in summary.sidecarErrors + summary.trackErrors { Console.error("atlas import: \(problem)") }
        if summary.interrupted {
            Console.error("atlas import: interrupted; everything up to the last batch is saved. Run the same command again to finish:\n  atlas import \(folders.joined(separator: " ")) --db \(dbPath)")
            return .interrupted
        }
        if summary.counts.seen == 0 && summary.histories.isEmpty && summary.tracks == 0 {
            Console.error("atlas import: no photos or videos in \(roots.joined(separator: ", "))"
                          + (summary.notImages > 0 ? " (\(counted(summary.notImages, "other file")) passed over)" : "")
                          + ": give the folder that holds them (JPEG, HEIC, RAW, MOV, MP4…)")
        }
        let n = summary.counts.errors, new = summary.newErrors
        if dryRun {
            // Nothing was recorded, so 'atlas errors' would not list these.
            if n > 0 {
                Console.error("atlas import: \(counted(n, "file or folder", "files or folders")) could not be read (the summary counts them by reason); "
                              + "a dry run records nothing, so 'atlas errors' will not list them: 'atlas inspect FILE' says why one cannot be read")
            }
            return summary.sidecarErrors.isEmpty && new == 0 ? .success : .partial
        }
        // Status 3 only for what is new this run: a cron job stays green until something new goes
        // wrong. Either way stderr says how many cannot be read and where to look.
        if !summary.sidecarErrors.isEmpty {
            Console.error("atlas import: \(counted(summary.sidecarErrors.count, "sidecar")) could not be read (above); their photos were recorded from what could")
            if new == 0 { return .partial }
        }
        if new > 0 {
            Console.error("atlas import: \(counted(new, "file or folder", "files or folders")) could not be read for the first time"
                          + (n > new ? " (\(grouped(n)) in the log in all)" : "") + "; 'atlas errors' lists \(n == 1 ? "it" : "them")")
            return .partial
        }
        if n > 0 {
            Console.error("atlas import: \(counted(n, "file")) in the log cannot be read; 'atlas errors' lists \(n == 1 ? "it" : "them")")
        }
        return .success
    }
}
