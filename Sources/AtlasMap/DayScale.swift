/// The legend's classes of days spent in a place, from a weekend to a season, and the colour
/// of each (light to dark, a sequential scale that stays readable in grey print).
///
/// ```swift
/// DayScale.class(forDays: 5)       // 2: "2–6 days"
/// DayScale.classes[2].colour        // "#fc8d59"
/// ```
public enum DayScale {
    public struct Class: Sendable, Equatable {
        public let fewest: Int
        public let label: String
        /// `#rrggbb`.
        public let colour: String
    }

    public static let classes: [Class] = [
        Class(fewest: 1, label: "1 day", colour: "#fdd49e"),
        Class(fewest: 2, label: "2–6 days", colour: "#fdbb84"),
        Class(fewest: 7, label: "7–29 days", colour: "#fc8d59"),
        Class(fewest: 30, label: "30–179 days", colour: "#e34a33"),
        Class(fewest: 180, label: "180 days or more", colour: "#b30000"),
    ]
    /// Land not visited.
    public static let unvisited = "#e4e1da"
    /// The rest of a map's palette, which every map and page shares: the sea, its edge, and the
    /// dots of cities.
    public static let sea = "#f1f5f8", seaEdge = "#c5d0d9", city = "#1f3b5c"

    /// The CSS that fills the classes `d1`…`d5` under `scope` (`.map .d1{fill:#fdd49e}`, a line each).
    public static func fills(under scope: String) -> String {
        classes.enumerated().map { "\(scope) .d\($0.offset + 1){fill:\($0.element.colour)}\n" }.joined()
    }

    /// What a legend shows: each class's label and colour, then land not visited.
    public static var legend: [(label: String, colour: String)] {
        classes.map { ($0.label, $0.colour) } + [("not visited", unvisited)]
    }

    /// The index in ``classes`` of a place visited on `days` days; a visit without a date (a
    /// mark, a photo without a time: 0 days) is in the first.
    public static func `class`(forDays days: Int) -> Int {
        classes.lastIndex { days >= $0.fewest } ?? 0
    }

    /// "1 day", "12 days", and for 0 "no date".
    public static func label(days: Int) -> String {
        days == 0 ? "no date" : days == 1 ? "1 day" : "\(days) days"
    }
}
