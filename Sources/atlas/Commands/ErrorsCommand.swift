import Foundation
import JSONWriter
import TravelLog

/// `atlas errors [--json]`: the files imports could not read, from the travel log.
enum ErrorsCommand: Command {
    static let declaration = CommandDeclaration(
        name: "errors", summary: "List the files the travel log could not read, and why",
        about: """
            Lists every file an import recorded with an error (unreadable, empty, unrecognised
            format, truncated, corrupt), grouped by reason, from the travel log: one line each, a
            message's line breaks made spaces and other control characters escaped (\\x1b); --json
            has them as they are.
            """,
        options: [SharedOptions.db.declaration, SharedOptions.json("One JSON object per line: path, kind, message, missing.").declaration],
        exitStatus: CommandDeclaration.listedStatus)

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let dbPath = try DatabaseOption.path(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("errors takes no file arguments") }
        let problems = try TravelLog(path: dbPath, readOnly: true).errors()
        if json {
            Console.out(jsonLines: problems.lazy.map { p in
                JSONValue.object([("path", .string(p.path)), ("kind", .string(p.kind)), ("message", .string(p.message)), ("missing", .bool(p.isMissing))])
            })
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
