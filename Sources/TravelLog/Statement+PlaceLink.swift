import SQLite

extension Statement {
    /// The place of the id in column `i` and the name in column `i + 1`; nil when the id is NULL.
    func placeLink(_ i: Int32) -> PlaceLink? { string(i).map { PlaceLink(id: $0, name: string(i + 1) ?? "") } }

    /// ``placeLink(_:)``, `previous` itself when the row repeats it (``string(_:sameAs:)``).
    func placeLink(_ i: Int32, sameAs previous: PlaceLink?) -> PlaceLink? {
        guard let id = string(i, sameAs: previous?.id) else { return nil }
        let name = string(i + 1, sameAs: previous?.name) ?? ""
        if let previous, previous.id == id, previous.name == name { return previous }
        return PlaceLink(id: id, name: name)
    }
}
