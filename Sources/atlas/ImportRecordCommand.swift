import Foundation
import Passport
import TravelLog

/// `atlas import-record FILE`: loads a travel record into an empty travel log.
enum ImportRecordCommand: Command {
    static let name = "import-record"
    static let summary = "Load a travel record (atlas export) into an empty travel log"
    static let help = """
        Usage: atlas import-record FILE [--db PATH]

        Loads a travel record written by 'atlas export' (with photos and exact coordinates,
        the defaults) into an empty travel log: photos with their capture times, positions and
        place snapshots, hand-set places, marks, saved homes, trip edits and flights. For a backup, or a
        move to a new machine:
        exporting the restored log gives the same bytes. The whole record is one transaction.

        Options:
        \(DatabaseOption.help)
          --help            Show this help.

        Exit status: 0 loaded, 1 usage error (unreadable or unsuitable record, log not empty), 2 travel log problem.
        """

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let dbPath = try DatabaseOption.path(&arguments)
        let words = try arguments.finish()
        guard words.count == 1 else { throw UsageError("expected one FILE") }
        guard let data = FileManager.default.contents(atPath: words[0]) else { throw UsageError("cannot read '\(words[0])'") }
        let restored: TravelRecord.Restored
        do {
            restored = try TravelRecord.restore(data, into: TravelLog(path: dbPath))
        } catch let error as TravelRecord.RestoreError {
            throw UsageError(error.description)
        } catch let error as NSError where error.domain == NSCocoaErrorDomain {
            throw UsageError("'\(words[0])' is not JSON: \(error.localizedDescription)")
        }
        Console.out("Loaded \(counted(restored.photos, "photo")), \(counted(restored.marks, "mark")), \(counted(restored.homes, "saved home")),"
                    + " \(counted(restored.tripEdits, "trip edit")) and \(counted(restored.flights, "flight")) into \(dbPath)")
        return .success
    }
}
