import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas regions`: the regions visited.
enum RegionsCommand: Command {
    static let country = SharedOptions.place("--country", "Only regions of that country (Japan, JP, country:JP).")
    static let declaration = CommandDeclaration.listing(
        name: "regions", summary: "List the regions visited, with dates, days and photos",
        about: """
            Lists every first-level region visited: name, country, first and last visit, days,
            photos, evidence, and the identifier.
            """,
        options: [country.declaration])

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let order = try PassportOption.order(&arguments)
        let countryText = try arguments.value(Self.country)
        let evidence = try PassportOption.evidence(&arguments)
        let dbPath = try DatabaseOption.path(&arguments)
        let gazetteer = try GazetteerOption.open(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("regions takes no arguments") }
        let country = try PassportOption.place(countryText, kind: .country, option: "--country", gazetteer: gazetteer)
        let regions = try Passport.reading(logAt: dbPath, evidence: evidence).visits(.region).filter { country == nil || $0.country?.id == country?.id.description }
        VisitListing.list(regions, json: json, order: order, empty: VisitListing.nothing("regions", in: country), columns: [
            ("NAME", \.name), ("COUNTRY", { $0.country?.name ?? "" }),
        ] + VisitListing.columns)
        return .success
    }
}
