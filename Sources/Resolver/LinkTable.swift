import Gazetteer

/// The identifiers, names and codes that ``PlaceChain/Link``s point into: a table per kind of
/// place, built once by the resolver, or a single row for a link made by hand.
///
/// ```swift
/// let countries = LinkTable(.places(ids: [PlaceID(.country, "FR")], names: ["France"], codes: ["FRA"]))
/// PlaceChain.Link(table: countries, row: 0).name   // "France"
/// ```
///
/// Immutable; safe to share between threads.
final class LinkTable: Sendable {
    enum Rows: Sendable {
        case single(id: PlaceID, name: String, code: String?)
        case places(ids: [PlaceID], names: [String], codes: [String?])
        /// Cities and districts keep their names as UTF-8 and their identifiers as numbers until
        /// asked for; `kind` says which of the two the rows are read as.
        case cities(PlaceTables.Cities, kind: PlaceKind)
    }

    let rows: Rows

    init(_ rows: Rows) { self.rows = rows }

    func id(_ row: Int) -> PlaceID {
        switch rows {
        case .single(let id, _, _): id
        case .places(let ids, _, _): ids[row]
        case .cities(let cities, let kind): PlaceID(kind, String(cities.geonameIDs[row]))
        }
    }

    func name(_ row: Int) -> String {
        switch rows {
        case .single(_, let name, _): name
        case .places(_, let names, _): names[row]
        case .cities(let cities, _): cities.name(row)
        }
    }

    func code(_ row: Int) -> String? {
        switch rows {
        case .single(_, _, let code): code
        case .places(_, _, let codes): codes[row]
        case .cities: nil
        }
    }
}
