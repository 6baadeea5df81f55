import TravelLog

extension Passport {
    /// The passport of the travel log at `path`, opened read-only, counting `evidence` only
    /// (``restricted(to:)``), its rows with their first and last times unless `times` is false,
    /// its track days unless `tracks` is false (``init(log:times:tracks:)``).
    ///
    /// ```swift
    /// let passport = try Passport.reading(logAt: "atlas.sqlite", evidence: [.photos, .marks])
    /// ```
    public static func reading(logAt path: String, evidence: Set<Visit.Evidence> = Set(Visit.Evidence.allCases),
                               times: Bool = true, tracks: Bool = true) throws -> Passport {
        try Passport(log: TravelLog(path: path, readOnly: true), times: times, tracks: tracks).restricted(to: evidence)
    }

    /// The trips to find the trip `text` names among (``Trip/find(_:in:)``): the trips of its
    /// year alone when it is a date (an identifier is one, and any date names the trip it lies
    /// in), else all.
    public func trips(lookingUp text: String, homes: HomeTimeline, rules: TripRules) -> [Trip] {
        trips(homes: homes, rules: rules, year: CalendarDay(text.prefix(10))?.components.year)
    }
}
