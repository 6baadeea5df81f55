import JSONWriter

extension PlaceChain {
    /// Writes the chain as one JSON object into `json`, as `atlas resolve --json` and each line of
    /// `atlas resolve --batch` print it: `id` (when given), `lat`, `lon` (7 decimals), `waters`,
    /// `continent` `{id,name}`, `country` `{id,name,iso3}`, `region` `{id,name,iso}`, `city` and
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
    /// //  "city":{"id":"city:5651400","name":"Fairview","distance_km":6.373},"district":null,"airport":null,"nearest_place":null,
    /// //  "border_km":1.026,"boundary_quality":"natural-earth-lines","nearest_city_elsewhere":false,
    /// //  "time_zone":"America/Denver"}
    /// ```
    ///
    /// Written straight into the stream's bytes, with no intermediate values: a batch writes
    /// hundreds of thousands of these. Several streams may be written on several threads.
    public func write(to json: inout JSONStream, id: JSONValue? = nil) {
        func link(_ key: StaticString, _ l: Link?, code: StaticString? = nil, distance: Bool = false) {
            json.key(literal: key)
            guard let l else { return json.null() }
            json.beginObject()
            json.key(literal: "id"); json.string(l.id.description)
            json.key(literal: "name"); json.string(l.name)
            if let code { json.key(literal: code); json.string(l.code) }
            if distance { json.key(literal: "distance_km"); json.number(l.distanceKm, digits: 3) }
            json.endObject()
        }
        json.beginObject()
        if let id { json.key(literal: "id"); json.value(id) }
        json.key(literal: "lat"); json.number(coordinate.latitude, digits: 7)
        json.key(literal: "lon"); json.number(coordinate.longitude, digits: 7)
        json.key(literal: "waters"); json.string(waters.rawValue)
        link("continent", continent)
        link("country", country, code: "iso3")
        link("region", region, code: "iso")
        link("city", city, distance: true)
        link("district", district, distance: true)
        link("airport", airport, code: "icao", distance: true)
        link("nearest_place", nearestPlace, distance: true)
        json.key(literal: "border_km"); json.number(borderKm, digits: 3)
        json.key(literal: "boundary_quality"); json.string(boundaryQuality)
        json.key(literal: "nearest_city_elsewhere"); json.bool(nearestCityElsewhere)
        json.key(literal: "time_zone"); json.string(timeZone)
        json.endObject()
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
