import Foundation
import Gazetteer
import SQLite

extension BoundaryIndex {
    /// Decodes every boundary of the gazetteer and builds the grid.
    public static func load(from gazetteer: Gazetteer) throws -> BoundaryIndex {
        let outlines = try decodeOutlines(from: gazetteer)
        return BoundaryIndex(outlines) { cornerStates(of: outlines) }
    }

    /// The polygons as decoded, before any grid: what the edge blocks and the corner states are
    /// both built from, so that a loader can build them on two threads.
    package struct Outlines: Sendable {
        let shapes: [BoundaryShape]
        let xs: [Int32], ys: [Int32]
        let decodeSeconds: Double
    }

    /// Decodes every boundary of the gazetteer.
    ///
    /// A country whose regions tile it (their areas add up to the country's, to the table's
    /// rounding) is answered through its regions: its own outline would only add edges to test.
    /// Such a country keeps its ``BoundaryShape``, with no rings.
    package static func decodeOutlines(from gazetteer: Gazetteer) throws -> Outlines {
        let started = DispatchTime.now().uptimeNanoseconds
        // Copy the rows out under the gazetteer's lock, then decode without holding it, so the
        // resolver's other loading thread is not kept waiting.
        var rows: [(id: PlaceID, country: String, area: Double, quality: String, geometry: [UInt8]?)] = []
        var capacity = 0
        try gazetteer.withDatabase { db in
            let tiled = try Set(countriesTiledByRegions(db))
            capacity = try db.prepare("SELECT sum(vertices + 1) FROM boundaries").scalarInt() ?? 0
            let s = try db.prepare("SELECT id, country, area_km2, quality, geometry FROM boundaries ORDER BY id")
            while try s.step() {
                guard let text = s.string(0), let id = PlaceID(text) else { continue }
                let skip = id.kind == .country && tiled.contains(id.code)
                rows.append((id, s.string(1) ?? "", s.double(2), s.string(3) ?? "none", skip ? nil : s.blob(4)))
            }
        }
        var shapes: [BoundaryShape] = []
        var xs: [Int32] = [], ys: [Int32] = []
        xs.reserveCapacity(capacity)
        ys.reserveCapacity(capacity)
        for row in rows {
            var ringRanges: [Range<Int>] = []
            if let geometry = row.geometry {
                do {
                    try geometry.withUnsafeBytes { bytes in
                        try GeometryBlob.decode(bytes, appendingTo: &xs, &ys) { _, ring, xs, ys in
                            // Close the ring so that edge i is always vertex i to vertex i + 1.
                            xs.append(xs[ring.lowerBound])
                            ys.append(ys[ring.lowerBound])
                            ringRanges.append(ring.lowerBound..<xs.count)
                        }
                    }
                } catch {
                    throw GazetteerError(path: gazetteer.path, reason: "boundary \(row.id): \(error)")
                }
            }
            shapes.append(BoundaryShape(id: row.id, country: row.country, areaKm2: row.area, quality: row.quality, rings: ringRanges))
        }
        let decodeSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return Outlines(shapes: shapes, xs: xs, ys: ys, decodeSeconds: decodeSeconds)
    }

    /// Countries whose region areas sum to their own, within the 0.05 km² rounding of each.
    private static func countriesTiledByRegions(_ db: Database) throws -> [String] {
        let s = try db.prepare("""
            SELECT c.country FROM boundaries c
            JOIN (SELECT country, sum(area_km2) AS area, count(*) AS n FROM boundaries WHERE kind = 'region' GROUP BY country) r
              ON r.country = c.country
            WHERE c.kind = 'country' AND abs(c.area_km2 - r.area) <= 0.05 * (r.n + 1)
            """)
        var out: [String] = []
        while try s.step() { out.append(s.string(0) ?? "") }
        return out
    }
}
