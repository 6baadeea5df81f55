import Foundation
import Gazetteer
import JSONWriter
import Passport
import TravelLog

/// `atlas days [--year Y] [--year-start MM-DD] [--threshold N] [--json]`: days present per
/// country and year (or tax year); `--rule schengen`: the 90/180 window (``SchengenWindow``);
/// `--rule us-presence`: the US substantial presence test (``USPresence``). `--count` and
/// `--fill` choose how a day counts (``DayCounting``), `--dates` lists the evidence of each
/// date. Every answer says its policy, the days without evidence and that it is no legal advice.
enum DaysCommand: Command {
    static let answersAndExits = true
    static let year = Option("--year", .integer("YYYY", in: 1800...9998), "Only that year (with --rule us-presence: the year tested, default this year).")
    static let yearStart = Option("--year-start", .monthDay, "Tax years starting that day (04-06 in the UK, 07-01 in Australia, 04-01 in India; default 01-01, the calendar year). A tax year is named by the year it starts in: with 04-06, 2025 is 2025-04-06 to 2026-04-05.")
    static let threshold = Option("--threshold", .integer(in: 1...366), "Mark the countries with at least N days counted in a year (default 183).")
    static let country = SharedOptions.place("--country", "Only that country.")
    static let rule = Option("--rule", .choice("schengen|us-presence") as ValueParser<DayRule>, "A rule instead of the years. schengen: the days present in the area in the 180 days ending --on (entry and exit days count), the days left of 90, the most any date of that window had used and when. us-presence: the US substantial presence test, the days of --year, a third of the year before and a sixth of the one before that; met at 183 weighted days with at least 31 in the year.")
    static let on = Option("--on", .day, "The last day of the Schengen window (YYYY-MM-DD; default today).")
    static let stay = Option("--stay", .integer(in: 1...SchengenWindow.limit), "Also the first date from --on from which a Schengen stay of N more days (1 to 90) fits.")
    static let count = Option("--count", .choice("any|midnight") as ValueParser<DayCounting.Policy>, "How a day counts: any (default), every country with evidence that day; midnight, only the country of the day's last evidence, carried over the days without evidence.")
    static let fill = Option("--fill", .integer(in: 2...366), "With --count any, the days between two days in one country at most N days apart count there too, inferred, unless another country or a flight comes between.")
    static let dates = Flag("--dates", "List every date with what proves it: photos, history points, marks, flights, or filled or carried.")
    static let declaration = CommandDeclaration(
        name: "days", summary: "Count the days present in each country per year or tax year, the Schengen 90/180 window, the US presence test",
        about: """
            Days present in each country, per year, by local date: a day counts for a country
            when a qualifying photo, a location history's point on the ground or a mark puts you
            there, and a travel day counts for every country it touches, as residence and visa
            day counters count. Layovers at an airport and flights are not presence; they are
            listed as transit days. Photos are evidence of presence, not proof: a day without any
            is not counted unless --fill or --count midnight infers it, and inferred days are
            listed apart. Every answer says how days were counted, how many days of the period
            have no evidence at all, and that it is evidence from the log, not legal advice.
            """,
        options: [year.declaration,
                  yearStart.declaration,
                  threshold.declaration,
                  country.declaration,
                  rule.declaration,
                  on.declaration,
                  stay.declaration,
                  count.declaration,
                  fill.declaration,
                  dates.declaration,
                  SharedOptions.db.declaration,
                  SharedOptions.gazetteer.declaration,
                  SharedOptions.json("One JSON object per year and country: year, id, name, days, transit_days, dates, transit_dates, inferred_days, inferred_dates, period_start, period_end, threshold, threshold_reached, count, fill, days_without_evidence, note, and with --dates evidence. With --rule schengen one object: rule, on, days_used, days_left, max_in_window, max_on, stay and earliest_stay_start (with --stay), count, note, days_without_evidence, dates. With --rule us-presence one object: rule, year, days_this_year, days_last_year, days_year_before_last, days_weighted, meets_test, count, fill, days_without_evidence, note, dates, inferred_dates.").declaration],
        exitStatus: "0 listed (even when empty), 1 usage error, 2 no travel log or unreadable.")

    static let note = DayLedger.note

    /// Today's local date.
    static var today: CalendarDay {
        CalendarDay(number: Int((Date().timeIntervalSince1970 + Double(TimeZone.current.secondsFromGMT())).rounded(.down) / 86_400))
    }

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag(SharedOptions.json)
        let listDates = arguments.flag(Self.dates)
        let year = try arguments.value(Self.year)
        let yearStart = try arguments.value(Self.yearStart)
        let threshold = try arguments.value(Self.threshold)
        let countryText = try arguments.value(Self.country)
        let rule = try arguments.value(Self.rule)
        let on = try arguments.value(Self.on)
        let stay = try arguments.value(Self.stay)
        let policy = try arguments.value(Self.count)
        let fill = try arguments.value(Self.fill)
        let dbPath = try DatabaseOption.path(&arguments)
        let gazetteer = try GazetteerOption.open(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("days takes no arguments") }

        var counting = DayCounting(fill: fill)
        if let policy { counting.policy = policy }
        if counting.policy == .midnight, fill != nil {
            throw UsageError("--fill goes with --count any (midnight carries every day without evidence already)")
        }
        let period = yearStart ?? .calendar
        if let rule, yearStart != nil || threshold != nil || countryText != nil {
            throw UsageError("--year-start, --threshold and --country do not go with --rule \(rule.rawValue)")
        }
        if rule != .schengen, on != nil || stay != nil { throw UsageError("--on and --stay go with --rule schengen") }
        switch rule {
        case .schengen:
            guard year == nil else { throw UsageError("--year does not go with --rule schengen (the window is --on and the 179 days before)") }
            // The passport and its ledger kept, not freed date by date at exit (KeptUntilExit).
            let passport = KeptUntilExit.keep(try Passport.reading(logAt: dbPath, tracks: false))
            let ledger = KeptUntilExit.keep(passport.ledger(counting, through: on ?? today))
            return schengen(ledger.schengen(stay: stay), ledger: listDates ? ledger : nil, json: json)
        case .usPresence:
            let passport = KeptUntilExit.keep(try Passport.reading(logAt: dbPath, tracks: false))
            let ledger = KeptUntilExit.keep(passport.ledger(counting, through: max(today, passport.lastEvidenceDate ?? today)))
            return usPresence(ledger.usPresence(year: year ?? PassportOption.currentYear), ledger: ledger, listDates: listDates, json: json)
        case nil:
            let country = try PassportOption.place(countryText, kind: .country, option: "--country", gazetteer: gazetteer)
            let passport = KeptUntilExit.keep(try Passport.reading(logAt: dbPath, tracks: false))
            let ledger = KeptUntilExit.keep(passport.ledger(counting, through: max(today, passport.lastEvidenceDate ?? today)))
            let presence = ledger.presence(period: period, label: year).filter { p in country.map { p.country.id == $0.id.description } ?? true }
            return periods(presence, ledger: ledger, period: period, year: year, country: country?.name, threshold: threshold ?? 183,
                           listDates: listDates, json: json)
        }
    }

    // MARK: - Years
}
