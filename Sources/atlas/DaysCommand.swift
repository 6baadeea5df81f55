import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas days [--year Y] [--json]`: days present per country and year.
enum DaysCommand: Command {
    static let name = "days"
    static let summary = "Count the days present in each country, per year (residence, visas)"
    static let help = """
        Usage: atlas days [--year YYYY] [--db PATH] [--json]

        Days present in each country, per calendar year, by local date: a day counts for a
        country when a qualifying photo or a mark puts you there, and a travel day counts for
        every country it touches, as residence and visa day counters count. Layovers at an
        airport (every photo that day in that country taken at one) and photos in flight are
        not presence; they are listed as transit days. Photos are evidence of presence, not
        proof: a day without photos is not counted, so every figure is a lower bound.

        Options:
          --year YYYY       Only that year.
        \(DatabaseOption.help)
        \(GazetteerOption.help)
          --json            One JSON object per year and country: year, id, name, days,
                            transit_days, dates, transit_dates.
          --help            Show this help.

        Exit status: 0 listed (even when empty), 1 usage error, 2 no travel log or unreadable.
        """

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag("--json")
        let year = try arguments.integer("--year", in: 1800...9999)
        let dbPath = try DatabaseOption.path(&arguments)
        _ = try GazetteerOption.open(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("days takes no arguments") }
        let presence = try PassportOption.passport(dbPath).presence(year: year)
        if json {
            for p in presence {
                Console.out(JSONValue.object([
                    ("year", .int(p.year)), ("id", .string(p.country.id)), ("name", .string(p.country.name)), ("days", .int(p.days.count)),
                    ("transit_days", .int(p.transitDays.count)), ("dates", .array(p.days.map(JSONValue.string))),
                    ("transit_dates", .array(p.transitDays.map(JSONValue.string))),
                ]).rendered())
            }
            return .success
        }
        guard !presence.isEmpty else {
            Console.error("No days present" + (year.map { " in \($0)" } ?? "") + ".")
            return .success
        }
        // Within a year, most days first.
        let rows = presence.sorted { ($0.year, $1.days.count, $0.country.name) < ($1.year, $0.days.count, $1.country.name) }
        Console.out(PassportOption.table(["YEAR", "COUNTRY", "DAYS", "TRANSIT", "FIRST", "LAST", "ID"], rows.map { p in
            [String(p.year), p.country.name, String(p.days.count), String(p.transitDays.count), p.days.first ?? "-", p.days.last ?? "-", p.country.id]
        }))
        return .success
    }
}
