import Foundation
import JSONWriter
import Passport
import TravelLog

/// `atlas marks`: the places marked by hand.
enum MarksCommand: Command {
    static let name = "marks"
    static let summary = "List the places marked as visited"
    static let help = """
        Usage: atlas marks [--sort name|date] [--db PATH] [--json]

        Lists every mark: place name, date, note, and the place's identifier.

        Options:
          --sort KEY        name (default; then date) or date (oldest first, undated last).
                            JSON lines follow --sort when it is given, by identifier then date
                            otherwise.
        \(DatabaseOption.help)
        \(PassportOption.jsonHelp) place_id, place_name, date, note, continent, country, region, city.
          --help            Show this help.

        Exit status: 0 listed (even when empty), 1 usage error, 2 no travel log or unreadable.
        """

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag("--json")
        let sortText = try arguments.option("--sort")
        let dbPath = try DatabaseOption.path(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("marks takes no arguments") }
        let order = try sortText.map { text throws(UsageError) in
            guard let order = MarkOrder(rawValue: text.lowercased()) else {
                throw UsageError("--sort takes name or date for marks, not '\(text.shown)'" + Suggestion.didYouMean(text, among: ["name", "date"]))
            }
            return order
        }
        let marks = try TravelLog(path: dbPath, readOnly: true).marks()
        if json {
            for m in order?.sorted(marks) ?? marks { Console.out(TravelRecord.json(m).rendered()) }
            return .success
        }
        guard !marks.isEmpty else { Console.error("No marks in \(dbPath)."); return .success }
        Console.out(PassportOption.table(["NAME", "DATE", "NOTE", "ID"],
                                         (order ?? .name).sorted(marks).map { [$0.placeName, $0.date ?? "-", $0.note ?? "", $0.placeID] }))
        return .success
    }
}
