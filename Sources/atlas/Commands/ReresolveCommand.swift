import Foundation
import Gazetteer
import Importer
import JSONWriter
import Passport
import TravelLog

/// `atlas reresolve`: re-derives every place snapshot with the current gazetteer.
enum ReresolveCommand: Command {
    static let declaration = CommandDeclaration(
        name: "reresolve", summary: "Re-derive every photo's place with the current gazetteer and report changes",
        about: """
            Resolves the position of every photo in the travel log again with the current gazetteer
            and rewrites the snapshots that differ (never automatically: a new gazetteer changes
            nothing until you run this). Places set by hand ('atlas set-place') are kept. A photo
            whose UTC offset came from the time zone of its position gets it again from the zone
            there now. Every change is listed: "old → new" per place level, and "UTC offset".
            """,
        options: [SharedOptions.db.declaration,
                  SharedOptions.json("Print the report as one JSON object.").declaration,
                  SharedOptions.gazetteer.declaration],
        exitStatus: "0 done, 1 usage error, 2 travel log or gazetteer problem, or in use.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let dbPath = try DatabaseOption.path(&arguments)
        let gazetteer = try GazetteerOption.open(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("reresolve takes no file arguments") }
        guard FileManager.default.fileExists(atPath: dbPath) else { throw TravelLogError.missing(dbPath) }
        try TravelLog.check(path: dbPath)
        guard let lock = try ImportLock(logPath: dbPath) else {
            Console.error("atlas reresolve: \(TravelLogError.inUse(dbPath))")
            return .fatal
        }
        defer { lock.release() }
        let log = try TravelLog(path: dbPath)
        let report = try Reresolver(log: log, finder: PlaceFinder(gazetteer: gazetteer)).run()
        let transitions = report.transitions.sorted { $0.value == $1.value ? $0.key < $1.key : $0.value > $1.value }
        if json {
            Console.out(json: JSONValue.object([
                ("gazetteer_version", .string(gazetteer.version)),
                ("examined", .int(report.examined)),
                ("changed", .int(report.changedPhotos)),
                ("retimed", .int(report.retimedPhotos)),
                ("rewritten", .int(report.rewritten)),
                ("transitions", .array(transitions.map { .object([("change", .string($0.key)), ("photos", .int($0.value))]) })),
            ]))
        } else {
            Console.out("Re-resolved \(counted(report.examined, "photo")) with gazetteer \(gazetteer.version): \(report.changedPhotos) changed place, "
                        + "\(report.retimedPhotos) changed UTC offset, \(counted(report.rewritten, "snapshot")) rewritten")
            for (change, n) in transitions { Console.out("  \(n) × \(change)") }
        }
        return .success
    }
}
