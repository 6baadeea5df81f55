import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas airports`: the airports visited.
enum AirportsCommand: Command {
    static let declaration = CommandDeclaration.listing(
        name: "airports", summary: "List the airports visited (layovers included), with dates",
        about: """
            Lists every airport with a photo taken on the ground within its radius, layovers
            included (photos in flight do not count), a location history's stop there, or a
            flight of a flight log from or to it: name, country, first and last visit, days,
            photos, evidence, and the identifier.
            """)

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let order = try PassportOption.order(&arguments)
        let evidence = try PassportOption.evidence(&arguments)
        let dbPath = try DatabaseOption.path(&arguments)
        _ = try arguments.value(SharedOptions.gazetteer)
        guard try arguments.finish().isEmpty else { throw UsageError("airports takes no arguments") }
        VisitListing.list(try Passport.reading(logAt: dbPath, evidence: evidence).visits(.airport), json: json, order: order,
                            empty: VisitListing.nothing("airports"), columns: [
            ("NAME", \.name), ("COUNTRY", { $0.country?.name ?? "" }),
        ] + VisitListing.columns)
        return .success
    }
}
