import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas regions`: the regions visited.
enum RegionsCommand: Command {
    static let answersAndExits = true
    static let country = SharedOptions.place("--country", "Only regions of that country (Japan, JP, country:JP).")
    static let declaration = CommandDeclaration.listing(
        name: "regions", summary: "List the regions visited, with dates, days and photos",
        about: """
            Lists every first-level region visited: name, country, first and last visit, days,
            photos, evidence, and the identifier.
            """,
        options: [country.declaration])

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let countryText = try arguments.value(Self.country)
        let listing = try ListingSettings(&arguments, command: "regions", gazetteer: .open)
        let gazetteer = listing.gazetteer!
        let country = try PassportOption.place(countryText, kind: .country, option: "--country", gazetteer: gazetteer)
        let regions = try listing.passport().visits(.region).filter { country == nil || $0.country?.id == country?.id.description }
        VisitListing.list(regions, json: listing.json, order: listing.order, empty: VisitListing.nothing("regions", in: country), columns: [
            ("NAME", \.name), ("COUNTRY", { $0.country?.name ?? "" }),
        ] + VisitListing.columns)
        return .success
    }
}
