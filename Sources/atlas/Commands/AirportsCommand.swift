import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas airports`: the airports visited.
enum AirportsCommand: Command {
    static let answersAndExits = true
    static let declaration = CommandDeclaration.listing(
        name: "airports", summary: "List the airports visited (layovers included), with dates",
        about: """
            Lists every airport with a photo taken on the ground within its radius, layovers
            included (photos in flight do not count), a location history's stop there, or a
            flight of a flight log from or to it: name, country, first and last visit, days,
            photos, evidence, and the identifier.
            """)

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let listing = try ListingSettings(&arguments, command: "airports")
        VisitListing.list(try listing.passport().visits(.airport), json: listing.json, order: listing.order,
                            empty: VisitListing.nothing("airports"), columns: [
            ("NAME", \.name), ("COUNTRY", { $0.country?.name ?? "" }),
        ] + VisitListing.columns)
        return .success
    }
}
