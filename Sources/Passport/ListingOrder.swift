import Gazetteer
import TravelLog

/// The orders a list of visits can be shown in (`atlas countries --sort KEY`).
///
/// ```swift
/// let countries = passport.visits(.country)                   // by identifier
/// VisitOrder.name.sorted(countries).map(\.name)             // ["Åland Islands", "France", "Ghana", "United Kingdom"]
/// VisitOrder.days.sorted(countries).first?.name             // the country with the most days
/// ```
///
/// Names compare without regard to case or diacritics, the same on every machine (no locale):
/// `Åland` sorts with `Aland`, `Île-de-France` with `Ile`. Ties go by name, then identifier.
public enum VisitOrder: String, Sendable, CaseIterable {
    /// By name, A to Z.
    case name
    /// Most days first.
    case days
    /// By the first visit, oldest first.
    case first
    /// By the last visit, most recent first.
    case last
    /// Most photos first.
    case photos

    /// `visits` in this order; ties by folded name, then name, then identifier.
    public func sorted(_ visits: [Visit]) -> [Visit] {
        let keyed = visits.map { (ListingOrder.nameKey($0.name), $0) }
        func byName(_ a: (String, Visit), _ b: (String, Visit)) -> Bool { (a.0, a.1.name, a.1.id) < (b.0, b.1.name, b.1.id) }
        let sorted: [(String, Visit)]
        switch self {
        case .name: sorted = keyed.sorted(by: byName)
        case .days: sorted = keyed.sorted { $0.1.days.count != $1.1.days.count ? $0.1.days.count > $1.1.days.count : byName($0, $1) }
        case .photos: sorted = keyed.sorted { $0.1.photos != $1.1.photos ? $0.1.photos > $1.1.photos : byName($0, $1) }
        case .first: sorted = keyed.sorted { ListingOrder.dates($0.1.firstDate, $1.1.firstDate, ascending: true) ?? byName($0, $1) }
        case .last: sorted = keyed.sorted { ListingOrder.dates($0.1.lastDate, $1.1.lastDate, ascending: false) ?? byName($0, $1) }
        }
        return sorted.map(\.1)
    }
}

/// The orders of `atlas marks --sort KEY`.
///
/// ```swift
/// MarkOrder.date.sorted(try log.marks()).first?.date   // the oldest dated mark
/// ```
public enum MarkOrder: String, Sendable, CaseIterable {
    /// By the place's name, A to Z, then date.
    case name
    /// By date, oldest first; undated marks last. Ties by name.
    case date

    /// `marks` in this order; ties by folded name, then name, identifier and date.
    public func sorted(_ marks: [Mark]) -> [Mark] {
        let keyed = marks.map { (ListingOrder.nameKey($0.placeName), $0) }
        func byName(_ a: (String, Mark), _ b: (String, Mark)) -> Bool {
            (a.0, a.1.placeName, a.1.placeID, a.1.date ?? "~") < (b.0, b.1.placeName, b.1.placeID, b.1.date ?? "~")
        }
        switch self {
        case .name: return keyed.sorted(by: byName).map(\.1)
        case .date: return keyed.sorted { ListingOrder.dates($0.1.date, $1.1.date, ascending: true) ?? byName($0, $1) }.map(\.1)
        }
    }
}

enum ListingOrder {
    /// What names compare by: folded (case, diacritics, width) as search folds them.
    static func nameKey(_ name: String) -> String { SearchText.fold(name) }

    /// Whether `a` comes before `b` by date, a missing date last; nil when they are equal.
    static func dates(_ a: String?, _ b: String?, ascending: Bool) -> Bool? {
        switch (a, b) {
        case let (a?, b?): a == b ? nil : (ascending ? a < b : a > b)
        case (nil, nil): nil
        case (.some, nil): true
        case (nil, .some): false
        }
    }
}
