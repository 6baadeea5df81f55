/// A place the phone's `Timeline.json` says its owner goes to often
/// (`userLocationProfile.frequentPlaces`): evidence for a home, never a home by itself.
///
/// ```swift
/// if case .frequentPlace(let p) = item, p.label == "HOME" { … }
/// ```
///
/// `label` is as written (`HOME`, `WORK`, or nil when the file has none). A value type; `Sendable`.
public struct FrequentPlace: Sendable, Equatable {
    public var position: HistoryPosition
    public var label: String?
    public var placeID: String?

    public init(position: HistoryPosition, label: String? = nil, placeID: String? = nil) {
        (self.position, self.label, self.placeID) = (position, label, placeID)
    }
}
