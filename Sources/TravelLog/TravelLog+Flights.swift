import SQLite

extension TravelLog {
    static let airportColumns = ["id", "name", "code", "latitude", "longitude", "continent_id", "continent_name", "country_id", "country_name",
                                 "region_id", "region_name", "city_id", "city_name"]

    /// Saves `flights` in one transaction, each unless already known (same date, airports and
    /// flight number); returns how many were new.
    @discardableResult
    public func saveFlights(_ flights: [Flight]) throws -> Int {
        let columns = ["date"] + Self.airportColumns.map { "from_" + $0 } + Self.airportColumns.map { "to_" + $0 }
            + ["flight_number", "airline", "source", "line", "imported_at"]
        let sql = "INSERT OR IGNORE INTO flights (\(columns.joined(separator: ", "))) VALUES (\(columns.map { _ in "?" }.joined(separator: ", ")))"
        return try write {
            var added = 0
            let now = Self.timestamp()
            for f in flights {
                func values(_ a: Flight.Airport) -> [SQLValue?] {
                    [a.place.id, a.place.name, a.code, a.latitude, a.longitude, a.continent?.id, a.continent?.name, a.country?.id, a.country?.name,
                     a.region?.id, a.region?.name, a.city?.id, a.city?.name]
                }
                let s = try statement(sql)
                try s.bind([f.date] + values(f.from) + values(f.to) + [f.flightNumber, f.airline, f.source, f.line.map { Int64($0) }, now])
                try s.run()
                added += database.changes
            }
            return added
        }
    }

    /// Every flight, by date, then identifier; none in a log older than schema 8 read as it is.
    public func flights() throws -> [Flight] {
        guard try schemaVersion() >= 8 else { return [] }
        let columns = ["date"] + Self.airportColumns.map { "from_" + $0 } + Self.airportColumns.map { "to_" + $0 }
            + ["flight_number", "airline", "source", "line"]
        let s = try statement("SELECT \(columns.joined(separator: ", ")) FROM flights ORDER BY date, from_code, to_code, flight_number")
        defer { s.reset() }
        var out: [Flight] = []
        func airport(_ i: Int32) -> Flight.Airport {
            var a = Flight.Airport(place: PlaceLink(id: s.string(i) ?? "", name: s.string(i + 1) ?? ""), code: s.string(i + 2) ?? "")
            (a.latitude, a.longitude) = (s.optionalDouble(i + 3).map(RecordPrecision.degrees), s.optionalDouble(i + 4).map(RecordPrecision.degrees))
            (a.continent, a.country, a.region, a.city) = (s.placeLink(i + 5), s.placeLink(i + 7), s.placeLink(i + 9), s.placeLink(i + 11))
            return a
        }
        while try s.step() {
            var f = Flight(date: s.string(0) ?? "", from: airport(1), to: airport(14), flightNumber: s.string(27) ?? "", airline: s.string(28))
            (f.source, f.line) = (s.string(29), s.optionalInt(30))
            out.append(f)
        }
        return out
    }

    /// Removes the flight of `id` (``Flight/id``); returns whether there was one.
    @discardableResult
    public func removeFlight(id: String) throws -> Bool {
        guard let flight = try flights().first(where: { $0.id == id }) else { return false }
        return try write {
            let s = try statement("DELETE FROM flights WHERE date = ? AND from_id = ? AND to_id = ? AND flight_number = ?")
            try s.bind(flight.date, flight.from.place.id, flight.to.place.id, flight.flightNumber)
            try s.run()
            return database.changes > 0
        }
    }
}
