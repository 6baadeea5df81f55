import Foundation
import Passport
import TravelLog

/// `atlas import-record FILE`: loads a travel record into an empty travel log.
enum ImportRecordCommand: Command {
    static let declaration = CommandDeclaration(
        name: "import-record", summary: "Load a travel record (atlas export) into an empty travel log", forms: ["FILE"],
        about: """
            Loads a travel record written by 'atlas export' (with photos and exact coordinates,
            the defaults) into an empty travel log: photos with their capture times, positions and
            place snapshots, hand-set places, marks, saved homes, trip edits and flights. For a backup, or a
            move to a new machine:
            exporting the restored log gives the same bytes. The whole record is one transaction;
            a record that cannot be loaded leaves no new log behind, and the reason is said.
            """,
        options: [SharedOptions.db.declaration],
        exitStatus: "0 loaded, 1 usage error (unreadable or unsuitable record, log not empty), 2 travel log problem.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let dbPath = try DatabaseOption.path(&arguments)
        let words = try arguments.finish()
        guard words.count == 1 else { throw UsageError("expected one FILE") }
        let file = words[0]
        let data = try contents(of: file)
        // A log made here for a record that then fails is removed, so that a second try, with the
        // right file, does not meet a log that is "not empty" or a half-made one.
        let existed = FileManager.default.fileExists(atPath: dbPath)
        let restored: TravelRecord.Restored
        do {
            restored = try TravelRecord.restore(data, into: TravelLog(path: dbPath))
        } catch {
            if !existed { removeLog(dbPath) }
            switch error {
            case let error as TravelRecord.RestoreError:
                throw UsageError("'\(file.shown)' cannot be loaded: \(error.description)", showsUsage: false)
            case let error as NSError where error.domain == NSCocoaErrorDomain:
                throw UsageError("'\(file.shown)' is not a travel record: it is not JSON ('atlas export' writes one)", showsUsage: false)
            default:
                throw error
            }
        }
        var parts = [counted(restored.photos, "photo"), counted(restored.marks, "mark"), counted(restored.homes, "saved home"),
                     counted(restored.tripEdits, "trip edit"), counted(restored.flights, "flight")]
        if restored.histories > 0 {
            parts.append(counted(restored.histories, "location history", "location histories") + " (\(counted(restored.historyDays, "day row")), not their points)")
        }
        Console.out("Loaded \(parts.dropLast().joined(separator: ", ")) and \(parts.last!) into \(dbPath)")
        return .success
    }

    /// The bytes of `file`; a usage error that says why when they cannot be read.
    private static func contents(of file: String) throws -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory) else {
            throw UsageError("cannot read '\(file.shown)': no such file", showsUsage: false)
        }
        if isDirectory.boolValue { throw UsageError("cannot read '\(file.shown)': it is a folder, not a record", showsUsage: false) }
        guard let data = FileManager.default.contents(atPath: file) else {
            throw UsageError("cannot read '\(file.shown)': \(FileManager.default.isReadableFile(atPath: file) ? "a read error" : "permission denied")",
                             showsUsage: false)
        }
        return data
    }

    /// The log at `path` and SQLite's files beside it.
    private static func removeLog(_ path: String) {
        for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
}
