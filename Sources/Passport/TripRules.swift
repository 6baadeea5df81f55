/// The definition of a trip, which `atlas trips`, `atlas stats` and the export share.
///
/// ```swift
/// let trips = passport.trips(rules: TripRules(awayKm: 50))
/// ```
///
/// - A day is **away** when it has a visit (a qualifying photo, ``VisitRules``) in another
///   country than that day's home (``HomeTimeline``), or farther than ``awayKm`` from the home's
///   point (the mean position of the photos of one place that day), or a dated mark in another
///   country.
/// - A day with photos in flight or in transit and no visit away (the day one flies out or back,
///   a layover, perhaps after a morning at home) belongs to the trip it falls in, or joins the
///   trip next to it. It makes no trip by itself.
/// - Any other day with visits is **at home**.
/// - A trip is a run of such days that may hold up to ``maximumGap`` days without photos; it ends
///   at a day at home or at a longer gap. Days and places are local dates; a day of departure or
///   return is a day of the trip, its photos at home are not.
/// - Edits (``TripEdit``) apply afterwards, in the order made.
///
/// A value type; `Sendable`.
public struct TripRules: Sendable, Equatable {
    public var awayKm: Double
    public var maximumGap: Int

    public init(awayKm: Double = 100, maximumGap: Int = 2) { (self.awayKm, self.maximumGap) = (awayKm, maximumGap) }
}
