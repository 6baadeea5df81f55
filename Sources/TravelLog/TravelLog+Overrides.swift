import Foundation
import Gazetteer
import SQLite

extension TravelLog {
    /// Sets the place of photo `id` by hand. The override lives in its own table: imports and
    /// `reresolve` rewrite the resolved snapshot but never touch it, and the `photo_places` view
    /// puts it on top. The place's lineage is copied so the override stays readable.
    public func setPlace(photo id: Int64, to place: Place) throws {
        func link(_ kind: PlaceKind) -> (String?, String?) {
            if place.kind == kind { return (place.id.description, place.name) }
            guard let a = place.ancestor(kind) else { return (nil, nil) }
            return (a.id.description, a.name)
        }
        let (continent, country, region, city) = (link(.continent), link(.country), link(.region), link(.city))
        let airport = link(.airport)
        try write {
            let s = try statement("""
                INSERT OR REPLACE INTO overrides (photo_id, place_id, continent_id, continent_name, country_id, country_name,
                    region_id, region_name, city_id, city_name, airport_id, airport_name, set_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            try s.bind(id, place.id.description, continent.0, continent.1, country.0, country.1, region.0, region.1,
                       city.0, city.1, airport.0, airport.1, Self.timestamp())
            try s.run()
        }
    }

    /// Removes a hand-set place; the resolved one shows again.
    public func clearPlace(photo id: Int64) throws {
        try write {
            let s = try statement("DELETE FROM overrides WHERE photo_id = ?")
            try s.bind(id)
            try s.run()
        }
    }

    /// The hand-set place of photo `id`, if any.
    public func overriddenPlace(photo id: Int64) throws -> PlaceID? {
        let s = try statement("SELECT place_id FROM overrides WHERE photo_id = ?")
        try s.bind(id)
        return try s.scalarString().flatMap(PlaceID.init)
    }
}
