/// A movement between two places, as Google's semantic history gives it: an `activitySegment`
/// of the monthly files, an `activity` segment of `Timeline.json` or of the iPhone's export.
///
/// ```swift
/// if case .activity(let a) = item, a.type == "FLYING" { … }   // never a visit on the way
/// ```
///
/// `type` is normalised to Google's upper-case form whatever the file wrote (`flying`,
/// `in passenger vehicle` → `FLYING`, `IN_PASSENGER_VEHICLE`); nil when the file has none.
/// `startPosition` and `endPosition` are nil when the file has none (Takeout writes `{}` for an
/// end it does not know). `distance` is in metres. `waypoints` are the untimed positions of the
/// monthly files' `waypointPath` (at most ``maximumWaypoints``: the rest are counted as skipped);
/// timed path points are delivered as ``HistoryPoint``s instead. A value type; `Sendable`.
public struct HistoryActivity: Sendable, Equatable {
    public var start: Int64
    public var end: Int64
    public var startPosition: HistoryPosition?
    public var endPosition: HistoryPosition?
    public var type: String?
    public var distance: Double?
    public var waypoints: [HistoryPosition]

    /// Real paths have tens of waypoints; the cap keeps a hostile file's one segment small.
    public static let maximumWaypoints = 4_096

    public init(start: Int64, end: Int64, startPosition: HistoryPosition? = nil, endPosition: HistoryPosition? = nil,
                type: String? = nil, distance: Double? = nil, waypoints: [HistoryPosition] = []) {
        (self.start, self.end, self.startPosition, self.endPosition) = (start, end, startPosition, endPosition)
        (self.type, self.distance, self.waypoints) = (type, distance, waypoints)
    }

    /// `flying`, `in passenger vehicle`, `in-bus` → `FLYING`, `IN_PASSENGER_VEHICLE`, `IN_BUS`.
    static func normalisedType(_ raw: String) -> String {
        String(String.UnicodeScalarView(raw.unicodeScalars.map { $0 == " " || $0 == "-" ? "_" : $0 })).uppercased()
    }
}
