import TravelLog

/// The Schengen 90/180 rule over the log: for a date, the days present in the area within the
/// 180 days ending that date (entry and exit days count: any presence that local date), the
/// days left of 90, the most any date of that window had used and when, and when a stay of N
/// more days fits.
///
/// ```swift
/// let w = passport.schengen(on: CalendarDay("2025-06-01")!, stay: 10)
/// print(w.daysUsed, w.daysLeft, w.earliestStayStart?.text ?? "-")
/// ```
///
/// A day counts when the ledger (``DayLedger``, under its ``DayCounting``) counts it in a
/// country ``SchengenArea`` holds that day (by default a visit, a history point on the ground
/// or a mark; layovers, flights and photos in flight are no entry).
/// Only the log up to ``on`` is read: later dates in it are ignored. Evidence from the log,
/// not legal advice: a day without photos is not counted. A value type; `Sendable`.
public struct SchengenWindow: Sendable, Equatable {
    /// At most `limit` days in any `length` days, both ends counted.
    public static let limit = 90, length = 180
    public var on: CalendarDay
    /// The Schengen days of the window ending ``on`` (its first day is ``on`` - 179), sorted.
    public var dates: [CalendarDay]
    public var daysUsed: Int { dates.count }
    public var daysLeft: Int { max(0, Self.limit - daysUsed) }
    /// The days used beyond the limit on ``on`` (0 within it).
    public var daysOver: Int { max(0, daysUsed - Self.limit) }
    /// The most days used on any date of the window, each date counted over its own 180 days
    /// (so the window's first dates see days before it), and the first date with that count;
    /// nil when it is 0. Above 90: the limit was passed within the window.
    public var maxInWindow: Int
    public var maxOn: CalendarDay?
    /// The stay asked for, and the first date from ``on`` (after it when ``on`` is itself a
    /// Schengen day: that day is already spent) from which that many consecutive days in the
    /// area keep every window within 90, the days after ``on`` taken as away but for the stay.
    public var stay: Int?
    public var earliestStayStart: CalendarDay?
    /// The dates of the window without any evidence (no photo, history point, mark or flight anywhere).
    public var daysWithoutEvidence: Int
    /// How a day counts (default: any presence, no filling).
    public var counting = DayCounting()
    /// Of ``dates``, those inferred (filled or carried), sorted.
    public var inferredDates: [CalendarDay] = []
}

extension DayLedger {
    /// The Schengen days: every local date counted in a country of the area that day, and
    /// whether it is inferred (every such country's day filled or carried).
    public func schengenDays() -> [CalendarDay: Bool] {
        var out: [CalendarDay: Bool] = [:]
        for (country, dates) in counted where SchengenArea.since[country] != nil {
            for (day, basis) in dates where SchengenArea.contains(country, on: day) {
                out[day] = (out[day] ?? true) && basis.isInferred
            }
        }
        return out
    }
}

extension Passport {
    /// The 90/180 window ending `on` under `counting`, and with `stay` the first date from `on`
    /// a stay of that many days fits (nil when `stay` is not within 1...90).
    public func schengen(on: CalendarDay, stay: Int? = nil, counting: DayCounting = DayCounting()) -> SchengenWindow {
        ledger(counting, through: on).schengen(stay: stay)
    }
}

extension DayLedger {
    /// The 90/180 window ending ``through`` (the log is read up to it), as
    /// ``Passport/schengen(on:stay:counting:)`` gives it.
    public func schengen(stay: Int? = nil) -> SchengenWindow {
        let (length, on) = (SchengenWindow.length, through)
        let area = schengenDays()
        let known = Set(area.keys)
        let first = on - (length - 1)
        let dates = known.filter { $0 >= first }.sorted()
        // The count of the window's first date, then slid a day at a time: a day enters as
        // the date reaches it and leaves 180 days later.
        var count = (0..<length).filter { known.contains(first - $0) }.count
        var best = count, bestOn: CalendarDay? = count > 0 ? first : nil
        var d = first
        while d < on {
            d = d + 1
            count += (known.contains(d) ? 1 : 0) - (known.contains(d - length) ? 1 : 0)
            if count > best { (best, bestOn) = (count, d) }
        }
        var start: CalendarDay?
        if let stay, stay >= 1, stay <= SchengenWindow.limit {
            // A day already spent in the area is no day of a new stay: it starts after it.
            var candidate = known.contains(on) ? on + 1 : on
            // A stay that fits never needs to wait longer than a whole window.
            while start == nil && candidate <= on + length {
                if fits(stay, from: candidate, after: known) { start = candidate } else { candidate = candidate + 1 }
            }
        }
        return SchengenWindow(on: on, dates: dates, maxInWindow: best, maxOn: bestOn, stay: stay, earliestStayStart: start,
                              daysWithoutEvidence: daysWithoutEvidence(from: first, through: on), counting: counting,
                              inferredDates: dates.filter { area[$0] == true })
    }

    private func fits(_ stay: Int, from start: CalendarDay, after known: Set<CalendarDay>) -> Bool {
        let length = SchengenWindow.length
        // The worst window is the one ending on the stay's last day: each day later in the
        // stay adds a stay day and loses at most one past day.
        let end = start + (stay - 1)
        var count = stay
        var d = end - (length - 1)
        while d < start { if known.contains(d) { count += 1 }; d = d + 1 }
        return count <= SchengenWindow.limit
    }
}

extension Passport {
    /// The window on the log's last date with evidence (of `year` when given), as the report
    /// shows it: only the log decides it, never the clock. Nil when no date of that window saw
    /// a Schengen day (its most in the window is 0), or `year` has no evidence.
    public func latestSchengenWindow(year: Int? = nil) -> SchengenWindow? {
        guard let on = evidenceDates(year: year).max() else { return nil }
        let window = schengen(on: on)
        return window.maxInWindow > 0 ? window : nil
    }
}
