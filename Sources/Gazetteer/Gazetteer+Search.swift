import Foundation
import SQLite

extension Gazetteer {
    /// Places whose name, alternate names or codes match `query`, best first.
    ///
    /// ```swift
    /// try gazetteer.search(SearchQuery(text: "kyoto", limit: 2)).map(\.place.id)
    /// // [city:1857910, region:JP.22]
    /// ```
    ///
    /// The query is folded (case, diacritics, width) and every word is a prefix; "st"/"saint",
    /// "mt"/"mount" and "ft"/"fort" are one word (``SearchText/spellings``). Ranking, rule by
    /// rule; each rule only orders what the previous ones left tied:
    /// 1. The match class: ``SearchResult/Match/exact`` (the whole name, a whole alternate
    ///    name such as `münchen`, `roma` or `москва`, or a code such as `JP`, `JPN`, `US-MT`,
    ///    `FR-69`, `LAX`, `KLAX`), ``SearchResult/Match/prefix`` (the name starts with the query),
    ///    ``SearchResult/Match/other`` (words of alternate names, words inside the name, the
    ///    country and region names). A city found only by another city's name ("New York" is
    ///    also York, Nebraska's) is `other` unless it outweighs the places so named
    ///    (``SearchRanking/demoted(_:below:to:)``). Exact and prefix matches rank together;
    ///    other matches come after them all.
    /// 2. Importance (population; size class for airports), compared on a log scale, with
    ///    ``SearchRanking/exactBonus`` for an exact match and ``SearchRanking/wordBonus`` for a
    ///    prefix whose words are whole words of the name: "san" lists San Antonio, San Diego,
    ///    San Jose and San Francisco before San in Mali. Continents and countries count at
    ///    least ``SearchRanking/countryFloor``, so they never sink below villages of the same
    ///    name; regions count a tenth of their population (the sum of their towns), so "san"
    ///    is not buried under Santa Catarina and Santa Fe provinces; subregions count a tenth
    ///    too, but follow a city or district of their name of at least a fortieth of their
    ///    population (``SearchRanking/afterTowns(_:importance:)``): "los angeles" gives the
    ///    city, then the county, "napoli" Naples before its province; airports found by name (or
    ///    by a code not typed in capitals) count a hundredth, so "frankfurt" lists the city
    ///    before its airport, while large airports still precede small ones; cities found by a
    ///    whole alternate name count a fortieth (``SearchRanking/alternateNameDivisor``), so
    ///    "zaragoza" keeps Zaragoza before Tijuana, which GeoNames also calls so.
    /// 3. With ``SearchQuery/near``, distance: the log-importance is reduced by
    ///    `log10(1 + km / 100)`, so a town of 100,000 next door and a city of 1,000,000 some
    ///    900 km away rank alike. Only the first ``SearchRanking/nearPool`` matches (or three
    ///    times the limit) in importance order are reordered this way.
    /// 4. The row order of the index, so equal queries always give equal answers.
    ///
    /// Any text is accepted: nothing searchable (empty, punctuation only) gives no results.
    /// When FTS5 finds nothing, the tables' folded names are scanned for an exact or prefix
    /// match, for letters the index does not fold ("bialystok" finds Białystok); subregions have
    /// no folded names and are not scanned.
    ///
    /// Thread-safe, like every gazetteer method.
    public func search(_ query: SearchQuery) throws -> [SearchResult] {
        let text = SearchText(query.text)
        guard !text.tokens.isEmpty, query.limit > 0 else { return [] }
        return try withDatabase { db in
            defer { statements.resetAll() }
            var ranking = try SearchRanking(query: query, text: text, db: db, statements: statements,
                                            index: searchRankIndex, nameWords: searchNameWords)
            let results = try ranking.run()
            (searchRankIndex, searchNameWords) = (ranking.index, ranking.nameWords)
            return results
        }
    }
}
