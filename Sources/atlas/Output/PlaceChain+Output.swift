import Foundation
import Gazetteer
import Resolver

extension PlaceChain {
    /// Aligned lines for people.
    func text() -> String {
        var rows: [(String, String)] = [("coordinate", String(format: "%.6f, %.6f", coordinate.latitude, coordinate.longitude)),
                                        ("waters", waters.rawValue)]
        func add(_ label: String, _ l: Link?, note: String? = nil) {
            guard let l else { return }
            var text = "\(l.name)  \(l.id)"
            if let code = l.code { text += "  \(code)" }
            if let note { text += "  (\(note))" }
            if let km = l.distanceKm { text += String(format: "  %.1f km", km) }
            rows.append((label, text))
        }
        for kind in PlaceKind.levels {
            add(kind.rawValue, places[kind], note: kind == .subregion ? subregionBasis.map { "by \($0)" } : nil)
            if kind == .city, let near = nearestPlace {
                rows.append(("city", String(format: "none within %.0f km (near %@, %.1f km)", Resolver.cityReachKm, near.name, near.distanceKm ?? 0)))
            }
        }
        rows.append(("time zone", timeZone))
        if let borderKm { rows.append(("border", String(format: "%.2f km away", borderKm))) }
        if let boundaryQuality { rows.append(("boundary", boundaryQuality)) }
        if nearestCityElsewhere { rows.append(("note", "the nearest city lies across a border")) }
        return rows.map { $0.0.padding(toLength: 11, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
    }
}
