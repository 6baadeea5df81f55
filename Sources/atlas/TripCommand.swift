import Foundation
import Gazetteer
import Passport
import TravelLog

/// `atlas trip ID`, and its edits: `rename`, `split`, `merge`, `exclude`, `reset`.
enum TripCommand: Command {
    static let declaration = CommandDeclaration(
        name: "trip", summary: "Show one trip day by day; rename, split, merge or exclude trips", forms: ["ID", "rename ID TITLE", "split ID DATE", "merge ID ID", "exclude ID", "reset ID"],
        about: """
            Shows one trip ('atlas trips' lists them) day by day: each date, the places visited
            away from home (city, else region or country), layover airports, flights, photos in
            flight, and whether the day began or ended at home. ID is the trip's identifier or any
            date inside it.

            Edits are kept in the travel log and apply each time trips are detected, so they
            survive imports, reresolve and new photos, and are exported:
              rename ID TITLE   Give the trip a title of your own.
              split ID DATE     Make two trips, the second from DATE (a day of the trip after its
                                first, with photos on both sides).
              merge ID ID       Make one trip of two, with the days between.
              exclude ID        Not a trip (a commute, a move): left out of trips and stats.
              reset ID          Forget every edit made to the trip (its title, exclusion, splits
                                and merges): the trip as detected.
            """,
        options: SharedOptions.tripRules + [SharedOptions.json("The trip as 'atlas trips --json' has it, with day_by_day.").declaration],
        exitStatus: "0 shown or edited, 1 usage error (no such trip, a date outside it, an edit that changes nothing), 2 travel log or gazetteer problem.")

    static let actions = ["rename", "split", "merge", "exclude", "reset"]

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let settings = try TripSettings(&arguments)
        let words = try arguments.finish()
        guard let first = words.first else { throw UsageError("expected a trip ID ('atlas trips' lists them) or an action") }
        let action = actions.contains(first) ? first : nil
        let rest = Array(words.dropFirst(action == nil ? 0 : 1))
        let log = try TravelLog(path: settings.dbPath, readOnly: action == nil)
        let passport = try settings.passport(log)
        let homes = try settings.homes(passport)
        // Edited, a trip is found among all, which an edit may change.
        let trips = action == nil ? [] : passport.trips(homes: homes, rules: settings.rules)
        func find(_ text: String) throws -> Trip { try PassportOption.trip(text, among: trips) }
        func expect(_ count: Int, _ what: String) throws {
            guard rest.count == count else { throw UsageError("trip \(action ?? "") takes \(what)") }
        }
        /// Saves `edit` once it is known to change the trips.
        func save(_ edit: TripEdit, _ done: String) throws -> ExitStatus {
            let edited = passport.with(tripEdits: passport.tripEdits + [edit])
            guard edited.trips(homes: homes, rules: settings.rules) != trips else {
                throw UsageError("that changes nothing: \(done.lowercased()) already, or no photos on each side", showsUsage: false)
            }
            try log.saveTripEdit(edit)
            Console.out(done)
            return .success
        }
        switch action {
        case nil:
            try expect(1, "one ID")
            let trip = try PassportOption.trip(rest[0], in: passport, homes: homes, rules: settings.rules)
            if json {
                Console.out(TravelRecord.json(trip, days: true).rendered())
            } else {
                Console.out(text(trip))
            }
            return .success
        case "rename":
            try expect(2, "an ID and a TITLE (quote a title of several words)")
            let trip = try find(rest[0])
            let title = rest[1].trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty else { throw UsageError("the title is empty ('atlas trip reset ID' brings back the generated one)") }
            return try save(TripEdit(kind: .rename, date: trip.start, title: title), "Renamed \(trip.id): \(title)")
        case "split":
            try expect(2, "an ID and a DATE (YYYY-MM-DD)")
            let trip = try find(rest[0])
            guard CalendarDay(rest[1]) != nil else { throw UsageError("'\(rest[1].shown)' is not a date (YYYY-MM-DD)") }
            guard trip.start < rest[1] && rest[1] <= trip.end else {
                throw UsageError("\(rest[1]) is not a day of trip \(trip.id) after its first (\(trip.start) to \(trip.end))", showsUsage: false)
            }
            return try save(TripEdit(kind: .split, date: rest[1]), "Split \(trip.id): a new trip from \(rest[1])")
        case "merge":
            try expect(2, "two IDs")
            let pair = try [find(rest[0]), find(rest[1])].sorted { $0.start < $1.start }
            guard pair[0].id != pair[1].id else { throw UsageError("a trip cannot be merged with itself", showsUsage: false) }
            return try save(TripEdit(kind: .merge, date: pair[0].start, until: pair[1].end), "Merged \(pair[0].id) and \(pair[1].id)")
        case "exclude":
            try expect(1, "one ID")
            let trip = try find(rest[0])
            return try save(TripEdit(kind: .exclude, date: trip.start), "Excluded \(trip.id): \(trip.title)")
        default:
            try expect(1, "one ID")
            let trip = try find(rest[0])
            let mine = passport.tripEdits.filter { e in
                (trip.start <= e.date && e.date <= trip.end) || (e.until.map { trip.start <= $0 && $0 <= trip.end } ?? false)
            }
            guard !mine.isEmpty else { throw UsageError("trip \(trip.id) has no edits", showsUsage: false) }
            try log.removeTripEdits(mine.compactMap(\.sequence))
            Console.out("Reset \(trip.id): \(counted(mine.count, "edit")) forgotten")
            return .success
        }
    }

    /// The title, the figures, the places, then one line per day.
    static func text(_ t: Trip) -> String {
        func list(_ places: [Trip.Place]) -> String {
            places.map { "\($0.place.name) (\(counted($0.days, "day")))" }.joined(separator: ", ")
        }
        var lines = [t.title + (t.excluded ? " (excluded)" : ""),
                     "\(t.start) to \(t.end) · \(counted(t.dayCount, "day")) · \(counted(t.photos, "photo")) · \(grouped(Int(t.distanceKm.rounded()))) km"]
        if !t.countries.isEmpty { lines.append("Countries: " + list(t.countries)) }
        if !t.cities.isEmpty { lines.append("Cities: " + list(t.cities)) }
        if !t.transit.isEmpty { lines.append("Transit: " + list(t.transit)) }
        lines.append("")
        let rows = t.days.map { d -> [String] in
            var what: [String] = []
            if !d.places.isEmpty { what.append(d.places.map(\.name).joined(separator: ", ")) }
            if !d.transit.isEmpty { what.append("transit at " + d.transit.map(\.name).joined(separator: ", ")) }
            if !d.flights.isEmpty { what.append("flight " + d.flights.joined(separator: ", ")) }
            if d.flightPhotos > 0 { what.append("\(counted(d.flightPhotos, "photo")) in flight") }
            if d.atHome { what.append("at home") }
            if d.marks > 0 { what.append(counted(d.marks, "mark")) }
            return [d.date, d.photos == 0 ? "-" : String(d.photos), what.isEmpty ? "no photos" : what.joined(separator: "; ")]
        }
        return (lines + [PassportOption.table(["DATE", "PHOTOS", "WHERE"], rows)]).joined(separator: "\n")
    }
}
