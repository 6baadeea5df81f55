import Foundation
import Importer

/// `atlas verify [--deep] [--all] [--json]`: whether the travel log still describes the photo
/// files, whether the log is sound, and whether the gazetteer is the one its manifest
/// describes (``Verification``). Never writes.
enum VerifyCommand: Command {
    static let deep = Flag("--deep", "Also read each unchanged photo's Exif again and compare its fingerprint (slower: opens every file).")
    static let all = Flag("--all", "List every path or date, not only the first 10 of each kind.")
    static let declaration = CommandDeclaration(
        name: "verify", summary: "Check the photo files, the travel log and the gazetteer; change nothing",
        about: """
            Checks, without writing anything (the log is opened read-only):
              - the photos: gone from their path, changed since import (size or modification
                time), with --deep a changed Exif fingerprint, or unreadable (a folder that
                cannot be searched); photos an import already marked missing are counted apart;
              - the travel log: SQLite's integrity check, and the visit aggregates against the
                photos (a difference lists the dates);
              - the gazetteer: its sha256 against manifest.json beside it.
            Each check prints "ok" or a count and the first 10 paths or dates; a last line says
            how much disk the log (with SQLite's -wal and -shm files) and the gazetteer take.
            """,
        options: [deep.declaration,
                  all.declaration,
                  SharedOptions.db.declaration,
                  Option("--gazetteer", .path(), SharedOptions.gazetteer.declaration.help).declaration,
                  SharedOptions.json("One JSON document: log, gazetteer, deep, photos, photos_complete, status, disk (log_bytes, gazetteer_bytes), and per check its kind, status (ok, note, attention, damaged), count, note and paths (dates for aggregates, messages for integrity and gazetteer).").declaration],
        exitStatus: "0 all is well, 1 usage error, 2 the log or the gazetteer is damaged or cannot be opened (integrity check, aggregates, sha256, manifest), 3 photo files need attention (gone, changed, unreadable), 4 output could not be written.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let deep = arguments.flag(Self.deep)
        let all = arguments.flag(Self.all)
        let dbPath = try DatabaseOption.path(&arguments)
        let gazetteer = try arguments.value(SharedOptions.gazetteer)
        guard try arguments.finish().isEmpty else { throw UsageError("verify takes no file arguments") }
        let verification = Verification.run(logPath: dbPath, gazetteer: gazetteer, options: .init(deep: deep, limit: all ? nil : listed))
        if json {
            Console.out(json: verification.json())
        } else {
            for line in verification.textLines(listed: all ? nil : listed) { Console.out(line) }
        }
        Console.error(verification.verdict)
        switch verification.severity {
        case .ok, .note: return .success
        case .attention: return .partial
        case .damaged: return .fatal
        }
    }

    /// How many paths or dates of each kind are listed without --all.
    static let listed = 10
}
