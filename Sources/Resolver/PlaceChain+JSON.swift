import Gazetteer
import JSONWriter

extension PlaceChain {
    /// Writes the chain as one JSON object into `json`, as `atlas resolve --json` and each line of
    /// `atlas resolve --batch` print it: `id` (when given), `lat`, `lon` (7 decimals), `waters`,
    /// `continent` `{id,name}`, `country` `{id,name,iso3}`, `region` `{id,name,iso}`, `subregion`
    /// `{id,name,type,basis}` (`type` the local word, `County`; `basis` `polygon` or `city`), `city` and
    /// `district` `{id,name,distance_km}`, `airport` `{id,name,icao,distance_km}`, `nearest_place`
    /// `{id,name,distance_km}` (the nearest place when beyond the cities' reach; each null when absent), `border_km` (3 decimals, or null), `boundary_quality`, `nearest_city_elsewhere`, `time_zone`.
    /// Keys in that order, numbers as numbers: the same chain gives the same bytes.
    ///
    /// ```swift
    /// var json = JSONStream()
    /// try resolver.resolve(GeoCoordinate(latitude: 47.8, longitude: -104.06)).write(to: &json, id: .string("a"))
    /// String(decoding: json.bytes, as: UTF8.self)
    /// // {"id":"a","lat":47.8,"lon":-104.06,"waters":"land","continent":{"id":"continent:NA","name":"North America"},
    /// //  "country":{"id":"country:US","name":"United States","iso3":"USA"},"region":{…,"iso":"US-MT"},
    /// //  "subregion":{"id":"subregion:US.MT.083","name":"Richland County","type":"County","basis":"polygon"},
    /// //  "city":{"id":"city:5651400","name":"Fairview","distance_km":6.373},"district":null,"airport":null,"nearest_place":null,
    /// //  "border_km":1.026,"boundary_quality":"natural-earth-lines","nearest_city_elsewhere":false,
    /// //  "time_zone":"America/Denver"}
    /// ```
    ///
    /// Written straight into the stream's bytes (``append(to:id:)``), with no intermediate
    /// values: a batch writes hundreds of thousands of these. Several streams may be written on
    /// several threads.
    public func write(to json: inout JSONStream, id: JSONValue? = nil) {
        json.raw { append(to: &$0, id: id) }
    }

    /// Each level's `,"city":` and the key of its code (`,"iso3":`; a subregion's local word,
    /// `,"type":`; empty for none), end to end: written once, and in one array, which a line
    /// retains once rather than once a key (a batch writes them for every line).
    private static let levelKeys: [UInt8] = PlaceKind.levels.flatMap { kind in
        Array(",\"\(kind.rawValue)\":".utf8) + ((kind == .subregion ? "type" : kind.codeName).map { Array(",\"\($0)\":".utf8) } ?? [])
    }
    /// Where each level's keys start in ``levelKeys``: its key at 2i, its code's key at 2i + 1.
    private static let levelKeyStarts: [Int] = PlaceKind.levels.reduce(into: [0]) { starts, kind in
        starts.append(starts.last! + ",\"\(kind.rawValue)\":".utf8.count)
        starts.append(starts.last! + ((kind == .subregion ? "type" : kind.codeName).map { ",\"\($0)\":".utf8.count } ?? 0))
    }

    /// The bytes ``write(to:id:)`` writes, appended to `out`: the keys and punctuation as
    /// literals, each link's identifier, name and code from the resolver's tables, written
    /// there once (``LinkTable/appendJSON(_:to:)``), without a `String` made for them.
    public func append<Sink: ByteSink & ~Copyable>(to out: inout Sink, id: JSONValue? = nil) {
        func number(_ value: Double?, digits: Int) {
            if let value, value.isFinite { JSONBytes.appendFixed(value, digits: digits, to: &out) } else { out.append("null") }
        }
        func link(_ l: Link?, code: UnsafeBufferPointer<UInt8>? = nil, distance: Bool = false, basis: String? = nil) {
            guard let l else { return out.append("null") }
            l.table.appendJSON(Int(l.row), to: &out)
            if let code {
                out.append(bytes: code)
                l.table.appendCodeJSON(Int(l.row), to: &out)
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
        out.append(#""lat":"#); number(coordinate.latitude, digits: 7)
        out.append(#","lon":"#); number(coordinate.longitude, digits: 7)
        out.append(#","waters":"#); JSONBytes.appendQuoted(waters.rawValue, to: &out)
        let starts = Self.levelKeyStarts
        Self.levelKeys.withUnsafeBufferPointer { keys in
            for (i, kind) in PlaceKind.levels.enumerated() {
                out.append(bytes: UnsafeBufferPointer(rebasing: keys[starts[2 * i]..<starts[2 * i + 1]]))
                let code = UnsafeBufferPointer(rebasing: keys[starts[2 * i + 1]..<starts[2 * i + 2]])
                // A subregion says its local word for the level and how it was found.
                link(places[kind], code: code.isEmpty ? nil : code, distance: kind.isFoundByNearness,
                     basis: kind == .subregion ? subregionBasis : nil)
            }
        }
        out.append(#","nearest_place":"#)
        link(nearestPlace, distance: true)
        out.append(#","border_km":"#); number(borderKm, digits: 3)
        out.append(#","boundary_quality":"#)
        if let boundaryQuality { JSONBytes.appendQuoted(boundaryQuality, to: &out) } else { out.append("null") }
        out.append(#","nearest_city_elsewhere":"#); out.append(nearestCityElsewhere ? "true" : "false")
        out.append(#","time_zone":"#); JSONBytes.appendQuoted(timeZone, to: &out)
        out.append("}")
    }

    /// The chain as one line of JSON text, as ``write(to:id:)`` writes it.
    ///
    /// ```swift
    /// print(try resolver.resolve(GeoCoordinate(latitude: 35.0116, longitude: 135.7681)).json())
    /// ```
    public func json(id: JSONValue? = nil) -> String {
        var stream = JSONStream()
        write(to: &stream, id: id)
        return String(decoding: stream.bytes, as: UTF8.self)
    }
}
