import TravelLog

/// The substantial presence test of the United States (26 U.S.C. § 7701(b)(3); IRS
/// Publication 519): in year Y, at least 31 days present, and at least 183 days in Y, a
/// third of the days in Y − 1 and a sixth of those in Y − 2 together.
///
/// ```swift
/// let us = passport.ledger().usPresence(year: 2025)
/// print(us.daysWeighted, us.meetsTest)
/// ```
///
/// The days are the ledger's (``DayCounting``) in `country:US`, the fifty states and the
/// District of Columbia: Puerto Rico, Guam and the other territories have codes of their own
/// and do not count, as the test does not count them. The fractions are of days, so the sum
/// may be fractional: it is kept exactly, in sixths of a day (``weightedSixths``), and the
/// test compares that; ``daysWeighted`` is the same sum rounded down to two decimals for
/// printing, so a printed figure never reaches 183 when the sum does not. The exemptions the
/// law allows (days commuting from Canada or Mexico, in transit under 24 hours, as an exempt
/// individual, a medical condition) are not known to a photo log: no day is exempted. A value
/// type; `Sendable`.
public struct USPresence: Sendable, Equatable {
    public static let country = "country:US"
    /// The weighted days needed, and the days needed in the year itself.
    public static let threshold = 183, minimumThisYear = 31

    public var year: Int
    /// The dates counted in the year, the year before and the one before that (index 0, 1, 2).
    public var dates: [[CalendarDay]]
    /// Of ``dates``, those inferred (filled or carried).
    public var inferredDates: [[CalendarDay]]
    /// The days of the three years, index 0 the year itself.
    public var days: [Int] { dates.map(\.count) }
    /// 6 × (days of Y) + 2 × (days of Y − 1) + 1 × (days of Y − 2).
    public var weightedSixths: Int { 6 * days[0] + 2 * days[1] + days[2] }
    /// The weighted days rounded down to hundredths.
    public var daysWeighted: Double { Double(weightedSixths * 100 / 6) / 100 }
    public var meetsTest: Bool { days[0] >= Self.minimumThisYear && weightedSixths >= 6 * Self.threshold }
}

extension DayLedger {
    /// The test for calendar year `year`.
    public func usPresence(year: Int) -> USPresence {
        let dates = counted[USPresence.country] ?? [:]
        var byYear: [[CalendarDay]] = [[], [], []], inferred: [[CalendarDay]] = [[], [], []]
        for (day, basis) in dates {
            let back = year - day.components.year
            guard (0...2).contains(back) else { continue }
            byYear[back].append(day)
            if basis.isInferred { inferred[back].append(day) }
        }
        return USPresence(year: year, dates: byYear.map { $0.sorted() }, inferredDates: inferred.map { $0.sorted() })
    }
}
