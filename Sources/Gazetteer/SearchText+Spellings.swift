extension SearchText {
    /// Words people abbreviate as often as they spell them out: "St. Petersburg" and "Saint
    /// Petersburg", "Mt Fuji" and "Mount Fuji", "Ft. Worth" and "Fort Worth" are one name,
    /// and GeoNames writes each place one way or the other.
    static let sameWords: [String: String] = ["st": "saint", "saint": "st", "mt": "mount", "mount": "mt", "ft": "fort", "fort": "ft"]
    /// At most this many spellings of one query: each adds its phrases to the index queries.
    static let maximumSpellings = 4

    /// The query as typed, then with each abbreviation written out (or the full word
    /// abbreviated): "st petersburg" is also "saint petersburg". Only the first two such words
    /// vary.
    ///
    /// ```swift
    /// SearchText("Mt St Helens").spellings.map(\.folded)
    /// // ["mt st helens", "mount st helens", "mt saint helens", "mount saint helens"]
    /// ```
    var spellings: [SearchText] {
        var out = [tokens]
        for (i, token) in tokens.enumerated() {
            guard let other = Self.sameWords[token], out.count * 2 <= Self.maximumSpellings else { continue }
            out += out.map { var t = $0; t[i] = other; return t }
        }
        return out.map(SearchText.init(tokens:))
    }

    /// One FTS5 expression matching any spelling: `expression` of the only one, or theirs
    /// joined by `OR` in parentheses, so the index merges them in one query.
    static func anyOf(_ spellings: [SearchText], _ expression: (SearchText) -> String) -> String {
        spellings.count == 1 ? expression(spellings[0]) : "(" + spellings.map(expression).joined(separator: " OR ") + ")"
    }
}
