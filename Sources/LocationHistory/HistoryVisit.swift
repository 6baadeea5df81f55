/// A stay at one place, as Google's semantic history gives it: a `placeVisit` of the monthly
/// files, a `visit` segment of the phone's `Timeline.json` or of the iPhone's export.
///
/// ```swift
/// if case .visit(let v) = item { print(v.name ?? "?", v.start, v.end) }
/// ```
///
/// `start` and `end` are milliseconds since 1970 UTC. `placeID` is Google's place identifier,
/// `semanticType` its guess of what the place is to the user (`HOME`, `WORK`, `INFERRED_HOME`,
/// …, as written). A value type; `Sendable`.
public struct HistoryVisit: Sendable, Equatable {
    public var start: Int64
    public var end: Int64
    public var position: HistoryPosition
    public var name: String?
    public var address: String?
    public var placeID: String?
    public var semanticType: String?

    public init(start: Int64, end: Int64, position: HistoryPosition, name: String? = nil, address: String? = nil,
                placeID: String? = nil, semanticType: String? = nil) {
        (self.start, self.end, self.position) = (start, end, position)
        (self.name, self.address, self.placeID, self.semanticType) = (name, address, placeID, semanticType)
    }
}
