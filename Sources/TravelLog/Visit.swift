/// What the passport knows about one visited place: the days (distinct local dates), the first
/// and last of them, and how many qualifying photos and marks put the traveller there.
///
/// ```swift
/// let japan = try log.visits()[.country].first { $0.id == "country:JP" }
/// japan?.days.count   // 12
/// ```
///
/// A value type; `Sendable`.
public struct Visit: Sendable, Equatable {
    /// `continent`, `country`, `region`, `city`, `district`, `airport`.
    public let kind: String
    public let id: String
    public internal(set) var name: String
    public internal(set) var continent: PlaceLink?
    public internal(set) var country: PlaceLink?
    public internal(set) var region: PlaceLink?
    /// The city a district belongs to (districts only).
    public internal(set) var city: PlaceLink?
    /// Distinct local dates, sorted.
    public internal(set) var days: [String] = []
    public internal(set) var photos = 0
    public internal(set) var marks = 0

    public init(kind: String, id: String, name: String) {
        (self.kind, self.id, self.name) = (kind, id, name)
    }

    public var firstDate: String? { days.first }
    public var lastDate: String? { days.last }

    mutating func add(day: String?) {
        guard let day else { return }
        // Photos arrive mostly in date order: appending is the common case.
        if let last = days.last, last >= day {
            if last == day || days.contains(day) { return }
            days.append(day)
            days.sort()
        } else {
            days.append(day)
        }
    }
}
