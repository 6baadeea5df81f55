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
            let range = Self.subregionKeyRange(below: iso2)
            let s = try statements.prepare("""
                SELECT local_type FROM subregions WHERE \(range.filter) AND local_type IS NOT NULL
                GROUP BY local_type ORDER BY count(*) DESC, local_type LIMIT 1
                """, db)
            try s.bind(range.bindings)
            return try s.scalarString()
        }
    }
}
