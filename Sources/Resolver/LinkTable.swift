import Gazetteer
import JSONWriter
import TableCache

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
    /// The kind of every row, for a table of places all of one kind (each of the resolver's but
    /// the cities'): ``appendLevelJSON(_:to:)`` then writes a row's member whole.
    let kind: PlaceKind?
    /// For a table of places (countries, regions, airports…, a few thousand rows): each row's
    /// member key (`,"country":`, for a table of one kind), `{"id":"kind:code","name":"…"`, the
    /// key of its code (`,"iso3":`) and its code as JSON (`"FRA"`, or `null`), end to end,
    /// written once and copied into every answer that names the place. Empty for cities.
    let fragments: [UInt8]
    /// Where row r's member key starts (4r), its object (4r + 1), its code's key (4r + 2) and
    /// its code (4r + 3); row r + 1's member key, at 4r + 4, is where they end.
    let fragmentStarts: [Int32]
    /// Where a row's member ends, from its start: after its code (4) or, for a kind without
    /// one, its object (2).
    private let memberEnd: Int
    /// For cities and districts: `{"id":"city:` or `{"id":"district:`, and the columns a
    /// link's object is written from (no `String` made: a batch writes millions).
    private let cityIDPrefix: [UInt8]
    private let cityIDs: Column<Int32>
    private let cityNames: Column<UInt8>
    private let cityNameStarts: Column<Int32>

    convenience init(_ rows: Rows) {
        var fragments = ByteBuffer(), starts: [Int32] = [0]
        switch rows {
        case .single(let id, let name, let code):
            Self.addFragment(id: id, name: name, code: code, keys: Keys(id.kind), to: &fragments, starts: &starts)
        case .places(let ids, let names, let codes):
            starts.reserveCapacity(4 * ids.count + 1)
            let keys = Keys(Self.kind(of: ids))
            for row in ids.indices {
                Self.addFragment(id: ids[row], name: names[row], code: codes[row], keys: keys, to: &fragments, starts: &starts)
            }
        case .cities: break
        }
        self.init(rows, fragments: fragments.withUnsafeBytes { Array($0) }, starts: starts)
    }

    /// The kind of every row of `ids`, when they are all of one kind.
    static func kind(of ids: [PlaceID]) -> PlaceKind? {
        ids.first.map(\.kind).flatMap { first in ids.allSatisfy { $0.kind == first } ? first : nil }
    }

    /// A table with its fragments already written (``init(_:)``, or read back from the cache).
    init(_ rows: Rows, fragments: [UInt8], starts: [Int32]) {
        self.rows = rows
        let kind: PlaceKind? = switch rows {
        case .single(let id, _, _): id.kind
        case .places(let ids, _, _): Self.kind(of: ids)
        case .cities: nil
        }
        self.kind = kind
        memberEnd = kind.flatMap(Self.codeKey) == nil ? 2 : 4
        self.fragments = fragments
        fragmentStarts = starts
        if case .cities(let cities, let kind) = rows {
            cityIDPrefix = Array(#"{"id":"\#(kind.rawValue):"#.utf8)
            (cityIDs, cityNames, cityNameStarts) = (cities.geonameIDs, cities.nameBytes, cities.nameStart)
        } else {
            (cityIDPrefix, cityIDs, cityNames, cityNameStarts) = ([], [], [], [])
        }
    }

    /// The member key of a chain's level (`,"country":`) and the key of its code (`,"iso3":`;
    /// a subregion's local word, `,"type":`; nil for a level without one), as the JSON answers
    /// write them (``ChainJSON``).
    static func memberKey(_ kind: PlaceKind) -> String { ",\"\(kind.rawValue)\":" }
    static func codeKey(_ kind: PlaceKind) -> String? { (kind == .subregion ? "type" : kind.codeName).map { ",\"\($0)\":" } }

    /// The keys a table of one kind writes before each row and before its code.
    private struct Keys {
        let member: [UInt8], code: [UInt8]

        init(_ kind: PlaceKind?) {
            member = kind.map { Array(LinkTable.memberKey($0).utf8) } ?? []
            code = kind.flatMap(LinkTable.codeKey).map { Array($0.utf8) } ?? []
        }
    }

    private static func addFragment(id: PlaceID, name: String, code: String?, keys: Keys, to out: inout ByteBuffer, starts: inout [Int32]) {
        out.append(bytes: keys.member)
        starts.append(Int32(out.count))
        out.append(#"{"id":""#)
        JSONBytes.appendEscaped(id.kind.rawValue, to: &out)
        out.append(UInt8(ascii: ":"))
        JSONBytes.appendEscaped(id.code, to: &out)
        out.append(#"","name":"#)
        JSONBytes.appendQuoted(name, to: &out)
        starts.append(Int32(out.count))
        out.append(bytes: keys.code)
        starts.append(Int32(out.count))
        if let code { JSONBytes.appendQuoted(code, to: &out) } else { out.append("null") }
        starts.append(Int32(out.count))
    }

    /// How many rows the table has.
    var count: Int {
        switch rows {
        case .single: 1
        case .places(let ids, _, _): ids.count
        case .cities(let cities, _): cities.count
        }
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
        appendFragment(4 * row + 1, to: 4 * row + 2, to: &out)
    }

    /// The row's code as a JSON value (``code(_:)`` quoted, or `null`), appended to `out`.
    func appendCodeJSON<Sink: ByteSink & ~Copyable>(_ row: Int, to out: inout Sink) {
        guard cityIDPrefix.isEmpty else { return out.append("null") }
        appendFragment(4 * row + 3, to: 4 * row + 4, to: &out)
    }

    /// For a table of one ``kind``: the row as its member of an answer, without the closing
    /// brace, appended to `out` in one copy: ``memberKey(_:)``, ``appendJSON(_:to:)`` and, for a
    /// kind with a code, ``codeKey(_:)`` and ``appendCodeJSON(_:to:)``. Nothing for another table.
    func appendMemberJSON<Sink: ByteSink & ~Copyable>(_ row: Int, to out: inout Sink) {
        guard kind != nil else { return }
        appendFragment(4 * row, to: 4 * row + memberEnd, to: &out)
    }

    private func appendFragment<Sink: ByteSink & ~Copyable>(_ from: Int, to end: Int, to out: inout Sink) {
        let range = Int(fragmentStarts[from])..<Int(fragmentStarts[end])
        fragments.withUnsafeBufferPointer { out.append(bytes: UnsafeBufferPointer(rebasing: $0[range])) }
    }
}
