import TravelLog
import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas countries [--year Y] [--continent C] [--json]`: the countries visited.
enum CountriesCommand: Command {
    static let answersAndExits = true
    static let year = SharedOptions.year("Only countries visited that year (days and photos of that year).")
    static let continent = SharedOptions.place("--continent", "Only countries of that continent (Europe, EU, continent:EU).")
    static let declaration = CommandDeclaration.listing(
        name: "countries", summary: "List the countries visited, with dates, days, photos and regions",
        about: """
            Lists every country visited (a qualifying photo, a stay in a location history, or a
            mark): name, continent, first and last visit (local dates; "no date" when known only
            from undated photos or marks), days (distinct local dates), photos, the evidence
            (photos, history, flights, marks), regions visited of the country's total, and the
            identifier. Photos taken in flight or in transit, and places only passed through, do
            not count.
            """,
        options: [year.declaration, continent.declaration])

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let year = try arguments.value(Self.year)
        let continentText = try arguments.value(Self.continent)
        let listing = try ListingSettings(&arguments, command: "countries", gazetteer: .open)
        let gazetteer = listing.gazetteer!
        let continent = try PassportOption.place(continentText, kind: .continent, option: "--continent", gazetteer: gazetteer)
        var passport = try listing.passport()
        if let year { passport = passport.restricted(toYear: year) }
        let countries = passport.visits(.country).filter { continent == nil || $0.continent?.id == continent?.id.description }
        let regionsVisited = Dictionary(grouping: passport.visits(.region), by: { $0.country?.id ?? "" }).mapValues(\.count)
        let regionCounts = try gazetteer.childCounts(of: countries.compactMap { PlaceID($0.id) }, kind: .region)
        let totals = Dictionary(uniqueKeysWithValues: regionCounts.map { ($0.key.description, $0.value) })
        let empty = VisitListing.nothing("countries", in: continent) + (year.map { " (in \($0))" } ?? "")
        VisitListing.list(countries, json: listing.json, order: listing.order, empty: empty, columns: [
            ("NAME", \.name), ("CONTINENT", { $0.continent?.name ?? "" }),
        ] + VisitListing.columns + [("REGIONS", { "\(regionsVisited[$0.id] ?? 0)/\(totals[$0.id] ?? 0)" })], extra: { [("regions_visited", .int(regionsVisited[$0.id] ?? 0)), ("regions_total", .int(totals[$0.id] ?? 0))] })
        return .success
    }
}
