import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas cities`: the cities visited.
enum CitiesCommand: Command {
    static let name = "cities"
    static let summary = "List the cities visited, with dates, days and photos"
    static let help = PassportOption.listHelp(
        usage: "atlas cities [--country ID] [--region ID] [--db PATH] [--json]",
        about: """
            Lists every city visited: id, name, region, country, first and last visit, days, photos.
            """,
        options: """
              --country ID      Only cities of that country (JP, country:JP).
              --region ID       Only cities of that region (JP-26, region:JP.22).
            """)

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag("--json")
        let countryText = try arguments.option("--country")
        let regionText = try arguments.option("--region")
        let dbPath = try DatabaseOption.path(&arguments)
        let gazetteer = try GazetteerOption.open(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("cities takes no arguments") }
        let country = try PassportOption.place(countryText, kind: .country, option: "--country", gazetteer: gazetteer)
        let region = try PassportOption.place(regionText, kind: .region, option: "--region", gazetteer: gazetteer)
        let cities = try PassportOption.passport(dbPath).visits(.city)
            .filter { (country == nil || $0.country?.id == country) && (region == nil || $0.region?.id == region) }
        PassportOption.print(cities, json: json, columns: [
            ("ID", \.id), ("NAME", \.name), ("REGION", { $0.region?.name ?? "" }), ("COUNTRY", { $0.country?.name ?? "" }),
            ("FIRST", { $0.firstDate ?? "-" }), ("LAST", { $0.lastDate ?? "-" }), ("DAYS", { String($0.days.count) }),
            ("PHOTOS", { String($0.photos) }),
        ])
        return .success
    }
}
