/// One edit of the detected trips, by the user's word: kept in the log and applied, in the order
/// made, each time the trips are detected again, so it survives re-import, reresolve and new
/// photos. Edits name trips by a date inside them, not by identifier: a trip that grows keeps
/// its edits.
///
/// ```swift
/// try log.saveTripEdit(TripEdit(kind: .rename, date: "2024-07-06", title: "Alps & Lisbon"))
/// try log.saveTripEdit(TripEdit(kind: .split, date: "2024-07-11"))   // a new trip from 07-11
/// ```
///
/// A value type; `Sendable`.
public struct TripEdit: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The trip holding ``date`` gets ``title``.
        case rename
        /// The trip holding ``date`` (after its first day) becomes two, the second from ``date``.
        case split
        /// The trips meeting ``date``…``until`` become one.
        case merge
        /// The trip holding ``date`` is no trip (a commute, a move).
        case exclude
    }

    /// The order edits apply in; nil before the edit is saved.
    public var sequence: Int64?
    public var kind: Kind
    /// `YYYY-MM-DD`.
    public var date: String
    /// `YYYY-MM-DD`, merges only.
    public var until: String?
    public var title: String?

    public init(kind: Kind, date: String, until: String? = nil, title: String? = nil, sequence: Int64? = nil) {
        (self.kind, self.date, self.until, self.title, self.sequence) = (kind, date, until, title, sequence)
    }
}
