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

    /// Each kind's `,"city":` and the key of its code (`,"iso3":`; a subregion's local word,
    /// `,"type":`), written once: a batch writes them for every line.
    private static let linkKeys: [(kind: [UInt8], code: [UInt8]?)] = PlaceKind.levels.map { kind in
        (Array(",\"\(kind.rawValue)\":".utf8), (kind == .subregion ? "type" : kind.codeName).map { Array(",\"\($0)\":".utf8) })
    }

    /// The bytes ``write(to:id:)`` writes, appended to `out`: the keys and punctuation as
    /// literals, each link's identifier and name from the resolver's tables without a `String`
    /// made for them (``LinkTable/appendJSON(_:to:)``).
    public func append(to out: inout [UInt8], id: JSONValue? = nil) {
        func literal(_ text: StaticString) { text.withUTF8Buffer { out.append(contentsOf: $0) } }
        func number(_ value: Double?, digits: Int) {
            if let value, value.isFinite { JSONBytes.appendFixed(value, digits: digits, to: &out) } else { literal("null") }
        }
        func link(_ l: Link?, code: [UInt8]? = nil, distance: Bool = false, basis: String? = nil) {
            guard let l else { return literal("null") }
            l.table.appendJSON(Int(l.row), to: &out)
            if let code {
                out.append(contentsOf: code)
                if let value = l.code { JSONBytes.appendQuoted(value, to: &out) } else { literal("null") }
            }
            if let basis {
                literal(#","basis":"#)
                JSONBytes.appendQuoted(basis, to: &out)
            }
            if distance {
                literal(#","distance_km":"#)
                number(l.distanceKm, digits: 3)
            }
            out.append(UInt8(ascii: "}"))
        }
        switch id {
        case nil: literal("{")
        case .string(let s)?: literal(#"{"id":"#); JSONBytes.appendQuoted(s, to: &out); out.append(UInt8(ascii: ","))
        case .numberText(let text)?: literal(#"{"id":"#); out.append(contentsOf: text.utf8); out.append(UInt8(ascii: ","))
        case let other?:
            var stream = JSONStream()
            stream.value(other)
            literal(#"{"id":"#); out.append(contentsOf: stream.bytes); out.append(UInt8(ascii: ","))
        }
        literal(#""lat":"#); number(coordinate.latitude, digits: 7)
        literal(#","lon":"#); number(coordinate.longitude, digits: 7)
        literal(#","waters":"#); JSONBytes.appendQuoted(waters.rawValue, to: &out)
        for (kind, keys) in zip(PlaceKind.levels, Self.linkKeys) {
            out.append(contentsOf: keys.kind)
            // A subregion says its local word for the level and how it was found.
            link(places[kind], code: keys.code, distance: kind.isFoundByNearness, basis: kind == .subregion ? subregionBasis : nil)
        }
        literal(#","nearest_place":"#)
        link(nearestPlace, distance: true)
        literal(#","border_km":"#); number(borderKm, digits: 3)
        literal(#","boundary_quality":"#)
        if let boundaryQuality { JSONBytes.appendQuoted(boundaryQuality, to: &out) } else { literal("null") }
        literal(#","nearest_city_elsewhere":"#); nearestCityElsewhere ? literal("true") : literal("false")
        literal(#","time_zone":"#); JSONBytes.appendQuoted(timeZone, to: &out)
        literal("}")
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
