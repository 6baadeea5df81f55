import Foundation
import Gazetteer
import SQLite

extension TravelLog {
    /// Sets the place of photo `id` by hand. The override lives in its own table: imports and
    /// `reresolve` rewrite the resolved snapshot but never touch it, and the `photo_places` view
    /// puts it on top. The place's lineage is copied so the override stays readable: a district
    /// brings its city (the last of its lineage), while a city set by hand has no district.
    public func setPlace(photo id: Int64, to place: Place) throws {
        try setPlace(photo: id, placeID: place.id.description, lineage: PlaceLineage(place.link))
    }

    /// Sets the place of photo `id` by hand from a lineage already made (a restored travel
    /// record), without asking the gazetteer.
    public func setPlace(photo id: Int64, placeID: String, lineage: PlaceLineage<PlaceLink>) throws {
        try write {
            foldBlocked()
            let s = try statement("""
                INSERT OR REPLACE INTO overrides (photo_id, place_id, \(PlaceKind.lineageColumns()), set_at)
                VALUES (\(Self.placeholders(PlaceKind.lineageColumnCount + 3)))
                """)
            try s.bind([id, placeID] + .lineage(lineage) + [Self.timestamp()])
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
