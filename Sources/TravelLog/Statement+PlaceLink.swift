import SQLite

extension Statement {
    /// The place of the id in column `i` and the name in column `i + 1`; nil when the id is NULL.
    func placeLink(_ i: Int32) -> PlaceLink? { string(i).map { PlaceLink(id: $0, name: string(i + 1) ?? "") } }
}
