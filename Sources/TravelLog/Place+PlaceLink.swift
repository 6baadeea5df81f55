import Gazetteer

extension Place {
    /// The link of this place's `kind` in its lineage: itself when it is of that kind, else the
    /// ancestor of that kind, else nil.
    ///
    /// ```swift
    /// kyoto.link(.country)   // PlaceLink(id: "country:JP", name: "Japan")
    /// ```
    public func link(_ kind: PlaceKind) -> PlaceLink? {
        if self.kind == kind { return PlaceLink(id: id.description, name: name) }
        return ancestor(kind).map { PlaceLink(id: $0.id.description, name: $0.name) }
    }
}
