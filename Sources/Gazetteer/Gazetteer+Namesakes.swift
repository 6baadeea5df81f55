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
        // One pass over the cities for every name at once: `folded` has no index, and a listing
        // of a thousand trips must not make a thousand passes.
        let sql = """
            WITH mine AS (SELECT geonameid, folded, population FROM cities
                          WHERE geonameid IN (SELECT value FROM json_each(?1)) AND city IS NULL),
                 top AS (SELECT folded, max(population) AS population FROM cities
                         WHERE city IS NULL AND folded IN (SELECT folded FROM mine) GROUP BY folded)
            SELECT mine.geonameid FROM mine JOIN top ON top.folded = mine.folded WHERE top.population > mine.population
            """
        let list = "[" + ids.map(String.init).joined(separator: ",") + "]"
        return try withDatabase { db in
            let statement = try db.prepare(sql).bind(list)
            var found: Set<PlaceID> = []
            while try statement.step() { found.insert(PlaceID(.city, String(statement.int(0)))) }
            return found
        }
    }
}
