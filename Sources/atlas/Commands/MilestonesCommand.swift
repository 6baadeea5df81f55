import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas milestones`: the milestones reached, when and where, and those in reach with what
/// they still miss.
enum MilestonesCommand: Command {
    static let answersAndExits = true
    static let all = Flag("--all", "List every milestone not reached yet, not only the \(shown) nearest.")
    /// The milestones not reached that the text lists without --all.
    static let shown = 10
    static let declaration = CommandDeclaration(
        name: "milestones", summary: "The milestones reached (every continent, 50 countries, every US state…) and those in reach",
        about: """
            Lists the milestones reached, in the order reached, each with the date and the place
            of the visit that completed it; then the nearest of the others, with how many of
            their places are visited and which are missing ("Every US state  47 of 50  Alaska,
            Hawaii, North Dakota").

            The milestones: every continent; 10, 25, 50 and 100 countries (counted under --count);
            every US state and every Canadian province and territory; every region of each country,
            and every subregion (county, département, province) of each country and each region,
            once one of them is visited. docs/passport.md lists them.
            """,
        options: [all.declaration, SharedOptions.count.declaration, SharedOptions.evidence.declaration, SharedOptions.db.declaration,
                  SharedOptions.gazetteer.declaration,
                  SharedOptions.json("One JSON object per milestone and line, in the same order: id, title, reached (the date, or null), place (id, name, or null), done, total, missing (id, name), complete.").declaration],
        exitStatus: CommandDeclaration.listedStatus)

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let every = arguments.flag(Self.all)
        let scheme = try PassportOption.scheme(&arguments)
        let listing = try ListingSettings(&arguments, command: "milestones", sorted: false, gazetteer: .open)
        let gazetteer = listing.gazetteer!
        let milestones = try listing.passport().milestones(scheme: try CountingScheme.load(scheme, from: gazetteer), gazetteer: gazetteer)
        if listing.json {
            Console.out(jsonLines: milestones.lazy.map { TravelRecord.json($0) })
            return .success
        }
        let reached = milestones.filter(\.isReached), open = milestones.filter { !$0.isReached }
        var lines: [String] = []
        if reached.isEmpty {
            lines.append("No milestone reached yet.")
        } else {
            lines.append("Reached")
            lines.append(alignedRows(reached.map { ["  " + ($0.reached ?? "undated"), $0.title, $0.place?.name ?? ""] }))
        }
        let listed = every ? open : Array(open.prefix(shown))
        if !listed.isEmpty {
            lines += ["", "In reach"]
            lines.append(alignedRows(listed.map { ["  " + $0.title, "\(grouped($0.done)) of \(grouped($0.total))", missing($0)] }))
        }
        if listed.count < open.count { lines.append("(\(open.count - listed.count) more: --all lists them)") }
        Console.out(lines.joined(separator: "\n"))
        return .success
    }

    /// The first few places missing, by name, and how many more.
    static func missing(_ m: Milestone, names: Int = 5) -> String {
        let first = m.missing.prefix(names).map(\.name).joined(separator: ", ")
        return m.missing.count > names ? first + ", … and \(grouped(m.missing.count - names)) more" : first
    }
}
