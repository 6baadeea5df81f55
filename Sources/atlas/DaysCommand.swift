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
            let ledger = try Passport.reading(logAt: dbPath).ledger(counting, through: on ?? today)
            return schengen(ledger.schengen(stay: stay), ledger: listDates ? ledger : nil, json: json)
        case .usPresence:
            let passport = try Passport.reading(logAt: dbPath)
            let ledger = passport.ledger(counting, through: max(today, passport.lastEvidenceDate ?? today))
            return usPresence(ledger.usPresence(year: year ?? PassportOption.currentYear), ledger: ledger, listDates: listDates, json: json)
        case nil:
            let country = try PassportOption.place(countryText, kind: .country, option: "--country", gazetteer: gazetteer)
            let passport = try Passport.reading(logAt: dbPath)
            let ledger = passport.ledger(counting, through: max(today, passport.lastEvidenceDate ?? today))
            let presence = ledger.presence(period: period, label: year).filter { p in country.map { p.country.id == $0.id.description } ?? true }
            return periods(presence, ledger: ledger, period: period, year: year, country: country?.name, threshold: threshold ?? 183,
                           listDates: listDates, json: json)
        }
    }

    // MARK: - Years

    static func periods(_ presence: [CountryPresence], ledger: DayLedger, period: DayPeriod, year: Int?, country: String?, threshold: Int,
                        listDates: Bool, json: Bool) -> ExitStatus {
        let counting = ledger.counting
        func without(_ label: Int) -> Int {
            let range = period.range(label)
            return ledger.daysWithoutEvidence(from: range.lowerBound, through: range.upperBound)
        }
        if json {
            for p in presence {
                var members: [(String, JSONValue)] = [
                    ("year", .int(p.year)), ("id", .string(p.country.id)), ("name", .string(p.country.name)), ("days", .int(p.days.count)),
                    ("transit_days", .int(p.transitDays.count)), ("dates", .array(p.days.map(JSONValue.string))),
                    ("transit_dates", .array(p.transitDays.map(JSONValue.string))),
                    ("inferred_days", .int(p.inferredDays.count)), ("inferred_dates", .array(p.inferredDays.map(JSONValue.string))),
                    ("period_start", .string(p.periodStart)), ("period_end", .string(p.periodEnd)), ("threshold", .int(threshold)),
                    ("threshold_reached", .bool(p.counted >= threshold)),
                ]
                members += policyMembers(counting) + [("days_without_evidence", .int(without(p.year))), ("note", .string(note))]
                if listDates { members.append(("evidence", .array(evidence(ledger, country: p.country.id, period: period, label: p.year)))) }
                Console.out(JSONValue.object(members).rendered())
            }
            return .success
        }
        guard !presence.isEmpty else {
            // The period itself is in the footer: "2025: 2025-04-06 to 2026-04-05, …".
            Console.error("No days present" + (country.map { " in \($0)" } ?? "") + (year.map { " in \($0)" } ?? "") + ".")
            Console.out(footer(counting, periods: year.map { [($0, without($0))] } ?? [], period: period, threshold: nil))
            return .success
        }
        var lines: [String] = []
        if listDates {
            for p in presence {
                lines.append("\(p.country.name) (\(p.country.id)), \(p.year) (\(p.periodStart) to \(p.periodEnd)): \(counted(p.counted, "day"))"
                             + (p.inferredDays.isEmpty ? "" : ", \(p.inferredDays.count) of them inferred")
                             + (p.counted >= threshold ? ", \(threshold) reached" : ", under \(threshold)"))
                for (date, text) in evidenceLines(ledger, country: p.country.id, period: period, label: p.year) {
                    lines.append("  \(date)  \(text)")
                }
            }
        } else {
            let inferring = counting.policy == .midnight || counting.fill != nil
            // Within a year, most days first.
            let rows = presence.sorted { ($0.year, $1.counted, $0.country.name) < ($1.year, $0.counted, $1.country.name) }
            let header = ["YEAR", "COUNTRY", "DAYS"] + (inferring ? ["INFERRED"] : []) + ["TRANSIT", "FIRST", "LAST", "≥\(threshold)", "ID"]
            lines.append(TextTable.columns(header, rows.map { p in
                let all = (p.days + p.inferredDays).sorted()
                return [String(p.year), p.country.name, String(p.days.count)] + (inferring ? [String(p.inferredDays.count)] : [])
                    + [String(p.transitDays.count), all.first ?? "-", all.last ?? "-", p.counted >= threshold ? "yes" : "-", p.country.id]
            }))
        }
        let labels = Array(Set(presence.map(\.year))).sorted()
        lines.append(footer(counting, periods: labels.map { ($0, without($0)) }, period: period, threshold: threshold))
        Console.out(lines.joined(separator: "\n"))
        return .success
    }

    /// The lines every answer ends with: the periods and their days without evidence, the
    /// policy, the threshold, and what the answer is.
    static func footer(_ counting: DayCounting, periods: [(Int, Int)], period: DayPeriod, threshold: Int?) -> String {
        var lines: [String] = []
        for (label, none) in periods {
            let range = period.range(label)
            lines.append("\(label): \(range.lowerBound.text) to \(range.upperBound.text), \(counted(none, "day")) without any evidence.")
        }
        lines.append("Counted: \(counting.description).")
        if let threshold { lines.append("≥\(threshold): \(threshold) days or more counted in the year (with evidence and inferred).") }
        lines.append(note.prefix(1).uppercased() + note.dropFirst() + ".")
        return lines.joined(separator: "\n")
    }

    static func policyMembers(_ counting: DayCounting) -> [(String, JSONValue)] {
        [("count", .string(counting.policy.rawValue)), ("fill", counting.fill.map { .int($0) } ?? .null)]
    }

    // MARK: - Evidence of each date

    /// The dates of `country` in a period worth listing: counted, or with evidence there.
    static func dates(_ ledger: DayLedger, country: String, period: DayPeriod, label: Int) -> [CalendarDay] {
        let range = period.range(label)
        let all = Set((ledger.counted[country] ?? [:]).keys).union((ledger.evidence[country] ?? [:]).keys)
        return all.filter { range.contains($0) }.sorted()
    }

    /// What the log holds of `e`, in words: `3 photos, 120 history points, flight FRA–HND`.
    static func proof(_ e: DayEvidence) -> [String] {
        var parts: [String] = []
        if e.photos > 0 { parts.append(counted(e.photos, "photo")) }
        if e.historyPoints > 0 { parts.append(counted(e.historyPoints, "history point")) }
        if e.marks > 0 { parts.append(e.marks == 1 ? "a mark" : "\(e.marks) marks") }
        parts += e.flights.map { "flight " + $0 }
        if e.layover > 0 { parts.append("layover (\(grouped(e.layover)) at the airport)") }
        return parts
    }

    /// The country counted on `day` under midnight (the one of the day), for saying where a
    /// day with evidence elsewhere went.
    static func countedElsewhere(_ ledger: DayLedger, _ day: CalendarDay, not country: String) -> String? {
        ledger.counted.filter { $0.key != country && $0.value[day] != nil }.keys.sorted().first.map { ledger.countries[$0]?.name ?? $0 }
    }

    static func evidenceLines(_ ledger: DayLedger, country: String, period: DayPeriod, label: Int) -> [(String, String)] {
        dates(ledger, country: country, period: period, label: label).map { day in
            (day.text, describe(ledger, country: country, day: day))
        }
    }

    static func describe(_ ledger: DayLedger, country: String, day: CalendarDay) -> String {
        let e = ledger.evidence[country]?[day]
        let parts = e.map(proof) ?? []
        switch ledger.counted[country]?[day] {
        case .evidence?: return parts.joined(separator: ", ")
        case .filled(let from, let to)?: return "filled (between \(from.text) and \(to.text))"
        case .carried(let from)?: return "carried from \(from.text) (midnight)"
        case nil:
            if e?.isPresent == true {
                return "not counted: " + parts.joined(separator: ", ") + (countedElsewhere(ledger, day, not: country).map { "; midnight in \($0)" } ?? "; midnight elsewhere")
            }
            return "not counted: transit, " + parts.joined(separator: ", ")
        }
    }

    static func evidence(_ ledger: DayLedger, country: String, period: DayPeriod, label: Int) -> [JSONValue] {
        dates(ledger, country: country, period: period, label: label).map { evidenceObject(ledger, country: country, day: $0) }
    }

    static func evidenceObject(_ ledger: DayLedger, country: String, day: CalendarDay) -> JSONValue {
        let e = ledger.evidence[country]?[day] ?? DayEvidence()
        let basis = ledger.counted[country]?[day]
        var kind: JSONValue = .null, since: JSONValue = .null, until: JSONValue = .null
        switch basis {
        case .evidence?: kind = .string("evidence")
        case .filled(let from, let to)?: (kind, since, until) = (.string("filled"), .string(from.text), .string(to.text))
        case .carried(let from)?: (kind, since) = (.string("carried"), .string(from.text))
        case nil: break
        }
        return .object([
            ("date", .string(day.text)), ("counted", .bool(basis != nil)), ("basis", kind), ("since", since), ("until", until),
            ("photos", .int(e.photos)), ("history_points", .int(e.historyPoints)), ("marks", .int(e.marks)),
            ("flights", .array(e.flights.map(JSONValue.string))), ("layover", .int(e.layover)),
        ])
    }

    // MARK: - US substantial presence

    static func usPresence(_ us: USPresence, ledger: DayLedger, listDates: Bool, json: Bool) -> ExitStatus {
        let first = CalendarDay(year: us.year - 2, month: 1, day: 1), last = CalendarDay(year: us.year, month: 12, day: 31)
        let none = ledger.daysWithoutEvidence(from: first, through: last)
        let dates = us.dates.reversed().flatMap { $0 }, inferred = us.inferredDates.reversed().flatMap { $0 }
        if json {
            var members: [(String, JSONValue)] = [
                ("rule", .string("us-presence")), ("year", .int(us.year)), ("days_this_year", .int(us.days[0])),
                ("days_last_year", .int(us.days[1])), ("days_year_before_last", .int(us.days[2])),
                ("days_weighted", .double(us.daysWeighted, digits: 2)), ("meets_test", .bool(us.meetsTest)),
            ]
            members += policyMembers(ledger.counting) + [("days_without_evidence", .int(none)), ("note", .string(note)),
                        ("dates", .array(dates.map { .string($0.text) })), ("inferred_dates", .array(inferred.map { .string($0.text) }))]
            if listDates { members.append(("evidence", .array(dates.map { evidenceObject(ledger, country: USPresence.country, day: $0) }))) }
            Console.out(JSONValue.object(members).rendered())
            return .success
        }
        let weighted = String(format: "%.2f", us.daysWeighted)
        var lines = [
            "US substantial presence test for \(us.year): " + (us.meetsTest ? "met" : "not met"),
            "Days present: \(us.days[0]) in \(us.year), \(us.days[1]) in \(us.year - 1) (a third counts), \(us.days[2]) in \(us.year - 2) (a sixth counts)"
                + (inferred.isEmpty ? "" : "; \(inferred.count) of them inferred"),
            "Weighted: \(weighted) of \(USPresence.threshold) (the fractions of days kept exact, printed rounded down), "
                + "and \(us.days[0]) of at least \(USPresence.minimumThisYear) in \(us.year)",
        ]
        if listDates {
            for day in dates { lines.append("  \(day.text)  " + describe(ledger, country: USPresence.country, day: day)) }
        }
        lines.append("\(us.year - 2)-01-01 to \(us.year)-12-31: \(counted(none, "day")) without any evidence.")
        lines.append("Counted: \(ledger.counting.description). No day is exempted (commuting, transit under 24 hours, exempt individuals).")
        lines.append(note.prefix(1).uppercased() + note.dropFirst() + ".")
        Console.out(lines.joined(separator: "\n"))
        return .success
    }

    // MARK: - Schengen

    static func schengen(_ w: SchengenWindow, ledger: DayLedger?, json: Bool) -> ExitStatus {
        let inferring = w.counting != DayCounting()
        /// The evidence of a window date in the area's countries.
        func areaCountries(_ day: CalendarDay) -> [String] {
            guard let ledger else { return [] }
            return ledger.counted.filter { SchengenArea.contains($0.key, on: day) && $0.value[day] != nil }.keys.sorted()
        }
        if json {
            var members: [(String, JSONValue)] = [
                ("rule", .string("schengen")), ("on", .string(w.on.text)), ("days_used", .int(w.daysUsed)), ("days_left", .int(w.daysLeft)),
                ("max_in_window", .int(w.maxInWindow)), ("max_on", w.maxOn.map { .string($0.text) } ?? .null),
            ]
            if let stay = w.stay {
                members += [("stay", .int(stay)), ("earliest_stay_start", w.earliestStayStart.map { .string($0.text) } ?? .null)]
            }
            members += [("count", .string(w.counting.policy.rawValue)), ("note", .string(note)), ("days_without_evidence", .int(w.daysWithoutEvidence)),
                        ("dates", .array(w.dates.map { .string($0.text) }))]
            if inferring { members += [("fill", w.counting.fill.map { .int($0) } ?? .null), ("inferred_dates", .array(w.inferredDates.map { .string($0.text) }))] }
            if let ledger {
                members.append(("evidence", .array(w.dates.flatMap { day in
                    areaCountries(day).map { c -> JSONValue in
                        guard case .object(let m) = evidenceObject(ledger, country: c, day: day) else { return .null }
                        return .object([("id", .string(c))] + m)
                    }
                })))
            }
            Console.out(JSONValue.object(members).rendered())
            return .success
        }
        var lines = [
            "Schengen 90/180 on \(w.on.text): \(w.daysUsed) days used, \(w.daysLeft) left" + (w.daysOver > 0 ? " (\(w.daysOver) over the limit)" : ""),
            "Most in the window: \(w.maxInWindow)" + (w.maxOn.map { " (on \($0.text))" } ?? ""),
        ]
        if let stay = w.stay {
            lines.append("A stay of \(stay) more days fits from: " + (w.earliestStayStart?.text ?? "no date within 180 days"))
        }
        if let ledger {
            lines.append("Days in the window:" + (w.dates.isEmpty ? " none" : ""))
            for day in w.dates {
                let text = areaCountries(day).map { c in "\(ledger.countries[c]?.name ?? c): " + describe(ledger, country: c, day: day) }
                lines.append("  \(day.text)  " + text.joined(separator: "; "))
            }
        } else {
            lines.append("Days in the window: " + (w.dates.isEmpty ? "none" : w.dates.map(\.text).joined(separator: " ")))
            if inferring && !w.inferredDates.isEmpty { lines.append("Of them inferred: " + w.inferredDates.map(\.text).joined(separator: " ")) }
        }
        lines.append("Counted: \(w.counting.description). \(w.daysWithoutEvidence) of the window's 180 days have no evidence at all.")
        lines.append(note.prefix(1).uppercased() + note.dropFirst() + ".")
        Console.out(lines.joined(separator: "\n"))
        return .success
    }
}
