/// What one read of a location history delivered: its format, the counts, the span of time,
/// and whether the file was cut short.
///
/// ```swift
/// let s = try HistoryReader.read(fileAt: path) { _ in }
/// print(s?.format.rawValue ?? "not a history", s?.points ?? 0, s?.cutShort?.description ?? "complete")
/// ```
///
/// `skipped` counts what the file has but no reader can use: coordinates beyond ±90°/±180°
/// (after the E7 overflow fix), times that do not parse, visits without any position, segments
/// without times, waypoints beyond the cap, OwnTracks lines that are not JSON. `first` and `last`
/// are the earliest and latest instants delivered (milliseconds since 1970 UTC), of points and
/// segments alike. A value type; `Sendable`.
public struct HistoryFileSummary: Sendable, Equatable {
    public var format: HistoryFormat
    public var points = 0
    public var visits = 0
    public var activities = 0
    public var frequentPlaces = 0
    public var skipped = 0
    public var first: Int64?
    public var last: Int64?
    /// How far the reader got: the file's size when it was read to its end.
    public var bytesRead: Int64 = 0
    /// Where and why the file stops before its document does; nil when it is complete.
    public var cutShort: HistoryError?

    public init(format: HistoryFormat) { self.format = format }

    /// Visits and activities.
    public var segments: Int { visits + activities }

    mutating func saw(_ instant: Int64) {
        if first.map({ instant < $0 }) ?? true { first = instant }
        if last.map({ instant > $0 }) ?? true { last = instant }
    }
}
