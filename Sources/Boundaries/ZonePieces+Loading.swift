import Gazetteer
import SQLite

extension ZonePieces {
    /// Reads the gazetteer's `time_zone_pieces`: the parts of regions (and region-less
    /// countries) in another zone than their own, each owned by its region or country.
    public static func load(from gazetteer: Gazetteer) throws -> ZonePieces {
        try load(from: gazetteer, table: "time_zone_pieces", zone: "zone", owner: "owner", what: "time zone piece")
    }

    /// Reads the gazetteer's `time_zones`: each land zone whole, territorial sea included, owned
    /// by its country's code (`tzdata`'s zone.tab).
    public static func loadZones(from gazetteer: Gazetteer) throws -> ZonePieces {
        try load(from: gazetteer, table: "time_zones", zone: "id", owner: "country", what: "time zone")
    }

    private static func load(from gazetteer: Gazetteer, table: String, zone: String, owner: String, what: String) throws -> ZonePieces {
        var input: [(zone: String, owner: String, areaKm2: Double, rings: [Range<Int>])] = []
        var xs: [Int32] = [], ys: [Int32] = []
        try gazetteer.withOwnConnection { db in
            // Room for every vertex and each ring's closing one (a ring has three at least), so
            // that the arrays are not copied as they grow.
            let capacity = try db.prepare("SELECT sum(vertices + vertices / 3) FROM \(table)").scalarInt() ?? 0
            xs.reserveCapacity(capacity)
            ys.reserveCapacity(capacity)
            let s = try db.prepare("SELECT \(zone), \(owner), area_km2, geometry FROM \(table) ORDER BY id")
            while try s.step() {
                guard let zone = s.string(0), let owner = s.string(1) else { continue }
                let rings: [Range<Int>]
                do {
                    rings = try s.withBlob(3) { try GeometryBlob.decodeClosedRings($0, appendingTo: &xs, &ys) }
                } catch let error as GeometryBlob.DecodingError {
                    throw GazetteerError(path: gazetteer.path, reason: "\(what) \(zone) of \(owner): \(error)")
                }
                input.append((zone, owner, s.double(2), rings))
            }
        }
        return ZonePieces(pieces: input, xs: xs, ys: ys)
    }
}
