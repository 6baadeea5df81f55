import Foundation
import Gazetteer
import Importer
import TravelLog

/// `atlas set-place PHOTO PLACE`: corrects the place of one photo by hand.
enum SetPlaceCommand: Command {
    static let clear = Flag("--clear", "Remove the hand-set place.", inUsage: false)
    static let declaration = CommandDeclaration(
        name: "set-place", summary: "Set the place of a photo by hand (survives re-import and reresolve)", forms: ["PHOTO PLACE|LAT,LON", "PHOTO --clear [--db PATH]"],
        about: """
            PHOTO is a path (as imported) or the photo's id; PLACE a place identifier
            (city:2988507, district:6543971, region:FR.11, country:JP, airport:KIX), a code the
            gazetteer knows (JP, US-MT, KIX) or a name (Lisbon, "new york city"; the match is shown
            on stderr, and several that fit as well are listed to choose from). LAT,LON, written as
            for 'atlas resolve' (-33.86,151.21 or -33.86 151.21), sets the place it resolves to: its
            district, else its city, region or country (shown on stderr). A district brings
            its city; a city set by hand has no
            district. The correction is kept apart from the resolved place: imports and
            'atlas reresolve' never overwrite it. --clear removes it.
            """,
        options: [SharedOptions.db.declaration,
                  clear.declaration,
                  SharedOptions.gazetteer.declaration],
        exitStatus: "0 set, 1 usage error (unknown photo, unknown or ambiguous place), 2 travel log or gazetteer problem.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let clear = arguments.flag(Self.clear)
        let dbPath = try DatabaseOption.path(&arguments)
        let gazetteerPath = try arguments.value(SharedOptions.gazetteer)
        let words = try arguments.finish()
        let given = PlaceOrPosition(Position.joined(words.dropFirst()))
        guard clear ? words.count == 1 : words.count == 2 || (words.count > 2 && given.isPosition) else {
            throw UsageError(clear ? "expected PHOTO" : "expected PHOTO PLACE (quote a name of several words)")
        }
        let log = try TravelLog(path: dbPath, readOnly: !FileManager.default.fileExists(atPath: dbPath))
        let photo = LibraryWalker.canonicalOrSame(words[0])
        guard let id = try log.photoID(photo) ?? log.photoID(words[0]) else { throw UsageError("no photo '\(words[0].shown)' in \(dbPath)", showsUsage: false) }
        if clear {
            try log.clearPlace(photo: id)
            Console.out("Photo \(id): hand-set place removed")
            return .success
        }
        let gazetteer = try Gazetteer.open(path: gazetteerPath)
        let place = try PositionArgument.place(given, gazetteer: gazetteer)
        try log.setPlace(photo: id, to: place)
        Console.out("Photo \(id): \(([place.name] + place.lineage.reversed().map(\.name)).joined(separator: ", "))  \(place.id)")
        return .success
    }
}
