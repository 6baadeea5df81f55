import SQLite

extension Gazetteer {
    /// The word a country uses for its subregions, the most common among them: `County` in the
    /// United States, `Metropolitan department` in France; nil where the data has none.
    ///
    /// ```swift
    /// try gazetteer.subregionWord(country: "US")   // "County"
    /// ```
    public func subregionWord(country iso2: String) throws -> String? {
        try withDatabase { db in
            let s = try statements.prepare("""
                SELECT local_type FROM subregions WHERE country = ? AND local_type IS NOT NULL
                GROUP BY local_type ORDER BY count(*) DESC, local_type LIMIT 1
                """, db)
            try s.bind(iso2)
            return try s.scalarString()
        }
    }
}
