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
/// A day counts when ``Passport/presence(year:)`` counts it (a visit or a mark; layovers,
/// flights and photos in flight are no entry) in a country ``SchengenArea`` holds that day.
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
    /// The dates of the window without any evidence (no photo, mark or flight anywhere).
    public var daysWithoutEvidence: Int
}

extension Passport {
    /// The Schengen days: every local date with presence in the area, sorted.
    public func schengenDays() -> [CalendarDay] {
        var set = Set<CalendarDay>()
        for p in presence() where SchengenArea.since[p.country.id] != nil {
            for text in p.days { if let d = CalendarDay(text), SchengenArea.contains(p.country.id, on: d) { set.insert(d) } }
        }
        return set.sorted()
    }

    /// Every local date with any evidence: a photo row, a mark or a flight.
    public func evidenceDays() -> Set<CalendarDay> {
        var set = Set<CalendarDay>()
        for d in days { if let t = d.date, let day = CalendarDay(t) { set.insert(day) } }
        for m in marks { if let t = m.date, let day = CalendarDay(t) { set.insert(day) } }
        for f in flights { if let day = CalendarDay(f.date) { set.insert(day) } }
        return set
    }

    /// The 90/180 window ending `on`, and with `stay` the first date from `on` a stay of that
    /// many days fits (nil when `stay` is not within 1...90).
    public func schengen(on: CalendarDay, stay: Int? = nil) -> SchengenWindow {
        let length = SchengenWindow.length
        let known = Set(schengenDays().filter { $0 <= on })
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
        let evidence = evidenceDays()
        let without = (0..<length).filter { !evidence.contains(on - $0) }.count
        return SchengenWindow(on: on, dates: dates, maxInWindow: best, maxOn: bestOn, stay: stay, earliestStayStart: start,
                              daysWithoutEvidence: without)
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
