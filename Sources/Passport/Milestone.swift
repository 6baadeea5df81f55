import TravelLog

/// How far a traveller is with one ``MilestoneGoal``: reached on which date, at which place, or
/// how many places are done and which are missing.
///
/// ```swift
/// let states = try passport.milestones(scheme: un, gazetteer: gazetteer).first { $0.id == "regions:US" }
/// states?.done      // 47
/// states?.missing   // Alaska, Hawaii, North Dakota
/// ```
///
/// A value type; `Sendable`.
public struct Milestone: Sendable, Equatable {
    public let id: String
    public let title: String
    /// The places it asks for: 50 states, 10 countries.
    public let total: Int
    /// The places of it visited, at most ``total``.
    public let done: Int
    /// The local date of the visit that completed it: the first visit of the last place it
    /// needed. Nil until reached, and for one completed by places known only from undated marks.
    public let reached: String?
    /// The place whose first visit completed it.
    public let place: PlaceLink?
    /// The places still to visit, by name; empty when any place would do (10 countries).
    public let missing: [PlaceLink]

    public var isReached: Bool { done >= total }

    public init(id: String, title: String, total: Int, done: Int, reached: String?, place: PlaceLink?, missing: [PlaceLink]) {
        (self.id, self.title, self.total, self.done, self.reached, self.place, self.missing) = (id, title, total, done, reached, place, missing)
    }
}
