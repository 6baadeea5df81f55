import Foundation
import Gazetteer
import JSONWriter
import Passport
import TravelLog

/// `atlas subregions [--country C] [--region R]`: the subregions visited (counties,
/// départements, provinces), with each country's total.
enum SubregionsCommand: Command {
    static let answersAndExits = true
    static let country = SharedOptions.place("--country", "Only subregions of that country (United States, US, country:US).")
    static let region = SharedOptions.place("--region", "Only subregions of that region (California, US.CA, region:US.CA); with --country, a region of that country.")
    static let declaration = CommandDeclaration.listing(
        name: "subregions", summary: "List the subregions visited (counties, départements, provinces), with each country's total",
        about: """
            Lists every second-level region visited — a US county, a French département, an
            Italian or Spanish province, elsewhere the admin-2 unit of the city a photo resolved
            to: name, region, country, first and last visit, days, photos, evidence, and the
            identifier; then, for each country listed, how many of its subregions were visited
            ("counties 12 of 3,143"); then those a location history only passed through.
            """,
        options: [country.declaration, region.declaration])

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let countryText = try arguments.value(Self.country)
        let regionText = try arguments.value(Self.region)
        let listing = try ListingSettings(&arguments, command: "subregions", gazetteer: .open)
        let gazetteer = listing.gazetteer!
        let area = try ListingArea(country: countryText, region: regionText, gazetteer: gazetteer)
        let passport = try listing.passport()
        let units = passport.visits(.subregion).filter { area.holds($0.country, $0.region) }
        let passed = passport.passages(.subregion).filter { area.holds($0.country, $0.region) }
        let countries = Array(Set(units.compactMap { $0.country.flatMap { PlaceID($0.id) } })).sorted()
        let totals = Dictionary(uniqueKeysWithValues: try gazetteer.childCounts(of: countries, kind: .subregion).map { ($0.key.description, $0.value) })
        let visited = Dictionary(grouping: units, by: { $0.country?.id ?? "" }).mapValues(\.count)
        VisitListing.list(units, json: listing.json, order: listing.order, empty: VisitListing.nothing("subregions", in: area.region ?? area.country),
                          columns: [("NAME", \.name), ("REGION", { $0.region?.name ?? "" }), ("COUNTRY", { $0.country?.name ?? "" })]
                              + VisitListing.columns,
                          extra: { [("subregions_of_country", .int(totals[$0.country?.id ?? ""] ?? 0))] })
        if listing.json {
            Console.out(jsonLines: passed.lazy.map { p in
                JSONValue.object([
                    ("kind", .string("subregion")), ("id", .string(p.place.id)), ("name", .string(p.place.name)), ("passed_through", .bool(true)),
                    ("dates", .array(p.dates.map { .string($0) })), ("country", TravelRecord.link(p.country)), ("region", TravelRecord.link(p.region)),
                ])
            })
            return .success
        }
        guard !units.isEmpty || !passed.isEmpty else { return .success }
        var lines = [""]
        for id in countries {
            let name = units.first { $0.country?.id == id.description }?.country?.name ?? id.code
            let word = try gazetteer.subregionsWord(country: id.code)
            lines.append("\(name): \(word) \(visited[id.description] ?? 0) of \(grouped(totals[id.description] ?? 0))")
        }
        if !passed.isEmpty {
            lines += ["", "Passed through (a location history), never stayed in:"]
            lines += passed.map { p in
                "  \(p.place.name), \(p.region?.name ?? p.country?.name ?? "")  \(counted(p.dates.count, "day"))  \(p.place.id)"
            }
        }
        Console.out(lines.joined(separator: "\n"))
        return .success
    }
}
