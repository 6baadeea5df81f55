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
    /// For a table of places (countries, regions, airports…, a few thousand rows): each row's
    /// `{"id":"kind:code","name":"…"` and then its code as JSON (`"FRA"`, or `null`), end to end,
    /// written once and copied into every answer that names the place. Empty for cities.
    private let fragments: [UInt8]
    /// Where row r's object starts (2r), its code starts (2r + 1) and both end (2r + 2).
    private let fragmentStarts: [Int32]
    /// For cities and districts: `{"id":"city:` or `{"id":"district:`, and the columns a
    /// link's object is written from (no `String` made: a batch writes millions).
    private let cityIDPrefix: [UInt8]
    private let cityIDs: [Int32]
    private let cityNames: [UInt8]
    private let cityNameStarts: [Int32]

    init(_ rows: Rows) {
        self.rows = rows
        var fragments = ByteBuffer(), starts: [Int32] = [0]
        switch rows {
        case .single(let id, let name, let code):
            Self.addFragment(id: id, name: name, code: code, to: &fragments, starts: &starts)
        case .places(let ids, let names, let codes):
            starts.reserveCapacity(2 * ids.count + 1)
            for row in ids.indices { Self.addFragment(id: ids[row], name: names[row], code: codes[row], to: &fragments, starts: &starts) }
        case .cities: break
        }
        self.fragments = fragments.withUnsafeBytes { Array($0) }
        fragmentStarts = starts
        if case .cities(let cities, let kind) = rows {
            cityIDPrefix = Array(#"{"id":"\#(kind.rawValue):"#.utf8)
            (cityIDs, cityNames, cityNameStarts) = (cities.geonameIDs, cities.nameBytes, cities.nameStart)
        } else {
            (cityIDPrefix, cityIDs, cityNames, cityNameStarts) = ([], [], [], [])
        }
    }

    private static func addFragment(id: PlaceID, name: String, code: String?, to out: inout ByteBuffer, starts: inout [Int32]) {
        out.append(#"{"id":""#)
        JSONBytes.appendEscaped(id.kind.rawValue, to: &out)
        out.append(UInt8(ascii: ":"))
        JSONBytes.appendEscaped(id.code, to: &out)
        out.append(#"","name":"#)
        JSONBytes.appendQuoted(name, to: &out)
        starts.append(Int32(out.count))
        if let code { JSONBytes.appendQuoted(code, to: &out) } else { out.append("null") }
        starts.append(Int32(out.count))
    }

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

    /// The start of a link's JSON object, `{"id":"kind:code","name":"…"`, appended to `out`.
    func appendJSON<Sink: ByteSink & ~Copyable>(_ row: Int, to out: inout Sink) {
        guard cityIDPrefix.isEmpty else {
            out.append(bytes: cityIDPrefix)
            JSONBytes.appendInt(Int(cityIDs[row]), to: &out)
            out.append(#"","name":""#)
            let range = Int(cityNameStarts[row])..<Int(cityNameStarts[row + 1] - 1)
            cityNames.withUnsafeBufferPointer { JSONBytes.appendEscaped(UnsafeBufferPointer(rebasing: $0[range]), to: &out) }
            out.append(UInt8(ascii: "\""))
            return
        }
        appendFragment(from: 2 * row, to: &out)
    }

    /// The row's code as a JSON value (``code(_:)`` quoted, or `null`), appended to `out`.
    func appendCodeJSON<Sink: ByteSink & ~Copyable>(_ row: Int, to out: inout Sink) {
        guard cityIDPrefix.isEmpty else { return out.append("null") }
        appendFragment(from: 2 * row + 1, to: &out)
    }

    private func appendFragment<Sink: ByteSink & ~Copyable>(from k: Int, to out: inout Sink) {
        let range = Int(fragmentStarts[k])..<Int(fragmentStarts[k + 1])
        fragments.withUnsafeBufferPointer { out.append(bytes: UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
