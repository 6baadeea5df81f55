import SQLite

extension Gazetteer {
    /// The country codes a counting scheme counts (`un`, `iso`, `all`: the gazetteer's
    /// `counting_schemes` table, product decisions, never code); empty for a scheme it lacks.
    ///
    /// ```swift
    /// try gazetteer.countries(inScheme: "un").count   // 195
    /// ```
    public func countries(inScheme scheme: String) throws -> Set<String> {
        try withDatabase { db in
            let s = try db.prepare("SELECT country FROM counting_schemes WHERE scheme = ?")
            try s.bind(scheme)
            var codes: Set<String> = []
            while try s.step() { if let code = s.string(0) { codes.insert(code) } }
            return codes
        }
    }
}
