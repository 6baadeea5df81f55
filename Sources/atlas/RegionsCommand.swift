import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas regions`: the regions visited.
enum RegionsCommand: Command {
    static let name = "regions"
    static let summary = "List the regions visited, with dates, days and photos"
    static let help = PassportOption.listHelp(
        usage: "atlas regions [--country PLACE] [--sort KEY] [--evidence KINDS] [--db PATH] [--json]",
        about: """
            Lists every first-level region visited: name, country, first and last visit, days,
            photos, evidence, and the identifier.
            """,
        options: """
              --country PLACE   Only regions of that country (Japan, JP, country:JP).
            """)

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag("--json")
        let order = try PassportOption.order(&arguments)
        let countryText = try arguments.option("--country")
        let evidence = try PassportOption.evidence(&arguments)
        let dbPath = try DatabaseOption.path(&arguments)
        let gazetteer = try GazetteerOption.open(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("regions takes no arguments") }
        let country = try PassportOption.place(countryText, kind: .country, option: "--country", gazetteer: gazetteer)
        let regions = try PassportOption.passport(dbPath, evidence: evidence).visits(.region).filter { country == nil || $0.country?.id == country?.id.description }
        PassportOption.list(regions, json: json, order: order, empty: PassportOption.nothing("regions", in: country), columns: [
            ("NAME", \.name), ("COUNTRY", { $0.country?.name ?? "" }),
        ] + PassportOption.visitColumns)
        return .success
    }
}
