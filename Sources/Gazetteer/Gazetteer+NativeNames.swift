import Foundation
import SQLite

extension Gazetteer {
    /// The native names of `regions` whose display name is their English one, by identifier:
    /// `region:DE.02` → `Bayern`. Regions without one, and identifiers of other kinds, are absent.
    ///
    /// ```swift
    /// try gazetteer.nativeNames(of: [PlaceID(.region, "DE.02")])   // [region:DE.02: "Bayern"]
    /// ```
    public func nativeNames(of regions: [PlaceID]) throws -> [PlaceID: String] {
        let codes = regions.filter { $0.kind == .region }.map(\.code)
        guard !codes.isEmpty else { return [:] }
        let list = JSONList(codes).text
        return try withDatabase { db in
            let s = try db.prepare("SELECT id, native_name FROM regions WHERE id IN (SELECT value FROM json_each(?1)) AND native_name IS NOT NULL")
                .bind(list)
            var out: [PlaceID: String] = [:]
            while try s.step() { if let id = s.string(0), let name = s.string(1) { out[PlaceID(.region, id)] = name } }
            return out
        }
    }
}
