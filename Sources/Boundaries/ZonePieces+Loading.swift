import Gazetteer
import SQLite

extension ZonePieces {
    /// Reads the gazetteer's `time_zone_pieces`.
    public static func load(from gazetteer: Gazetteer) throws -> ZonePieces {
        var input: [(zone: String, owner: String, areaKm2: Double, rings: [Range<Int>])] = []
        var xs: [Int32] = [], ys: [Int32] = []
        try gazetteer.withOwnConnection { db in
            let s = try db.prepare("SELECT zone, owner, area_km2, geometry FROM time_zone_pieces ORDER BY id")
            while try s.step() {
                guard let zone = s.string(0), let owner = s.string(1) else { continue }
                let rings: [Range<Int>]
                do {
                    rings = try s.withBlob(3) { try GeometryBlob.decodeClosedRings($0, appendingTo: &xs, &ys) }
                } catch let error as GeometryBlob.DecodingError {
                    throw GazetteerError(path: gazetteer.path, reason: "time zone piece \(zone) of \(owner): \(error)")
                }
                input.append((zone, owner, s.double(2), rings))
            }
        }
        return ZonePieces(pieces: input, xs: xs, ys: ys)
    }
}
