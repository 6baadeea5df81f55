import TravelLog

/// The Schengen 90/180 rule over the log: for a date, the days present in the area within the
/// 180 days ending that date (entry and exit days count, any presence that local date), the
/// most ever reached, and when a stay of N more days fits.
///
/// ```swift
/// let w = passport.schengen(on: CalendarDay("2025-06-01")!, stay: 10)
/// print(w.daysUsed, w.daysLeft, w.earliestStayStart?.text ?? "-")
/// ```
///
/// A day counts when ``Passport/presence(year:)`` counts it (a visit or a mark; layovers,
/// flights and photos in flight are no entry) in a country ``SchengenArea`` holds that day.
/// Evidence, not proof: a day without photos is not counted. A value type; `Sendable`.
public struct SchengenWindow: Sendable, Equatable {
    public static let limit = 90, length = 180
    public var on: CalendarDay
    /// The Schengen days of the window ending ``on``, sorted.
    public var dates: [CalendarDay]
    public var daysUsed: Int { dates.count }
    public var daysLeft: Int { max(0, Self.limit - daysUsed) }
    /// The most days any window held (up to ``on``), and the first date it ended on.
    public var maxInWindow: Int
    public var maxOn: CalendarDay?
    /// The stay asked for, and the first date from ``on`` (after it when ``on`` is itself a
    /// Schengen day) on which it fits (nil: never, as for more than 90 days).
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
    /// many days fits (the days after ``on`` taken as away but for the stay).
    public func schengen(on: CalendarDay, stay: Int? = nil) -> SchengenWindow {
        let all = schengenDays()
        let length = SchengenWindow.length
        let dates = all.filter { $0 > on - length && $0 <= on }
        // Windows ending on each Schengen date up to `on`: the count only rises on those.
        var best = 0, bestOn: CalendarDay?, low = 0
        for (i, d) in all.enumerated() where d <= on {
            while all[low] <= d - length { low += 1 }
            if i - low + 1 > best { (best, bestOn) = (i - low + 1, d) }
        }
        var start: CalendarDay?
        if let stay, stay >= 1, stay <= SchengenWindow.limit {
            // A day already spent in the area is no day of a new stay: it starts after it.
            let known = Set(all.filter { $0 <= on })
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
        // The worst window is the one ending on the stay's last day: every earlier day of the
        // stay sees fewer stay days and no more past days.
        let end = start + (stay - 1)
        var count = stay
        var d = end - (length - 1)
        while d < start { if known.contains(d) { count += 1 }; d = d + 1 }
        return count <= SchengenWindow.limit
    }
}
