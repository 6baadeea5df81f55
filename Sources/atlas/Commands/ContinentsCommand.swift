import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas continents`: the continents visited.
enum ContinentsCommand: Command {
    static let answersAndExits = true
    static let declaration = CommandDeclaration.listing(
        name: "continents", summary: "List the continents visited, with dates and countries",
        about: """
            Lists every continent visited: name, first and last visit, days, photos, evidence,
            countries visited, and the identifier.
            """)

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let listing = try ListingSettings(&arguments, command: "continents")
        let passport = try listing.passport()
        let countries = Dictionary(grouping: passport.visits(.country), by: { $0.continent?.id ?? "" }).mapValues(\.count)
        VisitListing.list(passport.visits(.continent), json: listing.json, order: listing.order, empty: VisitListing.nothing("continents"), columns: [
            ("NAME", \.name),
        ] + VisitListing.columns + [("COUNTRIES", { String(countries[$0.id] ?? 0) })], extra: { [("countries_visited", .int(countries[$0.id] ?? 0))] })
        return .success
    }
}
