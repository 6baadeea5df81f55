import Gazetteer

/// What the passport knows about one visited place: the days (distinct local dates), the first
/// and last of them, and the evidence that puts the traveller there: qualifying photos, days of
/// a location history, flights of a flight log and marks.
///
/// ```swift
/// let japan = try log.visits()[.country].first { $0.id == "country:JP" }
/// japan?.days.count   // 12
/// ```
///
/// A value type; `Sendable`.
@dynamicMemberLookup
public struct Visit: Sendable, Equatable {
    /// `continent`, `country`, `region`, `city`, `district`, `airport`.
    public let kind: String
    public let id: String
    public internal(set) var name: String
    /// The places above this one that it is listed with (``PlaceKind/parentKinds``: a city's
    /// continent, country and region; a district's city too), read by name (`visit.country`).
    /// Held by reference: a passport sorts and copies thousands of visits, and a lineage of
    /// seven links inline made each copy several times larger.
    public internal(set) var parents: PlaceDay.Places = .none
    /// Distinct local dates, sorted.
    public internal(set) var days: [String] = []
    public internal(set) var photos = 0
    public internal(set) var marks = 0
    /// Distinct local dates a location history puts the traveller here.
    public internal(set) var historyDays = 0
    /// Flights of a flight log from or to here (airports only).
    public internal(set) var flights = 0

    /// What says the traveller was here, and what a listing can be restricted to (`--evidence`).
    public enum Evidence: String, Sendable, CaseIterable {
        case photos, history, flights, marks
    }

    /// The kinds of evidence this visit has, in ``Evidence`` order.
    public var evidence: [Evidence] {
        Evidence.allCases.filter { kind in
            switch kind {
            case .photos: photos > 0
            case .history: historyDays > 0
            case .flights: flights > 0
            case .marks: marks > 0
            }
        }
    }

    public init(kind: String, id: String, name: String) {
        (self.kind, self.id, self.name) = (kind, id, name)
    }

    /// The place of `kind` above this one (``PlaceKind/parentKinds``).
    public internal(set) subscript(parent kind: PlaceKind) -> PlaceLink? {
        get { parents.lineage[kind] }
        set { parents = parents.replacing(\.[kind], with: newValue) }
    }

    /// A parent by name: `visit.country`.
    public internal(set) subscript(dynamicMember level: WritableKeyPath<PlaceLineage<PlaceLink>, PlaceLink?>) -> PlaceLink? {
        get { parents.lineage[keyPath: level] }
        set { parents = parents.replacing(level, with: newValue) }
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
