import Foundation
import Gazetteer
import Passport
import TravelLog

/// `atlas mark PLACE [--date YYYY-MM-DD] [--note TEXT]`: a visit by the user's word.
enum MarkCommand: Command {
    static let date = Option("--date", .day, "The local date of the visit.")
    static let note = Option("--note", .text("TEXT"), "A note kept with the mark.")
    static let declaration = CommandDeclaration(
        name: "mark", summary: "Mark a place as visited (counts like a photo; survives re-import)", forms: ["PLACE"],
        about: """
            Marks a continent, country, region, subregion, city, district or airport as visited, on a day or undated.
            PLACE is an identifier (city:2988507, country:IS), a code the gazetteer knows (IS, US-MT,
            KEF) or a name (Iceland, "new york"): the best match is taken and shown on stderr, and
            when several fit as well they are listed to choose from ('atlas search' finds more).
            A mark counts like a qualifying photo for the
            place and every place above it, also on a day that only had photos in flight or in
            transit. Marks keep a snapshot of the place's names, live in their own table, survive
            re-import and reresolve, and are exported. Marking the same place and day again
            replaces the note.
            """,
        options: [date.declaration, note.declaration, SharedOptions.db.declaration, SharedOptions.gazetteer.declaration],
        exitStatus: "0 marked, 1 usage error (unknown or ambiguous place, bad date), 2 travel log or gazetteer problem.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let date = try arguments.value(Self.date)?.text
        let note = try arguments.value(Self.note)
        let dbPath = try DatabaseOption.path(&arguments)
        let gazetteer = try GazetteerOption.open(&arguments)
        let words = try arguments.finish()
        guard words.count == 1 else { throw UsageError("expected one PLACE (quote a name of several words)") }
        let place = try PlaceArgument.resolve(words[0], in: gazetteer)
        try TravelLog(path: dbPath).saveMark(Mark(place: place, date: date, note: note))
        Console.out("Marked \(place.name) (\(place.id))\(date.map { " on \($0)" } ?? "")")
        return .success
    }
}
