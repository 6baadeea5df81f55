import Foundation
import Gazetteer
import SQLite

extension TravelLog {
    /// Sets the place of photo `id` by hand. The override lives in its own table: imports and
    /// `reresolve` rewrite the resolved snapshot but never touch it, and the `photo_places` view
    /// puts it on top. The place's lineage is copied so the override stays readable: a district
    /// brings its city (the last of its lineage), while a city set by hand has no district.
    public func setPlace(photo id: Int64, to place: Place) throws {
        func link(_ kind: PlaceKind) -> (String?, String?) {
            if place.kind == kind { return (place.id.description, place.name) }
            guard let a = place.ancestor(kind) else { return (nil, nil) }
            return (a.id.description, a.name)
        }
        try setPlace(photo: id, placeID: place.id.description, lineage: HandSetLineage(
            continent: link(.continent), country: link(.country), region: link(.region), city: link(.city), district: link(.district),
            airport: link(.airport)))
    }

    /// The ids and names of a hand-set place's chain, each level optional.
    public struct HandSetLineage: Sendable {
        public var continent, country, region, city, district, airport: (String?, String?)
        public init(continent: (String?, String?), country: (String?, String?), region: (String?, String?), city: (String?, String?),
                    district: (String?, String?) = (nil, nil), airport: (String?, String?)) {
            (self.continent, self.country, self.region, self.city, self.district, self.airport) = (continent, country, region, city, district, airport)
        }
    }

    /// Sets the place of photo `id` by hand from a snapshot already made (a restored travel
    /// record), without asking the gazetteer.
    public func setPlace(photo id: Int64, placeID: String, lineage l: HandSetLineage) throws {
        try write {
            foldBlocked()
            let s = try statement("""
                INSERT OR REPLACE INTO overrides (photo_id, place_id, continent_id, continent_name, country_id, country_name,
                    region_id, region_name, city_id, city_name, district_id, district_name, airport_id, airport_name, set_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            try s.bind(id, placeID, l.continent.0, l.continent.1, l.country.0, l.country.1, l.region.0, l.region.1,
                       l.city.0, l.city.1, l.district.0, l.district.1, l.airport.0, l.airport.1, Self.timestamp())
            try s.run()
        }
    }

    /// Removes a hand-set place; the resolved one shows again.
    public func clearPlace(photo id: Int64) throws {
        try write {
            foldBlocked()
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
