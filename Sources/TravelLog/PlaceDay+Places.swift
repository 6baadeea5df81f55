import Gazetteer

extension PlaceDay {
    /// The place snapshot of a ``PlaceDay`` row: its ``PlaceLineage``, read by name
    /// (`places.country`) or by kind (`places.lineage[.country]`).
    ///
    /// ```swift
    /// var day = PlaceDay(date: "2024-05-01", status: .visit)
    /// day.places = PlaceDay.Places(PlaceLineage(country: PlaceLink(id: "country:FR", name: "France")))
    /// day.country?.name   // "France"
    /// ```
    ///
    /// One object for many rows: a log has thousands of rows and a few hundred places, and the
    /// passport copies, sorts and merges its rows, so a row holds one reference, not seven links
    /// of two strings each (their copies were a third of `atlas countries`' instructions).
    /// Immutable; `Sendable`.
    @dynamicMemberLookup
    public final class Places: Sendable, Equatable {
        public let lineage: PlaceLineage<PlaceLink>

        public init(_ lineage: PlaceLineage<PlaceLink> = .init()) { self.lineage = lineage }

        /// The snapshot of a photo.
        convenience init(_ p: VisitPhoto) { self.init(p.places) }

        /// A level by name: `places.country`.
        @inlinable
        public subscript(dynamicMember level: KeyPath<PlaceLineage<PlaceLink>, PlaceLink?>) -> PlaceLink? { lineage[keyPath: level] }

        /// The link of `kind`.
        public func link(_ kind: PlaceKind) -> PlaceLink? { lineage[kind] }

        /// No place at any level.
        public static let none = Places()

        /// The links from the continent down, none included.
        public var links: [PlaceLink?] { lineage.links }

        public static func == (a: Places, b: Places) -> Bool { a === b || a.lineage == b.lineage }

        /// The same snapshot with the link at `level` (`\.city`, `\.[.city]`) replaced.
        @usableFromInline
        func replacing(_ level: WritableKeyPath<PlaceLineage<PlaceLink>, PlaceLink?>, with link: PlaceLink?) -> Places {
            var lineage = lineage
            lineage[keyPath: level] = link
            return Places(lineage)
        }
    }

    /// A level of the row's snapshot by name (`day.country`); a write makes a new snapshot.
    @inlinable
    public subscript(dynamicMember level: WritableKeyPath<PlaceLineage<PlaceLink>, PlaceLink?>) -> PlaceLink? {
        get { places.lineage[keyPath: level] }
        set { places = places.replacing(level, with: newValue) }
    }
}
