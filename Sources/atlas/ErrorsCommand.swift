import Foundation
import JSONWriter
import TravelLog

/// `atlas errors [--json]`: the files imports could not read, from the travel log.
enum ErrorsCommand: Command {
    static let name = "errors"
    static let summary = "List the files the travel log could not read, and why"
    static let help = """
        Usage: atlas errors [--db PATH] [--json]

        Lists every file an import recorded with an error (unreadable, empty, unrecognised
        format, truncated, corrupt), grouped by reason, from the travel log: one line each, a
        message's line breaks made spaces and other control characters escaped (\\x1b); --json
        has them as they are.

        Options:
        \(DatabaseOption.help)
          --json            One JSON object per line: path, kind, message, missing.
          --help            Show this help.

        Exit status: 0 listed (even when empty), 1 usage error, 2 no travel log or unreadable.
        """

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag("--json")
        let dbPath = try DatabaseOption.path(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("errors takes no file arguments") }
        let problems = try TravelLog(path: dbPath, readOnly: true).errors()
        if json {
            for p in problems {
                Console.out(JSONValue.object([("path", .string(p.path)), ("kind", .string(p.kind)), ("message", .string(p.message)),
                                              ("missing", .bool(p.isMissing))]).rendered())
            }
            return .success
        }
        guard !problems.isEmpty else {
            Console.error("No file errors in \(dbPath).")
            return .success
        }
        for (kind, group) in Dictionary(grouping: problems, by: \.kind).sorted(by: { $0.key < $1.key }) {
            Console.out("\(kind) (\(group.count))")
            for p in group { Console.out("  \(p.path.shown): \(p.message.oneLine)\(p.isMissing ? " [missing]" : "")") }
        }
        return .success
    }
}
