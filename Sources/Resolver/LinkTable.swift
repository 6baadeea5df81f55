import Gazetteer
import JSONWriter

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

    /// The start of a link's JSON object, `{"id":"kind:code","name":"…"`, appended to `out`:
    /// a city's number and name written from the tables' own bytes, with no `String` made
    /// for either (a batch writes millions of links).
    func appendJSON(_ row: Int, to out: inout [UInt8]) {
        func literal(_ text: StaticString) { text.withUTF8Buffer { out.append(contentsOf: $0) } }
        literal(#"{"id":""#)
        switch rows {
        case .cities(let cities, let kind):
            JSONBytes.appendEscaped(kind.rawValue, to: &out)
            out.append(UInt8(ascii: ":"))
            JSONBytes.appendInt(Int(cities.geonameIDs[row]), to: &out)
            literal(#"","name":"#)
            cities.nameBytes.withUnsafeBufferPointer { bytes in
                let range = Int(cities.nameStart[row])..<Int(cities.nameStart[row + 1] - 1)
                JSONBytes.appendQuoted(utf8: UnsafeBufferPointer(rebasing: bytes[range]), to: &out)
            }
        case .single, .places:
            let id = id(row)
            JSONBytes.appendEscaped(id.kind.rawValue, to: &out)
            out.append(UInt8(ascii: ":"))
            JSONBytes.appendEscaped(id.code, to: &out)
            literal(#"","name":"#)
            JSONBytes.appendQuoted(name(row), to: &out)
        }
    }
}
