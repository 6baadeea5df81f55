import TravelLog

/// The days one was present in one country in one period (a calendar year, or a tax year:
/// ``DayPeriod``): what `atlas days` lists, for residence, tax and visa day counts.
///
/// ```swift
/// for p in passport.presence(year: 2024) { print(p.country.name, p.days.count) }
/// ```
///
/// A day is a local date; under the default policy (``DayCounting``) a travel day counts for
/// every country it touches (a photo, a mark or a location history's point there that day, a
/// drive through included), which is the rule day counters for tax residence and visas use.
/// Layovers at an airport, photos in flight and the airports of a flight log are not presence
/// (airside is not entry); they are listed as transit days. Photos and histories are evidence
/// of presence, not proof, and a day without either is not counted unless a policy infers it
/// (filled or carried: ``inferredDays``, never mixed with ``days``).
///
/// A value type; `Sendable`.
public struct CountryPresence: Sendable, Equatable {
    /// The period's label: the year it starts in.
    public var year: Int
    public var country: PlaceLink
    /// Local dates counted with evidence there, sorted.
    public var days: [String]
    /// Local dates with only transit there, not counted, sorted.
    public var transitDays: [String]
    /// Local dates counted without evidence of their own (filled or carried), sorted.
    public var inferredDays: [String] = []
    public var periodStart: String
    public var periodEnd: String

    /// The days counted: with evidence and inferred.
    public var counted: Int { days.count + inferredDays.count }
}

extension DayLedger {
    /// Presence per period and country, by period then country identifier; only the period
    /// `label` when given.
    public func presence(period: DayPeriod = .calendar, label: Int? = nil) -> [CountryPresence] {
        // Country by country, its dates sorted as numbers and cut into periods as they come: a
        // (period, country) key hashed for each of 50,000 dates was a sixth of `atlas days`.
        enum Kind { case counted, inferred, transit }
        var out: [CountryPresence] = []
        let only = label.map { period.range($0) }
        for country in Set(counted.keys).union(evidence.keys) {
            var dates: [(day: CalendarDay, kind: Kind)] = []
            let countedHere = counted[country] ?? [:]
            for (day, basis) in countedHere where only?.contains(day) ?? true { dates.append((day, basis.isInferred ? .inferred : .counted)) }
            for (day, e) in evidence[country] ?? [:] where only?.contains(day) ?? true
                && !e.isPresent && (e.layover > 0 || !e.flights.isEmpty) && countedHere[day] == nil {
                dates.append((day, .transit))
            }
            dates.sort { $0.day < $1.day }
            let link = countries[country] ?? PlaceLink(id: country, name: country)
            // Dates in order: each period's entry is made at its first date, its lists come sorted.
            var range: ClosedRange<CalendarDay>?
            var current: Int?
            for (day, kind) in dates {
                if range.map({ !$0.contains(day) }) ?? true {
                    let y = period.label(of: day), r = period.range(y)
                    (range, current) = (r, nil)
                    if label.map({ $0 == y }) ?? true {
                        current = out.count
                        out.append(CountryPresence(year: y, country: link, days: [], transitDays: [], inferredDays: [],
                                                   periodStart: r.lowerBound.text, periodEnd: r.upperBound.text))
                    }
                }
                guard let c = current else { continue }
                switch kind {
                case .counted: out[c].days.append(day.text)
                case .inferred: out[c].inferredDays.append(day.text)
                case .transit: out[c].transitDays.append(day.text)
                }
            }
        }
        return out.sorted { ($0.year, $0.country.id) < ($1.year, $1.country.id) }
    }
}

extension Passport {
    /// Presence per calendar year and country under the default policy, by year then country
    /// identifier; only `year` when given.
    public func presence(year: Int? = nil) -> [CountryPresence] {
        // Under the default policy a date counts by its own evidence alone: a year's presence
        // is read from that year's rows, not from a ledger of every year.
        guard let year, DayCounting() == DayCounting(policy: .any) else { return ledger().presence(label: year) }
        return restricted(toYear: year).ledger().presence(label: year)
    }
}
