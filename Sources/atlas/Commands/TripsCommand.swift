import Foundation
import Gazetteer
import Passport

/// `atlas trips [--year Y] [--country C] [--json]`: the trips, detected from the photos.
enum TripsCommand: Command {
    static let answersAndExits = true
    static let year = SharedOptions.year("Only trips with days in that year.")
    static let country = SharedOptions.place("--country", "Only trips that visited that country.")
    static let all = Flag("--all", "Also the trips excluded with 'atlas trip exclude' (without it, stderr says how many are not shown).")
    static let declaration = CommandDeclaration(
        name: "trips", summary: "List the trips: runs of days away from home, with title, dates and places",
        about: """
            Lists the trips, oldest first: identifier (the start date), start and end (local dates),
            days, photos, distance and title. A day is away when it has a qualifying photo more
            than 100 km from home or in another country (or a dated mark in another country or
            region); days with only photos in flight or in transit belong to the trip around them;
            a trip may hold 2 days without photos and ends at a day at home. Titles are made from
            the main places and the month ("Italy, Portugal & Switzerland, July 2024") unless
            renamed. 'atlas trip ID' shows one trip day by day and edits it; 'atlas home' shows the
            home trips are measured from.
            """,
        options: [year.declaration, country.declaration, all.declaration] + SharedOptions.tripRules
            + [SharedOptions.json("One JSON object per trip: id, title, start, end, days, countries, regions, cities, transit and airports ([{id, name, days}]), distance_km, photos, flight_photos, marks, flights (their ids), title_edited, excluded.").declaration],
        exitStatus: "0 listed (even when empty), 1 usage error, 2 no travel log or unreadable.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let all = arguments.flag(Self.all)
        let year = try arguments.value(Self.year)
        let countryText = try arguments.value(Self.country)
        let settings = try TripSettings(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("trips takes no arguments ('atlas trip ID' shows one)") }
        let country = try PassportOption.place(countryText, kind: .country, option: "--country", gazetteer: settings.gazetteer)
        let passport = try settings.passport(tracks: false)
        let homes = try settings.homes(passport)
        // Kept: freeing each trip's days, array by array, cost more than printing them.
        let found = KeptUntilExit.keep(passport.trips(homes: homes, rules: settings.rules, year: year)).filter { trip in
            country.map { c in trip.countries.contains { $0.place.id == c.id.description } } ?? true
        }
        let trips = found.filter { all || !$0.excluded }
        if json {
            Console.out(jsonLines: trips.lazy.map { TravelRecord.json($0) })
            return .success
        }
        // An excluded trip is hidden, not gone: say where it is, or it looks lost.
        let hidden = found.count - trips.count
        let hiddenNote = hidden == 0 ? nil : "\(counted(hidden, "excluded trip")) not shown ('atlas trips --all' lists \(hidden == 1 ? "it" : "them"); 'atlas trip reset ID' brings one back)"
        guard !trips.isEmpty else {
            Console.error(homes.periods.isEmpty ? "No trips: no home to be away from ('atlas home set PLACE' saves one)."
                                                : "No trips" + (year.map { " in \($0)" } ?? "") + (country.map { " to \($0.name)" } ?? "")
                                                  + (hiddenNote.map { "; " + $0 } ?? "") + ".")
            return .success
        }
        defer { if let hiddenNote { Console.error(hiddenNote + ".") } }
        Console.out(TextTable.columns(["ID", "START", "END", "DAYS", "PHOTOS", "KM", "TITLE"], trips.map { t in
            [t.id, t.start, t.end, String(t.dayCount), String(t.photos), grouped(Int(t.distanceKm.rounded())),
             t.title + (t.excluded ? " (excluded)" : "")]
        }))
        return .success
    }
}
