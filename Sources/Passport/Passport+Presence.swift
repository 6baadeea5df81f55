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
        struct Key: Hashable { let year: Int, country: String }
        var days: [Key: [String]] = [:], inferred: [Key: [String]] = [:], transit: [Key: [String]] = [:]
        for (country, dates) in counted {
            for (day, basis) in dates {
                let y = period.label(of: day)
                guard label.map({ $0 == y }) ?? true else { continue }
                if basis.isInferred { inferred[Key(year: y, country: country), default: []].append(day.text) }
                else { days[Key(year: y, country: country), default: []].append(day.text) }
            }
        }
        for (country, dates) in evidence {
            for (day, e) in dates where !e.isPresent && (e.layover > 0 || !e.flights.isEmpty) && counted[country]?[day] == nil {
                let y = period.label(of: day)
                guard label.map({ $0 == y }) ?? true else { continue }
                transit[Key(year: y, country: country), default: []].append(day.text)
            }
        }
        return Set(days.keys).union(inferred.keys).union(transit.keys).map { key in
            let range = period.range(key.year)
            return CountryPresence(year: key.year, country: countries[key.country] ?? PlaceLink(id: key.country, name: key.country),
                                   days: (days[key] ?? []).sorted(), transitDays: (transit[key] ?? []).sorted(),
                                   inferredDays: (inferred[key] ?? []).sorted(), periodStart: range.lowerBound.text, periodEnd: range.upperBound.text)
        }.sorted { ($0.year, $0.country.id) < ($1.year, $1.country.id) }
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
