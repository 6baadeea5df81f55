import Foundation
import SQLite

extension Gazetteer {
    /// Of `cities`, the ones whose name (folded: case and accents aside) another city of the
    /// gazetteer also has with a larger population: Aberdeen, Washington (16,000) and Aberdeen,
    /// South Dakota beside Aberdeen, Scotland (199,000); Paris, Texas; Portland, Maine beside
    /// Portland, Oregon. A name alone reads as the better-known place, so a title that names one
    /// of these names its region too. Districts do not count (Aberdeen, Hong Kong is a district);
    /// identifiers that are no city of the gazetteer are left out.
    ///
    /// ```swift
    /// try gazetteer.namesakes(of: [PlaceID(.city, "5785243"), PlaceID(.city, "2657832")])
    /// // [city:5785243]: Aberdeen, Washington, not Aberdeen, Scotland
    /// ```
    public func namesakes(of cities: [PlaceID]) throws -> Set<PlaceID> {
        let ids = cities.filter { $0.kind == .city }.compactMap { Int($0.code) }
        guard !ids.isEmpty else { return [] }
        // The build marks every such city (`cities.namesake`): a lookup by key per city, where
        // comparing names at run time read the whole table (45 ms).
        let sql = "SELECT geonameid FROM cities WHERE geonameid IN (SELECT value FROM json_each(?1)) AND namesake = 1"
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        return try withDatabase { db in
            let statement = try db.prepare(sql).bind(list)
            var found: Set<PlaceID> = []
            while try statement.step() { found.insert(PlaceID(.city, String(statement.int(0)))) }
            return found
        }
    }
}
