import Boundaries
import Foundation
import Gazetteer
import SQLite

extension MapShape {
    /// Every shape of `kind` in the gazetteer, ordered by identifier: countries and regions from
    /// `map_shapes`, subregions from `subregion_map_shapes` (finer: 0.01°). `countries` (ISO
    /// alpha-2 codes) keeps only the shapes of those countries: the world's 3,500 subregion
    /// outlines are a megabyte, and a map of the counties needs one country's.
    ///
    /// ```swift
    /// let counties = try MapShape.load(.subregion, countries: ["US"], from: gazetteer)
    /// ```
    public static func load(_ kind: Kind, countries: [String]? = nil, from gazetteer: Gazetteer) throws -> [MapShape] {
        let only = countries == nil ? "" : " AND m.country IN (SELECT value FROM json_each(?))"
        let names = switch kind {
        case .country:
            "SELECT m.id, m.country, c.name, NULL, m.geometry, m.dots, c.lon, c.lat FROM map_shapes m JOIN countries c ON c.iso2 = m.country WHERE m.kind = 'country'\(only) ORDER BY m.id"
        case .region:
            "SELECT m.id, m.country, r.name, c.name, m.geometry, m.dots, r.lon, r.lat FROM map_shapes m JOIN regions r ON 'region:' || r.id = m.id JOIN countries c ON c.iso2 = m.country WHERE m.kind = 'region'\(only) ORDER BY m.id"
        case .subregion:
            // The subregion found by its key (the identifier less `subregion:`), not by an
            // expression over it, so each is one lookup.
            "SELECT m.id, m.country, s.name, r.name, m.geometry, m.dots, s.lon, s.lat FROM subregion_map_shapes m JOIN subregions s ON s.id = substr(m.id, 11) LEFT JOIN regions r ON r.id = s.region WHERE m.kind = 'subregion'\(only) ORDER BY m.id"
        }
        let list = try countries.map { String(decoding: try JSONSerialization.data(withJSONObject: $0.sorted()), as: UTF8.self) }
        return try gazetteer.withOwnConnection { db in
            let s = try db.prepare(names)
            if let list { try s.bind(list) }
            var shapes: [MapShape] = []
            while try s.step() {
                let id = s.string(0) ?? ""
                do {
                    let polygons = try s.withBlob(4) { try GeometryBlob.decode($0) }
                    let dots = try s.withBlob(5) { try GeometryBlob.decodePoints($0) }
                    let name = [s.string(2), s.string(3)].compactMap { $0 }.joined(separator: ", ")
                    var shape = MapShape(id: id, kind: kind, country: s.string(1) ?? "", name: name,
                                         rings: polygons.joined().map { $0.map(degrees) }, dots: dots.map(degrees))
                    if !s.isNull(6), !s.isNull(7) { shape.labelPoint = (s.double(6), s.double(7)) }
                    shapes.append(shape)
                } catch let error as GeometryBlob.DecodingError {
                    throw GazetteerError(path: gazetteer.path, reason: "map shape \(id): \(error.description)")
                }
            }
            return shapes
        }
    }

    /// The countries (ISO alpha-2 codes, sorted) that have shapes of `kind` in the gazetteer:
    /// for subregions, those with outlines of their own (the United States, France, Italy…).
    ///
    /// ```swift
    /// try MapShape.countries(with: .subregion, in: gazetteer)   // ["BE", "ES", "FR", …, "US"]
    /// ```
    public static func countries(with kind: Kind, in gazetteer: Gazetteer) throws -> [String] {
        let table = kind == .subregion ? "subregion_map_shapes" : "map_shapes"
        return try gazetteer.withOwnConnection { db in
            let s = try db.prepare("SELECT DISTINCT country FROM \(table) WHERE kind = ? ORDER BY country")
            try s.bind(kind.rawValue)
            var codes: [String] = []
            while try s.step() { codes.append(s.string(0) ?? "") }
            return codes
        }
    }

    private static func degrees(_ p: SIMD2<Int32>) -> (Double, Double) { (Double(p.x) / 100_000, Double(p.y) / 100_000) }
}
