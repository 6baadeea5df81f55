import JSONWriter

extension TrackExport {
    /// GeoJSON (RFC 7946): a `FeatureCollection` of one Feature per local date with points (a
    /// `LineString`, or a `Point` for a day of one photo), properties `kind` `day`, `date` and
    /// `photos`, then one `Point` Feature per city visited (``cities``), properties `kind`
    /// `city`, `id`, `name`, `country` (its name, null when unknown) and `days`. Positions are
    /// `[longitude, latitude]`, 7 decimals (1 at city precision), no altitude; no `crs`.
    ///
    /// ```json
    /// {"type":"FeatureCollection","features":[
    /// {"type":"Feature","geometry":{"type":"LineString","coordinates":[[139.6503,35.6762],[135.7681,35.0116]]},"properties":{"kind":"day","date":"2024-04-07","photos":2}},
    /// {"type":"Feature","geometry":{"type":"Point","coordinates":[139.6503,35.6762]},"properties":{"kind":"city","id":"city:1850147","name":"Tokyo","country":"Japan","days":4}}
    /// ]}
    /// ```
    ///
    /// One Feature a line, its keys in a fixed order: the same log gives the same bytes.
    var geoJSONHead: [UInt8] { Array(#"{"type":"FeatureCollection","features":["#.utf8) }

    /// The Feature of one day's points (``points(_:)``), on a line of its own.
    func geoJSONDay(_ date: String, _ points: [Point], first: Bool) -> [UInt8] {
        let positions = points.map { position($0.latitude, $0.longitude) }
        let geometry: JSONValue = positions.count == 1
            ? .object([("type", "Point"), ("coordinates", positions[0])])
            : .object([("type", "LineString"), ("coordinates", .array(positions))])
        return Self.line(Self.feature(geometry, [("kind", "day"), ("date", .string(date)), ("photos", .int(points.count))]), first: first)
    }

    /// The city Features, then the end of the collection, `days` day Features written before.
    func geoJSONTail(after days: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        for (i, city) in cities.enumerated() {
            let geometry: JSONValue = .object([("type", "Point"), ("coordinates", position(city.latitude, city.longitude))])
            bytes += Self.line(Self.feature(geometry, [("kind", "city"), ("id", .string(city.place.id)), ("name", .string(city.place.name)),
                                                       ("country", .optional(city.country?.name)), ("days", .int(city.days))]),
                               first: days == 0 && i == 0)
        }
        bytes += Array((days == 0 && cities.isEmpty ? "]}\n" : "\n]}\n").utf8)
        return bytes
    }

    /// A Feature of the array: after its separator, on a line of its own.
    private static func line(_ feature: JSONValue, first: Bool) -> [UInt8] {
        var bytes = Array((first ? "\n" : ",\n").utf8)
        feature.render(into: &bytes)
        return bytes
    }

    /// `[longitude, latitude]` at the track's precision.
    private func position(_ latitude: Double, _ longitude: Double) -> JSONValue {
        .array([TravelRecord.coordinate(longitude, precision.coordinates), TravelRecord.coordinate(latitude, precision.coordinates)])
    }

    private static func feature(_ geometry: JSONValue, _ properties: [(String, JSONValue)]) -> JSONValue {
        .object([("type", "Feature"), ("geometry", geometry), ("properties", .object(properties))])
    }
}
