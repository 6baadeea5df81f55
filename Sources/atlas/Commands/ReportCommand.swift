import AtlasMap
import Foundation
import Gazetteer
import Passport
import Report
import TravelLog

/// `atlas report`: the passport as one page to print or share.
enum ReportCommand: Command {
    static let answersAndExits = true
    static let year = SharedOptions.year("The year in review: only that year's places, trips and figures.")
    static let output = SharedOptions.output("Write there instead of stdout ('-' is stdout), whole or not at all; needed when stdout is a terminal. A FILE with an extension must end in .html or .htm (report.svg is refused).")
    static let isPrivate = Flag("--private", "Also the photo folders of each trip and the homes' points.")
    static let declaration = CommandDeclaration(
        name: "report", summary: "Write the travel report: map, figures, countries, timeline, trips (HTML)",
        about: """
            Writes the passport as one self-contained web page to print or share: the world map of
            the countries visited, the figures of 'atlas stats', the countries by continent with
            their days, the milestones reached and the nearest ones, new places per year as a bar chart, the trips (newest first) with a small
            map each, and the top cities. It needs no network and no server, reads on a phone and
            prints on paper.

            Share-safe by default: no file paths, and no position finer than a city (cities are
            drawn at the gazetteer's point of them). --private adds each trip's photo folders and
            the homes with their points. The same log gives the same bytes.
            """,
        options: [year.declaration,
                  output.declaration,
                  isPrivate.declaration,
                  SharedOptions.count.declaration] + SharedOptions.tripRules,
        exitStatus: "0 written, 1 usage error (an --output that is not a regular file or whose extension is not .html, no --output to a terminal), 2 no travel log or gazetteer problem, 4 output could not be written.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let year = try arguments.value(Self.year)
        let output = try arguments.value(Self.output)
        let isPrivate = arguments.flag(Self.isPrivate)
        let scheme = try PassportOption.scheme(&arguments)
        let settings = try TripSettings(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("report takes no arguments (use --output FILE)") }
        try PageOutput.check(output, format: "html", command: name)
        let file = try OutputFile.target(output)

        let log = try TravelLog(path: settings.dbPath, readOnly: true)
        // The visits (the figures') on a second core while this one finds the homes and trips.
        let passport = try settings.passport(log, visits: true)
        let homes = try settings.homes(passport)
        let trips = passport.trips(homes: homes, rules: settings.rules, year: year)
        let stats = passport.stats(scheme: try CountingScheme.load(scheme, from: settings.gazetteer), homes: homes, rules: settings.rules, year: year,
                                   currentYear: PassportOption.currentYear, trips: trips)
        var page = ReportPage(passport: year.map { passport.restricted(toYear: $0) } ?? passport, stats: stats, trips: trips,
                              countries: try MapShape.load(.country, from: settings.gazetteer), gazetteer: settings.gazetteer, year: year)
        page.regions = try MapShape.load(.region, from: settings.gazetteer)
        // The window at the end of a year sees the days before it: read from the whole log.
        page.schengen = passport.latestSchengenWindow(year: year)
        if isPrivate {
            page.isPrivate = true
            page.homes = homes
            for trip in trips where !trip.excluded { page.folders[trip.id] = try folders(of: trip, in: log) }
        }
        return try OutputFile.deliver(try page.html(), to: file, command: name)
    }

    /// The folders holding a trip's photos, most photos first (at most five).
    static func folders(of trip: Trip, in log: TravelLog) throws -> [(folder: String, photos: Int)] {
        var counts: [String: Int] = [:]
        try log.forEachDay(from: trip.start, through: trip.end) { _, photos in
            for p in photos { counts[URL(fileURLWithPath: p.path).deletingLastPathComponent().path, default: 0] += 1 }
        }
        return counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(5).map { ($0.key, $0.value) }
    }
}
