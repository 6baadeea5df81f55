import Foundation
import Gazetteer
import JSONWriter
import Passport
import TravelLog

/// `atlas days [--year Y] [--json]`: days present per country and year; `--rule schengen`: the
/// 90/180 window (``SchengenWindow``).
enum DaysCommand: Command {
    static let name = "days"
    static let summary = "Count the days present in each country, per year, or in the Schengen 90/180 window"
    static let help = """
        Usage: atlas days [--year YYYY] [--rule schengen [--on DATE] [--stay N]] [--db PATH] [--json]

        Days present in each country, per calendar year, by local date: a day counts for a
        country when a qualifying photo or a mark puts you there, and a travel day counts for
        every country it touches, as residence and visa day counters count. Layovers at an
        airport (every photo that day in that country taken at one) and photos in flight are
        not presence; they are listed as transit days. Photos are evidence of presence, not
        proof: a day without photos is not counted, so every figure is a lower bound.

        Options:
          --year YYYY       Only that year.
          --rule schengen   The Schengen 90/180 rule instead: the days present in the area
                            in the 180 days ending --on (any presence: entry and exit days
                            count), the days left of 90, the most any date of that window
                            had used and when. Evidence from the log, not legal advice.
          --on DATE         The last day of the window (YYYY-MM-DD; default today).
          --stay N          Also the first date from --on from which a stay of N more days
                            (1 to 90) fits.
        \(DatabaseOption.help)
        \(GazetteerOption.help)
          --json            One JSON object per year and country: year, id, name, days,
                            transit_days, dates, transit_dates. With --rule schengen one
                            object: rule, on, days_used, days_left, max_in_window, max_on,
                            stay and earliest_stay_start (with --stay), count, note,
                            days_without_evidence, dates.
          --help            Show this help.

        Exit status: 0 listed (even when empty), 1 usage error, 2 no travel log or unreadable.
        """

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let json = arguments.flag("--json")
        let year = try arguments.integer("--year", in: 1800...9999)
        let rule = try arguments.option("--rule")
        let onText = try arguments.option("--on")
        let stay = try arguments.integer("--stay", in: 1...SchengenWindow.limit)
        let dbPath = try DatabaseOption.path(&arguments)
        _ = try GazetteerOption.open(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("days takes no arguments") }
        if let rule {
            guard rule == "schengen" else { throw UsageError("--rule must be schengen, not '\(rule)'") }
            guard year == nil else { throw UsageError("--year does not go with --rule schengen (the window is --on and the 179 days before)") }
            let on: CalendarDay
            if let onText {
                guard let day = CalendarDay(onText), day.text == onText else { throw UsageError("--on takes a date YYYY-MM-DD, not '\(onText)'") }
                on = day
            } else {
                on = CalendarDay(number: Int((Date().timeIntervalSince1970 + Double(TimeZone.current.secondsFromGMT())) / 86_400))
            }
            return schengen(try PassportOption.passport(dbPath).schengen(on: on, stay: stay), json: json)
        }
        guard onText == nil, stay == nil else { throw UsageError("--on and --stay go with --rule schengen") }
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

    static let policy = "any presence: a local date with a photo or a mark in the area counts, entry and exit days included; layovers and flights do not"
    static let note = "evidence from the log, not legal advice"

    static func schengen(_ w: SchengenWindow, json: Bool) -> ExitStatus {
        if json {
            var members: [(String, JSONValue)] = [
                ("rule", .string("schengen")), ("on", .string(w.on.text)), ("days_used", .int(w.daysUsed)), ("days_left", .int(w.daysLeft)),
                ("max_in_window", .int(w.maxInWindow)), ("max_on", w.maxOn.map { .string($0.text) } ?? .null),
            ]
            if let stay = w.stay {
                members += [("stay", .int(stay)), ("earliest_stay_start", w.earliestStayStart.map { .string($0.text) } ?? .null)]
            }
            members += [("count", .string("any")), ("note", .string(note)), ("days_without_evidence", .int(w.daysWithoutEvidence)),
                        ("dates", .array(w.dates.map { .string($0.text) }))]
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
        lines.append("Days in the window: " + (w.dates.isEmpty ? "none" : w.dates.map(\.text).joined(separator: " ")))
        lines.append("Counted: \(policy). \(w.daysWithoutEvidence) of the window's 180 days have no evidence at all.")
        lines.append(note.prefix(1).uppercased() + note.dropFirst() + ".")
        Console.out(lines.joined(separator: "\n"))
        return .success
    }
}
