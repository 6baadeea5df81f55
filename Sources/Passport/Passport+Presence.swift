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
        func texts(_ numbers: [Int]) -> [String] { numbers.map { CalendarDay(number: $0).text } }
        return presenceDays(period: period, label: label).map { p in
            CountryPresence(year: p.year, country: p.country, days: texts(p.days), transitDays: texts(p.transit), inferredDays: texts(p.inferred),
                            periodStart: p.range.lowerBound.text, periodEnd: p.range.upperBound.text)
        }
    }

    /// One period's dates of one country, as day numbers: what ``presence(period:label:)``
    /// gives as text, and what the travel record only counts.
    struct PresenceDays {
        var year: Int
        var country: PlaceLink
        var range: ClosedRange<CalendarDay>
        var days: [Int] = [], transit: [Int] = [], inferred: [Int] = []
    }

    /// ``presence(period:label:)`` with its dates as numbers.
    func presenceDays(period: DayPeriod = .calendar, label: Int? = nil) -> [PresenceDays] {
        // Country by country, its counted dates and its dates of evidence walked together in
        // order and cut into periods as they come: a (period, country) key hashed for each of
        // 50,000 dates was a sixth of `atlas days`.
        var out: [PresenceDays] = []
        let only = label.map { period.range($0) }
        for country in Set(counted.keys).union(evidence.keys) {
            let (countedHere, evidenceHere) = (counted[country] ?? [:], evidence[country] ?? [:])
            let link = countries[country] ?? PlaceLink(id: country, name: country)
            var range: ClosedRange<CalendarDay>?
            var current: Int?
            func entry(_ day: CalendarDay) -> Int? {
                if range.map({ !$0.contains(day) }) ?? true {
                    let y = period.label(of: day), r = period.range(y)
                    (range, current) = (r, nil)
                    if label.map({ $0 == y }) ?? true {
                        current = out.count
                        out.append(PresenceDays(year: y, country: link, range: r))
                    }
                }
                return current
            }
            let (cs, es) = only.map { (countedHere.indices(in: $0), evidenceHere.indices(in: $0)) } ?? (0..<countedHere.count, 0..<evidenceHere.count)
            var (c, e) = (cs.lowerBound, es.lowerBound)
            while c < cs.upperBound || e < es.upperBound {
                let cn = c < cs.upperBound ? countedHere.numbers[c] : .max, en = e < es.upperBound ? evidenceHere.numbers[e] : .max
                if cn <= en {
                    // A counted date is never a transit date, whatever its evidence.
                    if let i = entry(CalendarDay(number: cn)) {
                        if countedHere.values[c].isInferred { out[i].inferred.append(cn) } else { out[i].days.append(cn) }
                    }
                    c += 1
                    if en == cn { e += 1 }
                } else {
                    let ev = evidenceHere.values[e]
                    if !ev.isPresent && (ev.layover > 0 || !ev.flights.isEmpty), let i = entry(CalendarDay(number: en)) { out[i].transit.append(en) }
                    e += 1
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
