import Foundation
import Gazetteer
import SQLite

extension BoundaryIndex {
    /// Decodes every boundary of the gazetteer (of `table`) and builds the grid.
    public static func load(from gazetteer: Gazetteer, table: String = "boundaries") throws -> BoundaryIndex {
        let outlines = try decodeOutlines(from: gazetteer, table: table)
        return try BoundaryIndex(outlines) { try cornerStates(of: outlines) }
    }

    /// The polygons as decoded, before any grid: what the edge blocks and the corner states are
    /// both built from, so that a loader can build them on two threads.
    package struct Outlines: Sendable {
        let shapes: [BoundaryShape]
        let xs: [Int32], ys: [Int32]
        let decodeSeconds: Double
    }

    /// Decodes every boundary of the gazetteer (of `table`: `subregion_boundaries` has the
    /// same columns).
    ///
    /// A country whose regions tile it (their areas add up to the country's, to the table's
    /// rounding) is answered through its regions: its own outline would only add edges to test.
    /// Such a country keeps its ``BoundaryShape``, with no rings.
    package static func decodeOutlines(from gazetteer: Gazetteer, table: String = "boundaries") throws -> Outlines {
        let started = DispatchTime.now().uptimeNanoseconds
        var shapes: [BoundaryShape] = []
        var xs: [Int32] = [], ys: [Int32] = []
        // Each blob is decoded from SQLite's own buffer, which the next row reuses: a copy per
        // row kept until the end was 6 MB of fresh memory, and a page fault per 4 KiB of it.
        // A connection of its own, so that the gazetteer's lock is not held for the decoding.
        try gazetteer.withOwnConnection { db in try db.withMemoryMap {
            // Room for every vertex and for the vertex closing each ring (a ring has at least three):
            // growing the arrays instead copied them and faulted in twice their size. Room that
            // tiled countries, skipped below, leave unused is never touched, so costs nothing.
            let capacity = try db.prepare("SELECT sum(vertices + vertices / 3) FROM \(table)").scalarInt() ?? 0
            xs.reserveCapacity(capacity)
            ys.reserveCapacity(capacity)
            // Regions first, each half a range of the primary key: when the countries come, the
            // areas of their regions are known, and the outline of a country they tile is never
            // read. (A self-join with GROUP BY said the same in 10-18 ms, mostly temporary files.)
            var regionArea: [String: (sum: Double, count: Int)] = [:]
            for half in ["id >= 'region:'", "id < 'region:'"] {
                let s = try db.prepare("SELECT id, country, area_km2, quality, geometry FROM \(table) WHERE \(half) ORDER BY id")
                while try s.step() {
                    guard let text = s.string(0), let id = PlaceID(text) else { continue }
                    let (country, area) = (s.string(1) ?? "", s.double(2))
                    if id.kind == .region { regionArea[country, default: (0, 0)].sum += area; regionArea[country, default: (0, 0)].count += 1 }
                    // Tiled: the region areas add up to the country's, within the 0.05 km² rounding of each.
                    let tiled = id.kind == .country && regionArea[country].map { abs(area - $0.sum) <= 0.05 * Double($0.count + 1) } ?? false
                    var ringRanges: [Range<Int>] = []
                    if !tiled {
                        do {
                            ringRanges = try s.withBlob(4) { try GeometryBlob.decodeClosedRings($0, appendingTo: &xs, &ys) }
                        } catch let error as GeometryBlob.DecodingError {
                            throw GazetteerError(path: gazetteer.path, reason: "boundary \(id): \(error)")
                        }
                    }
                    shapes.append(BoundaryShape(id: id, country: country, areaKm2: area, quality: s.string(3) ?? "none", rings: ringRanges))
                }
            }
        } }
        let decodeSeconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        return Outlines(shapes: shapes, xs: xs, ys: ys, decodeSeconds: decodeSeconds)
    }
}
