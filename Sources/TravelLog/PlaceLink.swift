/// A place in a snapshot: its identifier (`country:JP`) and the name it had when the snapshot
/// was made, so the log stays readable whatever later gazetteers call it.
///
/// ```swift
/// let kyoto = PlaceLink(id: "city:1857910", name: "Kyoto")
/// ```
///
/// A value type; `Sendable`.
public struct PlaceLink: Sendable, Hashable {
    public let id: String
    public let name: String
    public init(id: String, name: String) { (self.id, self.name) = (id, name) }

    /// The identifier alone: equal links have equal identifiers, and tallies of places hash a
    /// link for every row of a log (the name, as long again, doubled the work). Equality still
    /// compares both.
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

extension PlaceLink {
    /// The link of a place snapshot's level, as the aggregates keep it; nil for none.
    public init?(_ link: PlaceSnapshot.Link?) {
        guard let link else { return nil }
        self.init(id: link.id.description, name: link.name)
    }
}
