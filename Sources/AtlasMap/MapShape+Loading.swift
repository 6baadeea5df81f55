import Boundaries
import Gazetteer
import SQLite

extension MapShape {
    /// Every shape of `kind` in the gazetteer's `map_shapes` table, ordered by identifier.
    public static func load(_ kind: Kind, from gazetteer: Gazetteer) throws -> [MapShape] {
        let names = kind == .country
            ? "SELECT m.id, m.country, c.name, NULL, m.geometry, m.dots, c.lon, c.lat FROM map_shapes m JOIN countries c ON c.iso2 = m.country WHERE m.kind = 'country' ORDER BY m.id"
            : "SELECT m.id, m.country, r.name, c.name, m.geometry, m.dots, r.lon, r.lat FROM map_shapes m JOIN regions r ON 'region:' || r.id = m.id JOIN countries c ON c.iso2 = m.country WHERE m.kind = 'region' ORDER BY m.id"
        return try gazetteer.withOwnConnection { db in
            let s = try db.prepare(names)
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

    private static func degrees(_ p: SIMD2<Int32>) -> (Double, Double) { (Double(p.x) / 100_000, Double(p.y) / 100_000) }
}
