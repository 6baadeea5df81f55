import SQLite

extension TravelLog {
    /// One file the log could not read, or read without a position.
    public struct Problem: Sendable, Equatable {
        public let path: String
        /// `truncated`, `unrecognised-format`, ... for errors; nil for a photo read without position.
        public let kind: String
        public let message: String
        public let isMissing: Bool
    }

    /// Every place the photos were taken in, hand-set places winning over resolved ones.
    public func visitedPlaces() throws -> VisitedPlaces {
        var visited = VisitedPlaces()
        let s = try database.prepare("""
            SELECT DISTINCT 'country', country_id, country_name FROM photo_places WHERE country_id IS NOT NULL
            UNION SELECT DISTINCT 'region', region_id, region_name FROM photo_places WHERE region_id IS NOT NULL
            UNION SELECT DISTINCT 'city', city_id, city_name FROM photo_places WHERE city_id IS NOT NULL
            UNION SELECT DISTINCT 'airport', airport_id, airport_name FROM photo_places WHERE airport_id IS NOT NULL
            """)
        while try s.step() {
            let (id, name) = (s.string(1) ?? "", s.string(2) ?? "")
            switch s.string(0) {
            case "country": visited.countries[id] = name
            case "region": visited.regions[id] = name
            case "city": visited.cities[id] = name
            default: visited.airports[id] = name
            }
        }
        return visited
    }

    /// Per-file errors recorded by imports, by path.
    public func errors() throws -> [Problem] {
        let s = try database.prepare("""
            SELECT path, error_kind, error_message, missing_since IS NOT NULL FROM photos
            WHERE error_kind IS NOT NULL ORDER BY path
            """)
        var problems: [Problem] = []
        while try s.step() {
            problems.append(Problem(path: s.string(0) ?? "", kind: s.string(1) ?? "", message: s.string(2) ?? "", isMissing: s.int(3) != 0))
        }
        return problems
    }

    /// Photo counts of the whole log: all, with a position, with an error, missing.
    public func totals() throws -> (photos: Int, positioned: Int, errors: Int, missing: Int) {
        let s = try database.prepare("""
            SELECT count(*), count(latitude), count(error_kind), count(missing_since) FROM photos
            """)
        _ = try s.step()
        return (s.int(0), s.int(1), s.int(2), s.int(3))
    }
}
