import TravelLog
import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas cities`: the cities visited, or with `--districts` the districts inside them.
enum CitiesCommand: Command {
    static let answersAndExits = true
    static let districts = Flag("--districts", "List the districts visited instead, each with its city.")
    static let country = SharedOptions.place("--country", "Only cities of that country (Japan, JP, country:JP).")
    static let region = SharedOptions.place("--region", "Only cities of that region (Kyoto, JP-26, region:JP.22); with --country, a region of that country.")
    static let declaration = CommandDeclaration.listing(
        name: "cities", summary: "List the cities (or districts) visited, with dates, days and photos",
        about: """
            Lists every city visited: name, region, country, first and last visit, days, photos,
            evidence, and the identifier. A visit to a district (Lyon 05, Shibuya) counts for its city:
            Lyon is listed once.
            """,
        options: [districts.declaration, country.declaration, region.declaration])

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let districts = arguments.flag(Self.districts)
        let countryText = try arguments.value(Self.country)
        let regionText = try arguments.value(Self.region)
        let listing = try ListingSettings(&arguments, command: "cities", gazetteer: .open)
        let area = try ListingArea(country: countryText, region: regionText, gazetteer: listing.gazetteer!)
        let places = try listing.passport().visits(districts ? .district : .city).filter { area.holds($0.country, $0.region) }
        let city: [(String, (Visit) -> String)] = districts ? [("CITY", { $0.city?.name ?? "" })] : []
        let empty = VisitListing.nothing(districts ? "districts" : "cities", in: area.region, area.country)
        VisitListing.list(places, json: listing.json, order: listing.order, empty: empty, columns: [("NAME", \.name)] + city + [
            ("REGION", { $0.region?.name ?? "" }), ("COUNTRY", { $0.country?.name ?? "" }),
        ] + VisitListing.columns)
        return .success
    }
}
