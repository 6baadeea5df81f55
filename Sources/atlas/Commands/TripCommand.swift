import Foundation
import Gazetteer
import Passport
import TravelLog

/// `atlas trip ID`, and its edits: `rename`, `split`, `merge`, `exclude`, `reset`.
enum TripCommand: Command {
    static let answersAndExits = true
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

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let settings = try TripSettings(&arguments)
        let words = try arguments.finish()
        guard let first = words.first else { throw UsageError("expected a trip ID ('atlas trips' lists them) or an action") }
        guard TripEditRequest.actions.contains(first) else {
            guard words.count == 1 else { throw UsageError("trip takes one ID") }
            let passport = try settings.passport(tracks: false)
            let trip = try PassportOption.trip(first, in: passport, homes: try settings.homes(passport), rules: settings.rules)
            guard json else { Console.out(text(trip)); return .success }
            var bytes = TravelRecord.jsonWithDays(trip)
            bytes.append(UInt8(ascii: "\n"))
            Console.outBytes(bytes)
            return .success
        }
        let log = try TravelLog(path: settings.dbPath)
        let passport = try settings.passport(log)
        do {
            // Edited, a trip is found among all, which an edit may change.
            let request = try TripEditRequest(action: first, Array(words.dropFirst()))
            switch try passport.plan(request, homes: try settings.homes(passport), rules: settings.rules) {
            case .save(let edit, let done):
                try log.saveTripEdit(edit)
                Console.out(done)
            case .forget(let sequences, let done):
                try log.removeTripEdits(sequences)
                Console.out(done)
            }
            return .success
        } catch let problem as TripEditProblem {
            throw UsageError(problem)
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
        // A long trip's days told in two halves at once (the spread log's trip: 5,479 days).
        let days = t.days, middle = days.count < 1_024 ? days.count : days.count / 2
        let (first, second) = concurrently({ days[..<middle].map(Self.row) }, { days[middle...].map(Self.row) })
        let rows = first + second
        return (lines + [TextTable.columns(["DATE", "PHOTOS", "WHERE"], rows)]).joined(separator: "\n")
    }
}

extension TripCommand {
    /// A day's line: its date, photos, and what it held.
    static func row(_ d: Trip.Day) -> [String] {
        var what = DayWhat()
        if !d.places.isEmpty { what.part("", d.places.map(\.name)) }
        if !d.transit.isEmpty { what.part("transit at ", d.transit.map(\.name)) }
        if !d.flights.isEmpty { what.part("flight ", d.flights) }
        if d.flightPhotos > 0 { what.part("\(counted(d.flightPhotos, "photo")) in flight") }
        if d.atHome { what.part("at home") }
        if d.marks > 0 { what.part(counted(d.marks, "mark")) }
        return [d.date, d.photos == 0 ? "-" : String(d.photos), what.parts == 0 ? "no photos" : String(decoding: what.bytes, as: UTF8.self)]
    }

    /// What a day held, as the bytes of its parts: one string made at the end (a trip of years
    /// has thousands of days, each a list, and a string appended to costs more than its bytes).
    private struct DayWhat {
        var bytes: [UInt8] = []
        var parts = 0

        /// `label`, then `items`, after a "; " when a part came before.
        mutating func part(_ label: String, _ items: [String] = []) {
            if parts > 0 { bytes.append(contentsOf: "; ".utf8) }
            parts += 1
            bytes.append(contentsOf: label.utf8)
            for (i, item) in items.enumerated() {
                if i > 0 { bytes.append(contentsOf: ", ".utf8) }
                bytes.append(contentsOf: item.utf8)
            }
        }
    }
}

extension UsageError {
    /// A refused edit of the trips, said as a usage error: with the usage when the words were
    /// off, without when they named a trip or a date that does not fit.
    init(_ problem: TripEditProblem) {
        switch problem {
        case .arguments, .emptyTitle, .notADate:
            self.init(problem.description)
        case .noTrip(let text, let ids):
            self.init(PassportOption.noTrip(text, among: ids).message, showsUsage: false)
        default:
            self.init(problem.description, showsUsage: false)
        }
    }
}
