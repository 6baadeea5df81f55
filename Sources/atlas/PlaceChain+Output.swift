import Foundation
import JSONWriter
import Resolver

extension PlaceChain {
    /// The JSON shape documented in README ("Resolving coordinates"), written straight into
    /// `json` (a batch writes hundreds of thousands of these).
    func write(to json: inout JSONStream, id: JSONValue?) {
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
        json.key(literal: "border_km"); json.number(borderKm, digits: 3)
        json.key(literal: "boundary_quality"); json.string(boundaryQuality)
        json.key(literal: "nearest_city_elsewhere"); json.bool(nearestCityElsewhere)
        json.endObject()
    }

    /// Aligned lines for people.
    func text() -> String {
        var rows: [(String, String)] = [("coordinate", String(format: "%.6f, %.6f", coordinate.latitude, coordinate.longitude)),
                                        ("waters", waters.rawValue)]
        func add(_ label: String, _ l: Link?) {
            guard let l else { return }
            var text = "\(l.name)  \(l.id)"
            if let code = l.code { text += "  \(code)" }
            if let km = l.distanceKm { text += String(format: "  %.1f km", km) }
            rows.append((label, text))
        }
        add("continent", continent)
        add("country", country)
        add("region", region)
        add("city", city)
        add("district", district)
        add("airport", airport)
        if let borderKm { rows.append(("border", String(format: "%.2f km away", borderKm))) }
        if let boundaryQuality { rows.append(("boundary", boundaryQuality)) }
        if nearestCityElsewhere { rows.append(("note", "the nearest city lies across a border")) }
        return rows.map { $0.0.padding(toLength: 11, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
    }
}
