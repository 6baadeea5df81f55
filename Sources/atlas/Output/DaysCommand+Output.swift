import Foundation
import Gazetteer
import JSONWriter
import Passport
import TravelLog

/// What `atlas days` prints: the years or tax years per country, the Schengen window and the US
/// presence test, as text or JSON, with the evidence of each date.
extension DaysCommand {
    static func periods(_ presence: [CountryPresence], ledger: DayLedger, period: DayPeriod, year: Int?, country: String?, threshold: Int,
                        listDates: Bool, json: Bool) -> ExitStatus {
        let counting = ledger.counting
        func without(_ label: Int) -> Int {
            let range = period.range(label)
            return ledger.daysWithoutEvidence(from: range.lowerBound, through: range.upperBound)
        }
        if json {
            Console.out(jsonLines: presence.lazy.map { p in
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
                return JSONValue.object(members)
            })
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
            Console.out(json: JSONValue.object(members))
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
            Console.out(json: JSONValue.object(members))
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
