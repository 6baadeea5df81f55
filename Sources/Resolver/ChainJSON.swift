import Gazetteer
import JSONWriter

/// One answer's JSON line as ``PlaceChain/append(to:id:)`` writes it (the keys, their order and
/// the numbers are documented there), from fields borrowed from whoever holds them: a chain's
/// links and strings, or a ``Resolution``'s rows and the resolver's tables
/// (``Resolver/append(_:id:to:_:)``). One writer for both, so both give the same bytes.
///
/// ```swift
/// ChainJSON(coordinate: c, waters: .land, places: places, nearestPlace: nil, subregionBasis: nil, borderKm: nil,
///           boundaryQuality: nil, nearestCityElsewhere: false, timeZone: zone).append(to: &out, id: nil)
/// ```
///
/// Holds no reference it counts: valid while the tables and bytes it points into are.
struct ChainJSON {
    /// A link as a row of its table, the table not retained: retaining a table both cores
    /// read, several times a line, was a cache line bouncing between them. (An `unowned(unsafe)`
    /// reference is retained for each call made through it; an unmanaged one is not.)
    struct Link {
        let table: Unmanaged<LinkTable>
        let row: Int32
        let distanceKm: Double?

        init(table: LinkTable, row: Int32, distanceKm: Double?) {
            (self.table, self.row, self.distanceKm) = (.passUnretained(table), row, distanceKm)
        }

        init(_ link: PlaceChain.Link) { self.init(table: link.table, row: link.row, distanceKm: link.distanceKm) }
    }

    let coordinate: GeoCoordinate
    let waters: Waters
    let places: PlaceLineage<Link>
    let nearestPlace: Link?
    let subregionBasis: String?
    let borderKm: Double?
    /// A JSON string: quoted and escaped (``JSONBytes/appendQuoted(_:to:)``), as
    /// ``TextTable/json(_:)`` keeps it.
    let boundaryQuality: UnsafeBufferPointer<UInt8>?
    let nearestCityElsewhere: Bool
    /// A JSON string, as `boundaryQuality`.
    let timeZone: UnsafeBufferPointer<UInt8>
    /// The latitude and longitude as they print, when the caller has them (``CoordinateText``).
    var numbers: (UnsafeBufferPointer<UInt8>, UnsafeBufferPointer<UInt8>)? = nil

    /// Each level's `,"city":` and the key of its code (`,"iso3":`; a subregion's local word,
    /// `,"type":`; empty for none), end to end: written once, and in one array, which a line
    /// retains once rather than once a key (a batch writes them for every line).
    nonisolated(unsafe) private static let levelKeys: UnsafeBufferPointer<UInt8> = permanent(PlaceKind.levels.flatMap { kind in
        Array(LinkTable.memberKey(kind).utf8) + (LinkTable.codeKey(kind).map { Array($0.utf8) } ?? [])
    })
    private static let nearestPlaceKey: StaticString = #","nearest_place":"#
    /// The levels (``PlaceKind/levels``), read without a reference count as the keys are.
    nonisolated(unsafe) private static let levels: UnsafeBufferPointer<PlaceKind> = permanent(PlaceKind.levels)
    /// Where each level's keys start in ``levelKeys``: its key at 2i, its code's key at 2i + 1.
    nonisolated(unsafe) private static let levelKeyStarts: UnsafeBufferPointer<Int> = permanent(PlaceKind.levels.reduce(into: [0]) { starts, kind in
        starts.append(starts.last! + LinkTable.memberKey(kind).utf8.count)
        starts.append(starts.last! + (LinkTable.codeKey(kind).map { $0.utf8.count } ?? 0))
    })

    /// A copy of `values` that lives as long as the program, and is read without a reference
    /// count: an array in a static was retained and released at every line, an atomic on a
    /// cache line that both answering cores wrote. Never written after it is made, hence the
    /// `nonisolated(unsafe)` of the statics that hold one.
    private static func permanent<T>(_ values: [T]) -> UnsafeBufferPointer<T> {
        let copy = UnsafeMutableBufferPointer<T>.allocate(capacity: values.count)
        _ = copy.initialize(from: values)
        return UnsafeBufferPointer(copy)
    }

    /// The line, appended to `out`: the keys and punctuation as literals, each link's
    /// identifier, name and code from its table, written there once
    /// (``LinkTable/appendJSON(_:to:)``).
    func append<Sink: ByteSink & ~Copyable>(to out: inout Sink, id: JSONValue?) {
        func number(_ value: Double?, digits: Int) {
            if let value, value.isFinite { JSONBytes.appendFixed(value, digits: digits, to: &out) } else { out.append("null") }
        }
        func link(_ l: Link?, key: UnsafeBufferPointer<UInt8>, level: PlaceKind? = nil, code: UnsafeBufferPointer<UInt8>? = nil,
                  distance: Bool = false, basis: String? = nil) {
            guard let l else {
                out.append(bytes: key)
                return out.append("null")
            }
            l.table._withUnsafeGuaranteedRef { table in
                // A table of the level's kind holds the member whole: one copy.
                if let level, table.kind == level { return table.appendMemberJSON(Int(l.row), to: &out) }
                out.append(bytes: key)
                table.appendJSON(Int(l.row), to: &out)
                if let code {
                    out.append(bytes: code)
                    table.appendCodeJSON(Int(l.row), to: &out)
                }
            }
            if let basis {
                out.append(#","basis":"#)
                JSONBytes.appendQuoted(basis, to: &out)
            }
            if distance {
                out.append(#","distance_km":"#)
                number(l.distanceKm, digits: 3)
            }
            out.append(UInt8(ascii: "}"))
        }
        switch id {
        case nil: out.append("{")
        case .null?: out.append(#"{"id":null,"#)
        case .string(let s)?: out.append(#"{"id":"#); JSONBytes.appendQuoted(s, to: &out); out.append(UInt8(ascii: ","))
        case .numberText(let text)?:
            out.append(#"{"id":"#)
            var text = text
            text.withUTF8 { out.append(bytes: $0) }
            out.append(UInt8(ascii: ","))
        case let other?:
            var rendered: [UInt8] = []
            other.render(into: &rendered)
            out.append(#"{"id":"#); out.append(bytes: rendered); out.append(UInt8(ascii: ","))
        }
        if let numbers {
            out.append(#""lat":"#); out.append(bytes: numbers.0)
            out.append(#","lon":"#); out.append(bytes: numbers.1)
        } else {
            out.append(#""lat":"#); number(coordinate.latitude, digits: 7)
            out.append(#","lon":"#); number(coordinate.longitude, digits: 7)
        }
        switch waters {
        case .land: out.append(#","waters":"land""#)
        case .territorial: out.append(#","waters":"territorial""#)
        case .international: out.append(#","waters":"international""#)
        }
        let (starts, keys) = (Self.levelKeyStarts, Self.levelKeys)
        for (i, kind) in Self.levels.enumerated() {
            let key = UnsafeBufferPointer(rebasing: keys[starts[2 * i]..<starts[2 * i + 1]])
            let code = UnsafeBufferPointer(rebasing: keys[starts[2 * i + 1]..<starts[2 * i + 2]])
            // A subregion says its local word for the level and how it was found.
            link(places[kind], key: key, level: kind, code: code.isEmpty ? nil : code, distance: kind.isFoundByNearness,
                 basis: kind == .subregion ? subregionBasis : nil)
        }
        link(nearestPlace, key: UnsafeBufferPointer(start: Self.nearestPlaceKey.utf8Start, count: Self.nearestPlaceKey.utf8CodeUnitCount),
             distance: true)
        out.append(#","border_km":"#); number(borderKm, digits: 3)
        out.append(#","boundary_quality":"#)
        if let boundaryQuality { out.append(bytes: boundaryQuality) } else { out.append("null") }
        out.append(#","nearest_city_elsewhere":"#); out.append(nearestCityElsewhere ? "true" : "false")
        out.append(#","time_zone":"#); out.append(bytes: timeZone)
        out.append("}")
    }
}
