import Foundation
import Gazetteer
import TravelLog

/// `atlas unmark PLACE_ID`: removes the marks of a place.
enum UnmarkCommand: Command {
    static let name = "unmark"
    static let summary = "Remove the marks of a place"
    static let help = """
        Usage: atlas unmark PLACE_ID [--db PATH]

        Removes every mark of the place (all dates). Photos are not affected. PLACE_ID is an
        identifier as 'atlas marks' lists it, or a code the gazetteer knows.

        Options:
        \(DatabaseOption.help)
        \(GazetteerOption.help)
          --help            Show this help.

        Exit status: 0 removed, 1 usage error (no such mark), 2 travel log problem.
        """

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let dbPath = try DatabaseOption.path(&arguments)
        let gazetteerPath = try arguments.option("--gazetteer")
        let words = try arguments.finish()
        guard words.count == 1 else { throw UsageError("expected one PLACE_ID") }
        let log = try TravelLog(path: dbPath)
        // The identifier as stored first: a place a later gazetteer dropped can still be unmarked.
        var removed = try log.removeMarks(placeID: words[0])
        if removed == 0, let place = try Gazetteer.open(path: gazetteerPath).lookup(words[0]) {
            removed = try log.removeMarks(placeID: place.id.description)
        }
        guard removed > 0 else { throw UsageError("no mark for '\(words[0])'") }
        Console.out("Removed \(removed) mark\(removed == 1 ? "" : "s") of \(words[0])")
        return .success
    }
}
