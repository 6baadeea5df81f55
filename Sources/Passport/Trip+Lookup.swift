import TravelLog

extension Trip {
    /// The trip of `trips` that `text` names: its identifier (`2024-07-10`, `2024-07-10-2`),
    /// else a date inside it (`2024-07-12`); nil when none does.
    ///
    /// ```swift
    /// Trip.find("2025-01-01", in: passport.trips())?.id   // "2024-12-30": the trip across New Year
    /// ```
    public static func find(_ text: String, in trips: [Trip]) -> Trip? {
        if let trip = trips.first(where: { $0.id == text }) { return trip }
        guard CalendarDay(text) != nil else { return nil }
        return trips.first { $0.start <= text && text <= $0.end }
    }
}
