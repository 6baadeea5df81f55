import SQLite

extension TravelLog {
    /// Adds the home of `home.since`, or replaces the one saved for that date.
    public func saveHome(_ home: Home) throws {
        try write {
            let s = try statement("""
                INSERT OR REPLACE INTO homes (since, place_id, place_name, latitude, longitude, country_id, country_name,
                    region_id, region_name, city_id, city_name, set_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
            try s.bind(home.since ?? "", home.place.id, home.place.name, home.latitude, home.longitude, home.country?.id, home.country?.name,
                       home.region?.id, home.region?.name, home.city?.id, home.city?.name, Self.timestamp())
            try s.run()
        }
    }

    /// Removes the home saved for `since` (nil: the one from the start); returns whether there was one.
    @discardableResult
    public func removeHome(since: String?) throws -> Bool {
        try write {
            let s = try statement("DELETE FROM homes WHERE since = ?")
            try s.bind(since ?? "")
            try s.run()
            return database.changes > 0
        }
    }

    /// Every saved home, oldest first (the one from the start first); none in a log older than
    /// schema 7 opened read-only.
    public func homes() throws -> [Home] {
        guard try schemaVersion() >= 7 else { return [] }
        let s = try statement("""
            SELECT since, place_id, place_name, latitude, longitude, country_id, country_name, region_id, region_name, city_id, city_name
            FROM homes ORDER BY since
            """)
        defer { s.reset() }
        var out: [Home] = []
        while try s.step() {
            let since = s.string(0) ?? ""
            var home = Home(place: PlaceLink(id: s.string(1) ?? "", name: s.string(2) ?? ""), since: since.isEmpty ? nil : since)
            (home.latitude, home.longitude) = (s.optionalDouble(3).map(RecordPrecision.degrees), s.optionalDouble(4).map(RecordPrecision.degrees))
            (home.country, home.region, home.city) = (s.placeLink(5), s.placeLink(7), s.placeLink(9))
            out.append(home)
        }
        return out
    }
}
