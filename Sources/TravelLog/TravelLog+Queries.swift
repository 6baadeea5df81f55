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

    /// The places visited, by ``VisitRules``, from the aggregates, the days of the location
    /// histories and the marks.
    public func visits() throws -> Visits {
        Visits(days: try passportAggregates().days, marks: try marks())
    }

    /// The countries, regions, cities and airports visited (``visits()``), as identifier → name.
    public func visitedPlaces() throws -> VisitedPlaces { Visits.places(days: try passportAggregates().days, marks: try marks()) }

    /// Per-file errors recorded by imports (photos, videos, GPX tracks), and what their walks
    /// could not read (folders, paths too long), by path.
    public func errors() throws -> [Problem] {
        // A log opened read-only may predate the walk_errors table (migration 4) and the tracks (6).
        func has(_ table: String) throws -> Bool { try database.prepare("SELECT count(*) FROM sqlite_master WHERE name = '\(table)'").scalarInt() == 1 }
        let s = try database.prepare("""
            SELECT path, error_kind, error_message, missing_since IS NOT NULL FROM photos WHERE error_kind IS NOT NULL
            \(try has("walk_errors") ? "UNION ALL SELECT path, kind, message, 0 FROM walk_errors" : "")
            \(try has("tracks") ? "UNION ALL SELECT path, error_kind, error_message, 0 FROM tracks WHERE error_kind IS NOT NULL" : "")
            \(try has("histories") ? "UNION ALL SELECT path, error_kind, error_message, 0 FROM histories WHERE error_kind IS NOT NULL" : "")
            ORDER BY 1
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
