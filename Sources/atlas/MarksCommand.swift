import Foundation
import JSONWriter
import Passport
import TravelLog

/// `atlas marks`: the places marked by hand.
enum MarksCommand: Command {
    static let name = "marks"
    static let summary = "List the places marked as visited"
    static let help = """
        Usage: atlas marks [--db PATH] [--json]

        Lists every mark: place id, name, date, note, by place id then date.

        Options:
        \(DatabaseOption.help)
        \(PassportOption.jsonHelp) place_id, place_name, date, note, continent, country, region, city.
          --help            Show this help.

        Exit status: 0 listed (even when empty), 1 usage error, 2 no travel log or unreadable.
        """

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag("--json")
        let dbPath = try DatabaseOption.path(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("marks takes no arguments") }
        let marks = try TravelLog(path: dbPath, readOnly: true).marks()
        if json {
            for m in marks { Console.out(TravelRecord.json(m).rendered()) }
            return .success
        }
        guard !marks.isEmpty else { Console.error("No marks in \(dbPath)."); return .success }
        Console.out(PassportOption.table(["ID", "NAME", "DATE", "NOTE"], marks.map { [$0.placeID, $0.placeName, $0.date ?? "-", $0.note ?? ""] }))
        return .success
    }
}
