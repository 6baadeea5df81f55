import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas regions`: the regions visited.
enum RegionsCommand: Command {
    static let name = "regions"
    static let summary = "List the regions visited, with dates, days and photos"
    static let help = PassportOption.listHelp(
        usage: "atlas regions [--country ID] [--db PATH] [--json]",
        about: """
            Lists every first-level region visited: id, name, country, first and last visit, days, photos.
            """,
        options: """
              --country ID      Only regions of that country (JP, country:JP).
            """)

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag("--json")
        let countryText = try arguments.option("--country")
        let dbPath = try DatabaseOption.path(&arguments)
        let gazetteer = try GazetteerOption.open(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("regions takes no arguments") }
        let country = try PassportOption.place(countryText, kind: .country, option: "--country", gazetteer: gazetteer)
        let regions = try PassportOption.passport(dbPath).visits(.region).filter { country == nil || $0.country?.id == country }
        PassportOption.list(regions, json: json, columns: [
            ("ID", \.id), ("NAME", \.name), ("COUNTRY", { $0.country?.name ?? "" }), ("FIRST", { $0.firstDate ?? "-" }),
            ("LAST", { $0.lastDate ?? "-" }), ("DAYS", { String($0.days.count) }), ("PHOTOS", { String($0.photos) }),
        ])
        return .success
    }
}
