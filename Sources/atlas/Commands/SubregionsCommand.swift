import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas subregions [--country C] [--region R]`: the subregions visited (counties,
/// départements, provinces), with each country's total.
enum SubregionsCommand: Command {
    static let country = SharedOptions.place("--country", "Only subregions of that country (United States, US, country:US).")
    static let region = SharedOptions.place("--region", "Only subregions of that region (California, US.CA, region:US.CA).")
    static let declaration = CommandDeclaration.listing(
        name: "subregions", summary: "List the subregions visited (counties, départements, provinces), with each country's total",
        about: """
            Lists every second-level region visited — a US county, a French département, an
            Italian or Spanish province, elsewhere the admin-2 unit of the city a photo resolved
            to: name, region, country, first and last visit, days, photos, evidence, and the
            identifier; then, for each country listed, how many of its subregions were visited
            ("counties 12 of 3,143").
            """,
        options: [country.declaration, region.declaration])

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let countryText = try arguments.value(Self.country)
        let regionText = try arguments.value(Self.region)
        let listing = try ListingSettings(&arguments, command: "subregions", gazetteer: .open)
        let gazetteer = listing.gazetteer!
        let country = try PassportOption.place(countryText, kind: .country, option: "--country", gazetteer: gazetteer)
        let region = try PassportOption.place(regionText, kind: .region, option: "--region", gazetteer: gazetteer)
        let units = try listing.passport().visits(.subregion).filter {
            (country == nil || $0.country?.id == country?.id.description) && (region == nil || $0.region?.id == region?.id.description)
        }
        let countries = Array(Set(units.compactMap { $0.country.flatMap { PlaceID($0.id) } })).sorted()
        let totals = try gazetteer.childCounts(of: countries, kind: .subregion)
        let visited = Dictionary(grouping: units, by: { $0.country?.id ?? "" }).mapValues(\.count)
        VisitListing.list(units, json: listing.json, order: listing.order, empty: VisitListing.nothing("subregions", in: region ?? country),
                          columns: [("NAME", \.name), ("REGION", { $0.region?.name ?? "" }), ("COUNTRY", { $0.country?.name ?? "" })]
                              + VisitListing.columns,
                          extra: { [("subregions_of_country", .int(totals[PlaceID($0.country?.id ?? "") ?? PlaceID(.country, "")] ?? 0))] })
        guard !listing.json, !units.isEmpty else { return .success }
        var lines = [""]
        for id in countries {
            let name = units.first { $0.country?.id == id.description }?.country?.name ?? id.code
            let word = try gazetteer.subregionWord(country: id.code).map(Self.plural) ?? "subregions"
            lines.append("\(name): \(word) \(visited[id.description] ?? 0) of \(grouped(totals[id] ?? 0))")
        }
        Console.out(lines.joined(separator: "\n"))
        return .success
    }

    /// `County` → `counties`, `Metropolitan department` → `metropolitan departments`.
    static func plural(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("y"), let last = lower.dropLast().last, !"aeiou".contains(last) { return lower.dropLast() + "ies" }
        return lower.hasSuffix("s") ? lower : lower + "s"
    }
}
