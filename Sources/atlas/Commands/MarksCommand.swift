import Foundation
import JSONWriter
import Passport
import TravelLog

/// `atlas marks`: the places marked by hand.
enum MarksCommand: Command {
    static let answersAndExits = true
    static let sort = Option("--sort", .choice("KEY") as ValueParser<MarkOrder>,
                             "name (default; then date) or date (oldest first, undated last). JSON lines follow --sort when it "
                             + "is given, by identifier then date otherwise.")
    static let declaration = CommandDeclaration(
        name: "marks", summary: "List the places marked as visited",
        about: "Lists every mark: place name, date, note, and the place's identifier.",
        options: [sort.declaration, SharedOptions.db.declaration,
                  SharedOptions.json("One JSON object per line: place_id, place_name, date, note, continent, country, region, city.").declaration],
        exitStatus: CommandDeclaration.listedStatus)

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let order = try arguments.value(Self.sort)
        let dbPath = try DatabaseOption.path(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("marks takes no arguments") }
        let marks = try TravelLog(path: dbPath, readOnly: true).marks()
        if json {
            Console.out(jsonLines: (order?.sorted(marks) ?? marks).lazy.map { TravelRecord.json($0) })
            return .success
        }
        guard !marks.isEmpty else { Console.error("No marks in \(dbPath)."); return .success }
        Console.out(TextTable.columns(["NAME", "DATE", "NOTE", "ID"],
                                         (order ?? .name).sorted(marks).map { [$0.placeName, $0.date ?? "-", $0.note ?? "", $0.placeID] }))
        return .success
    }
}
