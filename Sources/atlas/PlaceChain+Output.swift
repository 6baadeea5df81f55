import Foundation
import JSONWriter
import Resolver

extension PlaceChain {
    /// The JSON shape documented in README ("Resolving coordinates").
    func json(id: JSONValue?) -> JSONValue {
        func link(_ l: Link?, code: String?, distance: Bool) -> JSONValue {
            guard let l else { return .null }
            var pairs: [(String, JSONValue)] = [("id", .string(l.id.description)), ("name", .string(l.name))]
            if let code { pairs.append((code, .optional(l.code))) }
            if distance { pairs.append(("distance_km", .number(l.distanceKm, digits: 3))) }
            return .object(pairs)
        }
        var pairs: [(String, JSONValue)] = []
        if let id { pairs.append(("id", id)) }
        pairs += [
            ("lat", .number(coordinate.latitude, digits: 7)),
            ("lon", .number(coordinate.longitude, digits: 7)),
            ("waters", .string(waters.rawValue)),
            ("continent", link(continent, code: nil, distance: false)),
            ("country", link(country, code: "iso3", distance: false)),
            ("region", link(region, code: "iso", distance: false)),
            ("city", link(city, code: nil, distance: true)),
            ("district", link(district, code: nil, distance: true)),
            ("airport", link(airport, code: "icao", distance: true)),
            ("border_km", .number(borderKm, digits: 3)),
            ("boundary_quality", .optional(boundaryQuality)),
            ("nearest_city_elsewhere", .bool(nearestCityElsewhere)),
        ]
        return .object(pairs)
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
