import Foundation
import Gazetteer
import JSONWriter
import Passport

/// `atlas stats`: the passport page.
enum StatsCommand: Command {
    static let answersAndExits = true
    static let year = SharedOptions.year("The year in review (default: the whole log; \"new\" is this year's).")
    static let threshold = Option("--threshold", .integer(in: 1...366), "With --year, mark the countries with at least N days present (default 183).")
    static let declaration = CommandDeclaration(
        name: "stats", summary: "The passport: countries, share of the world, continents, days abroad, distance",
        about: """
            The passport: countries visited and their share of the world under the counting scheme,
            continents (of 7), regions, cities, airports, home (saved with 'atlas home set', else
            inferred, and said so), days abroad (outside that day's home country), trips and the
            first of them, busiest year and month, most-visited country by days, the farthest point
            from home, the great-circle distance along the photos in time order, and the places
            new this year.

            With --year, the year in review: the whole page covers that year only (places visited
            in it, its days abroad, trips, distance, busiest month, farthest point) and says which
            places were new in it, and the days present in each country that year (as 'atlas days'
            counts them: any presence, by local date), those with at least --threshold days marked.
            """,
        options: [year.declaration, threshold.declaration, SharedOptions.count.declaration] + SharedOptions.tripRules
            + [SharedOptions.json("One JSON object (the export's passport), and \"disk\": the bytes the log (with its -wal and -shm files) and the gazetteer take (log_bytes, gazetteer_bytes); counts, years and distances are numbers. With --year also \"days_present\": year, threshold, count, note, and countries (id, name, days, threshold_reached).").declaration],
        exitStatus: "0 shown, 1 usage error, 2 no travel log, gazetteer problem.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let scheme = try PassportOption.scheme(&arguments)
        let year = try arguments.value(Self.year)
        let threshold = try arguments.value(Self.threshold)
        let settings = try TripSettings(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("stats takes no arguments") }
        guard threshold == nil || year != nil else { throw UsageError("--threshold goes with --year") }
        // No row's first and last time: trips are only counted here, and the year's days present
        // count any presence (``Passport/presence(year:)``), which never orders a day's evidence;
        // no trip is named, so no namesakes. The visits on a second core while this one finds
        // the homes and trips; the year's days present (most first) beside the figures.
        let passport = try settings.passport(times: false, titles: false, visits: true)
        let (counting, homes) = (try CountingScheme.load(scheme, from: settings.gazetteer), try settings.homes(passport))
        let (s, present) = concurrently({
            passport.stats(scheme: counting, homes: homes, rules: settings.rules, year: year, currentYear: PassportOption.currentYear)
        }, {
            year.map { y in
                passport.presence(year: y).filter { !$0.days.isEmpty }.sorted { ($1.days.count, $0.country.name) < ($0.days.count, $1.country.name) }
            } ?? []
        })
        let limit = threshold ?? 183
        if json {
            var document = TravelRecord.json(s)
            if case .object(let members) = document {
                var added = [("disk", DiskUsage(logPath: settings.dbPath, gazetteerPath: settings.gazetteer.path).json)]
                if let year {
                    added.append(("days_present", .object([
                        ("year", .int(year)), ("threshold", .int(limit)), ("count", .string(DayCounting().policy.rawValue)),
                        ("note", .string(DaysCommand.note)),
                        ("countries", .array(present.map { p in
                            .object([("id", .string(p.country.id)), ("name", .string(p.country.name)), ("days", .int(p.days.count)),
                                     ("threshold_reached", .bool(p.days.count >= limit))])
                        })),
                    ])))
                }
                document = .object(members + added)
            }
            Console.out(json: document)
            return .success
        }
        let percent = String(format: "%.1f%%", s.share * 100)
        func count(_ n: Int, _ one: String, _ many: String? = nil) -> String { counted(n, one, many) }
        var rows: [(String, String)] = year.map { [("Year", "\($0) in review")] } ?? []
        rows += [
            ("Countries", "\(s.countries) of \(s.countriesInScheme) (\(percent), counting scheme \(s.scheme.rawValue))"
                + (s.countriesVisited != s.countries ? "; \(count(s.countriesVisited, "country-level entry", "country-level entries")) in all" : "")),
            ("Continents", "\(s.continents) of \(PassportStats.continentsInWorld)"),
            ("Regions", "\(s.regions)"),
            ("Subregions", "\(s.subregions)"),
            ("Cities", "\(s.cities)"),
            ("Airports", "\(s.airports)"),
            ("Home", s.home.map { "\($0.name) (\($0.id))" + (s.homeInferred ? ", inferred ('atlas home set' saves one)" : "") } ?? "-"),
            ("Days abroad", grouped(s.daysAbroad)),
            ("Trips", s.trips == 0 ? "0" : "\(grouped(s.trips)), the first from \(s.firstTrip ?? "-")"),
        ]
        if year == nil { rows.append(("Busiest year", s.busiestYear.map { "\($0.year) (\(count($0.days, "day")))" } ?? "-")) }
        rows += [
            ("Busiest month", s.busiestMonth.map { "\($0.month) (\(count($0.days, "day")) away)" } ?? "-"),
            ("Most visited", s.mostVisitedCountry.map { "\($0.name) (\(count($0.days, "day")))" } ?? "-"),
            ("Farthest", s.farthest.map { "\($0.place?.name ?? "?") (\(grouped(Int($0.km.rounded()))) km from home)" } ?? "-"),
            ("Distance", "\(grouped(Int(s.distanceKm.rounded()))) km"),
            ("Flights", s.flights == 0 ? "-" : "\(grouped(s.flights)), \(grouped(Int(s.flightKm.rounded()))) km between their airports"),
            ("New in \(s.year)", "\(count(s.newCountriesThisYear, "country", "countries")), \(count(s.newRegionsThisYear, "region")), "
                + count(s.newCitiesThisYear, "city", "cities")),
        ]
        for (i, p) in present.enumerated() {
            rows.append((i == 0 ? "Days present" : "", "\(p.country.name) \(p.days.count)" + (p.days.count >= limit ? " (\(limit) reached)" : "")))
        }
        if !present.isEmpty { rows.append(("", "any presence by local date ('atlas days'); evidence from the log, not legal advice")) }
        let scope = year.map { passport.restricted(toYear: $0) } ?? passport
        let excluded = (scope.photoCount(.flight), scope.photoCount(.transit))
        if excluded.0 + excluded.1 > 0 { rows.append(("Not counted", "\(count(excluded.0, "photo")) in flight, \(grouped(excluded.1)) in transit")) }
        let width = rows.map(\.0.count).max() ?? 0
        let lines = rows.map { $0.0.padding(toLength: width + 2, withPad: " ", startingAt: 0) + $0.1 }
        Console.out(lines.joined(separator: "\n"))
        return .success
    }
}
