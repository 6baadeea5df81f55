import Foundation
import SQLite

extension TravelLog {
    /// Adds or replaces the mark of `mark.placeID` on `mark.date`. Marks live in their own table,
    /// so imports and `reresolve` never touch them.
    public func saveMark(_ mark: Mark) throws {
        try write {
            let s = try statement("""
                INSERT OR REPLACE INTO marks (place_id, date, note, place_name, continent_id, continent_name, country_id, country_name,
                    region_id, region_name, city_id, city_name, marked_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            try s.bind(mark.placeID, mark.date ?? "", mark.note, mark.placeName, mark.continent?.id, mark.continent?.name,
                       mark.country?.id, mark.country?.name, mark.region?.id, mark.region?.name, mark.city?.id, mark.city?.name,
                       Self.timestamp())
            try s.run()
        }
    }

    /// Removes every mark of `placeID` (all dates); returns how many there were.
    @discardableResult
    public func removeMarks(placeID: String) throws -> Int {
        try write {
            let s = try statement("DELETE FROM marks WHERE place_id = ?")
            try s.bind(placeID)
            try s.run()
            return database.changes
        }
    }

    /// Every mark, by place id then date (undated first).
    public func marks() throws -> [Mark] {
        let s = try statement("""
            SELECT place_id, place_name, date, note, continent_id, continent_name, country_id, country_name,
                   region_id, region_name, city_id, city_name FROM marks ORDER BY place_id, date
            """)
        defer { s.reset() }
        var out: [Mark] = []
        func link(_ i: Int32) -> PlaceLink? { s.string(i).map { PlaceLink(id: $0, name: s.string(i + 1) ?? "") } }
        while try s.step() {
            let date = s.string(2) ?? ""
            var m = Mark(placeID: s.string(0) ?? "", placeName: s.string(1) ?? "", date: date.isEmpty ? nil : date, note: s.string(3))
            (m.continent, m.country, m.region, m.city) = (link(4), link(6), link(8), link(10))
            out.append(m)
        }
        return out
    }
}
