import TravelLog
import Foundation
import JSONWriter
import Passport

/// `atlas timeline [--by year|month]`: the places first visited in each period.
enum TimelineCommand: Command {
    static let answersAndExits = true
    static let by = Option("--by", .choice("year|month") as ValueParser<TimelinePeriod>, "The period (default year).")
    static let declaration = CommandDeclaration(
        name: "timeline", summary: "New countries, regions and cities per year or month",
        about: """
            For each year (or month) with a first visit: the countries, regions and cities visited
            for the first time then, oldest period first.
            """,
        options: [by.declaration,
                  SharedOptions.evidence.declaration,
                  SharedOptions.db.declaration,
                  SharedOptions.json("One JSON object per line: period (text: 2024 or 2024-07), countries, regions, cities ([{id, name}]).").declaration],
        exitStatus: "0 listed (even when empty), 1 usage error, 2 no travel log or unreadable.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let by = try arguments.value(Self.by) ?? .year
        let listing = try ListingSettings(&arguments, command: "timeline", sorted: false, gazetteer: .none)
        let json = listing.json
        let periods = try listing.passport().timeline(monthly: by == .month)
        if json {
            func list(_ links: [PlaceLink]) -> JSONValue { .array(links.map(TravelRecord.link)) }
            Console.out(jsonLines: periods.lazy.map { p in
                JSONValue.object([("period", .string(p.period)), ("countries", list(p.countries)), ("regions", list(p.regions)), ("cities", list(p.cities))])
            })
            return .success
        }
        for p in periods {
            Console.out("\(p.period)  \(counted(p.countries.count, "new country", "new countries")), \(counted(p.regions.count, "region")), "
                        + counted(p.cities.count, "city", "cities"))
            if !p.countries.isEmpty { Console.out("  countries: " + p.countries.map(\.name).joined(separator: ", ")) }
            if !p.regions.isEmpty { Console.out("  regions: " + p.regions.map(\.name).joined(separator: ", ")) }
            if !p.cities.isEmpty { Console.out("  cities: " + p.cities.map(\.name).joined(separator: ", ")) }
        }
        if periods.isEmpty { Console.error("No places visited.") }
        return .success
    }
}
