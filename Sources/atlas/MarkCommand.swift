import Foundation
import Gazetteer
import Passport
import TravelLog

/// `atlas mark PLACE_ID [--date YYYY-MM-DD] [--note TEXT]`: a visit by the user's word.
enum MarkCommand: Command {
    static let name = "mark"
    static let summary = "Mark a place as visited (counts like a photo; survives re-import)"
    static let help = """
        Usage: atlas mark PLACE_ID [--date YYYY-MM-DD] [--note TEXT] [--db PATH]

        Marks a continent, country, region, city, district or airport as visited, on a day or undated.
        PLACE_ID is an identifier (city:2988507, country:IS) or a code the gazetteer knows (IS,
        US-MT, KEF); 'atlas search' finds it. A mark counts like a qualifying photo for the
        place and every place above it, also on a day that only had photos in flight or in
        transit. Marks keep a snapshot of the place's names, live in their own table, survive
        re-import and reresolve, and are exported. Marking the same place and day again
        replaces the note.

        Options:
          --date YYYY-MM-DD The local date of the visit.
          --note TEXT       A note kept with the mark.
        \(DatabaseOption.help)
        \(GazetteerOption.help)
          --help            Show this help.

        Exit status: 0 marked, 1 usage error (unknown place, bad date), 2 travel log or gazetteer problem.
        """

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let date = try arguments.option("--date")
        let note = try arguments.option("--note")
        let dbPath = try DatabaseOption.path(&arguments)
        let gazetteer = try GazetteerOption.open(&arguments)
        let words = try arguments.finish()
        guard words.count == 1 else { throw UsageError("expected one PLACE_ID") }
        if let date, !Mark.isValidDate(date) { throw UsageError("--date takes YYYY-MM-DD, not '\(date)'") }
        guard let place = try gazetteer.lookup(words[0]) else { throw UsageError("no place '\(words[0])' in gazetteer \(gazetteer.version)") }
        try TravelLog(path: dbPath).saveMark(Mark(place: place, date: date, note: note))
        Console.out("Marked \(place.name) (\(place.id))\(date.map { " on \($0)" } ?? "")")
        return .success
    }
}
