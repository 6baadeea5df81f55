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

    /// The bytes ``write(to:id:)`` writes, appended to `out` (``ChainJSON``: the keys and
    /// punctuation as literals, each link's identifier, name and code from the resolver's
    /// tables, without a `String` made for them).
    public func append<Sink: ByteSink & ~Copyable>(to out: inout Sink, id: JSONValue? = nil) {
        var quality: [UInt8] = [], zone: [UInt8] = []
        JSONBytes.appendQuoted(boundaryQuality ?? "", to: &quality)
        JSONBytes.appendQuoted(timeZone, to: &zone)
        quality.withUnsafeBufferPointer { quality in
            zone.withUnsafeBufferPointer { zone in
                ChainJSON(coordinate: coordinate, waters: waters, places: places.map { ChainJSON.Link($1) },
                          nearestPlace: nearestPlace.map(ChainJSON.Link.init), subregionBasis: subregionBasis, borderKm: borderKm,
                          boundaryQuality: boundaryQuality == nil ? nil : quality, nearestCityElsewhere: nearestCityElsewhere,
                          timeZone: zone).append(to: &out, id: id)
            }
        }
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
