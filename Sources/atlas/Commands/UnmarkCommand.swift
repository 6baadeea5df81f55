import Foundation
import Gazetteer
import Passport
import TravelLog

/// `atlas unmark PLACE`: removes the marks of a place.
enum UnmarkCommand: Command {
    static let declaration = CommandDeclaration(
        name: "unmark", summary: "Remove the marks of a place", forms: ["PLACE"],
        about: """
            Removes every mark of the place (all dates). Photos are not affected. PLACE is an
            identifier as 'atlas marks' lists it, a code the gazetteer knows, or a name (as for
            'atlas mark').
            """,
        options: [SharedOptions.db.declaration, SharedOptions.gazetteer.declaration],
        exitStatus: "0 removed, 1 usage error (no such mark), 2 travel log problem.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let dbPath = try DatabaseOption.path(&arguments)
        let gazetteerPath = try arguments.value(SharedOptions.gazetteer)
        let words = try arguments.finish()
        guard words.count == 1 else { throw UsageError("expected one PLACE (quote a name of several words)") }
        let log = try TravelLog(path: dbPath)
        // The identifier as stored first: a place a later gazetteer dropped can still be unmarked.
        var removed = try log.removeMarks(placeID: words[0])
        var what = words[0]
        if removed == 0 {
            let place = try PlaceArgument.resolve(words[0], in: Gazetteer.open(path: gazetteerPath))
            removed = try log.removeMarks(placeID: place.id.description)
            what = "\(place.name) (\(place.id))"
        }
        guard removed > 0 else { throw UsageError("no mark for \(what.shown)", showsUsage: false) }
        Console.out("Removed \(counted(removed, "mark")) of \(what)")
        return .success
    }
}
