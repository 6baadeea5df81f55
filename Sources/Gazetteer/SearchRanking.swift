import Foundation
import SQLite

/// One search's work: candidate rows from FTS5, ranked by ``Gazetteer/search(_:)``'s rules,
/// then the winners loaded as places. Lives for one call, under the gazetteer's lock.
struct SearchRanking {
    /// The importance continents and countries count at least.
    static let countryFloor = 1_000_000
    /// Airports matched by name count this fraction of their importance.
    static let airportNameDivisor = 100
    /// Regions count this fraction of their population, which is the sum of their towns.
    static let regionDivisor = 10
    /// Subregions count this fraction of their population, as regions do, and for the same
    /// reason: "los angeles county" finds the county at the weight of a city of 1.2 million.
    static let subregionDivisor = 10
    /// A subregion matched exactly or by prefix ranks after every city or district matched
    /// exactly (by its name or a whole alternate name) of at least this fraction of the
    /// subregion's population (``afterTowns(_:importance:)``): Venice (51,000) is a sixteenth
    /// of its province, Venezia, and Orange, California (141,000) a twenty-fourth of Orange
    /// County; Kent, Ohio (30,000) is less than a fortieth of Kent, the English county.
    static let subregionTownShare = 40
    /// Cities (and districts) found by a whole alternate name count this fraction of their
    /// population. GeoNames lists historic names and names in other languages that are other
    /// places' own names ("Zaragoza" for Tijuana, "Victoria" for Hong Kong, "Kita" for Quito): a
    /// city's own name comes first unless the other city is forty times larger ("roma": Rome,
    /// 2.3 million, before Roma, Queensland, 6,800). Curated aliases (countries, regions) count whole.
    static let alternateNameDivisor = 40
    /// What an exact match adds to its log-importance against names the query only starts: a
    /// place named so outranks one whose name starts so unless that one is more than about six
    /// times larger. "san" lists San Antonio, San Diego, San Jose and San Francisco before San
    /// in Mali (100,000), and "bath" gives Bath before Bathinda (three times larger).
    static let exactBonus = 0.8
    /// What a prefix match adds when the query's words are whole words of the name ("san" in
    /// San Diego, not in Santiago): the word typed may be finished, and such names fit it
    /// better, so San Francisco (860,000) comes before Santo Domingo (2.2 million).
    static let wordBonus = 0.5
    /// How many leading matches the distance bias reorders, at least.
    static let nearPool = 60
    /// Candidates examined at most when `within` rejects most of them.
    static let maximumExamined = 5_000

    struct Candidate {
        /// The FTS5 row, or for ``foldedNameMatches()`` a number past every row.
        let rowid: Int64
        let match: SearchResult.Match
        /// The importance on a log scale (rule 2).
        let score: Double
        var kind: PlaceKind? = nil
        /// What the match adds to the score in its tier: ``exactBonus``, ``wordBonus`` or 0.
        var bonus = 0.0
        /// Known without the FTS5 row (folded-name matches).
        var id: PlaceID? = nil

        /// Exact and prefix matches rank together (tier 0), other matches after them (tier 1).
        var tier: Int { match == .other ? 1 : 0 }
        /// What orders a tier.
        var rank: Double { score + bonus }
    }

    let query: SearchQuery
    let text: SearchText
    let db: Database
    /// The gazetteer's prepared statements, reused from search to search.
    let statements: StatementCache
    private(set) var index: SearchRankIndex?
    private(set) var nameWords: SearchNameWords?
    /// FTS5 clause narrowing candidates to `within`'s descendants (checked exactly afterwards).
    private let withinClause: String

    init(query: SearchQuery, text: SearchText, db: Database, statements: StatementCache, index: SearchRankIndex?,
         nameWords: SearchNameWords?) throws {
        (self.query, self.text, self.db, self.statements, self.index, self.nameWords) = (query, text, db, statements, index, nameWords)
        withinClause = try Self.withinClause(query.within, db)
    }

    mutating func run() throws -> [SearchResult] {
        let codes = try codeMatches()
        let codeSet = Set(codes)
        let spellings = text.spellings
        var exactOrPrefix = try rowids("name : " + SearchText.anyOf(spellings) { "^ " + $0.phrase(prefix: true) })
        let startingWithTheWords = try rowids("name : " + SearchText.anyOf(spellings) { "^ " + $0.phrase(prefix: false) })
        let exactNames = try exactNameRows(startingWithTheWords)
        // A whole alternate name ("roma" for Rome, "münchen" for Munich) is as exact as the name.
        let exactAlternates = try rowids("alt : " + SearchText.anyOf(spellings, \.wholeAlternateName))
        exactOrPrefix.removeAll { codeSet.contains($0) }
        let exactAlternateSet = Set(exactAlternates)
        let exactOrPrefixSet = Set(exactOrPrefix)
        let alternatesOnly = exactAlternates.filter { !codeSet.contains($0) && !exactOrPrefixSet.contains($0) }
        let facts = try self.facts(for: exactOrPrefix + codes + alternatesOnly)
        // A code counts whole when typed as codes are ("SAN", "LAX"); in lower case ("san") it
        // is as likely the start of a name, and an airport found so counts as by its name.
        var candidates = candidates(codes, facts, codeMatched: Gazetteer.isWrittenAsCode(query.text.trimmingCharacters(in: .whitespaces))) { _ in .exact }
        let first = candidates.count
        // Both lists are in index order: one walk tells which names start with the whole words.
        var next = startingWithTheWords.startIndex
        candidates += self.candidates(exactOrPrefix, facts, codeMatched: false, startsWithTheWords: { rowid in
            while next < startingWithTheWords.endIndex, startingWithTheWords[next] < rowid { next += 1 }
            return next < startingWithTheWords.endIndex && startingWithTheWords[next] == rowid
        }) {
            // A name that starts with the query and carries it whole as an alternate name ("New
            // York City", also "New York") is that place's own short name: it counts whole.
            exactNames.contains($0) || exactAlternateSet.contains($0) ? .exact : .prefix
        }
        // Exact matches are few among thousands of prefixes: only they are looked at again.
        let exact = candidates.indices[first...].filter { candidates[$0].match == .exact }
        let own = Self.ownNameWeight(exact.filter { exactNames.contains(candidates[$0].rowid) }.map { candidates[$0] })
        for i in exact where !exactNames.contains(candidates[i].rowid) { candidates[i] = Self.demoted(candidates[i], below: own, to: .prefix) }
        // New York City's short name outweighs York, Nebraska's historic one.
        let named = Self.ownNameWeight(exact.map { candidates[$0] }.filter { $0.match == .exact })
        candidates += self.candidates(alternatesOnly, facts, codeMatched: false, byAlternateName: { _ in true }) { _ in .exact }
            .map { Self.demoted($0, below: named, to: .other) }
        candidates = Self.afterTowns(candidates) { facts[$0.rowid]?.importance ?? 0 }
        // Other matches can only follow the exact and prefix ones: look for them only when those
        // do not fill the page (with `within`, several pages, as some may be rejected).
        let wanted = query.limit * (query.within == nil ? 1 : 3) + (query.near == nil ? 0 : Self.nearPool)
        if candidates.count < wanted {
            let seen = codeSet.union(exactOrPrefix).union(alternatesOnly)
            let others = try rowids(SearchText.anyOf(spellings) { "(" + $0.wordPrefixes + ")" }).filter { !seen.contains($0) }
            candidates += self.candidates(others, try self.facts(for: others), codeMatched: false) { _ in .other }
        }
        if candidates.isEmpty { candidates = try foldedNameMatches() }
        return try results(from: Self.best(candidates, count: query.within == nil ? wanted : Self.maximumExamined))
    }

    /// GeoNames gives towns other places' names as alternate names ("New York" for York,
    /// Nebraska and Clinton, Wisconsin; "Zaragoza" for Tijuana; "Springfield" for Springfield
    /// Gardens in Queens). A city or district found by such a name is an exact match only when
    /// it outweighs every city or district whose own name the query is (``ownNameWeight(_:)``);
    /// otherwise the query names that other place, and this one matches as its own name does:
    /// `prefix` when that starts with the query, else `other`. "roma" keeps Rome exact (a
    /// fortieth of 2.3 million outweighs Roma, Queensland), "new york" New York City.
    static func demoted(_ c: Candidate, below own: Double?, to match: SearchResult.Match) -> Candidate {
        guard let own, c.kind == .city || c.kind == .district, c.score < own else { return c }
        return Candidate(rowid: c.rowid, match: match, score: c.score, kind: c.kind,
                         bonus: match == .prefix ? wordBonus : 0, id: c.id)
    }

    /// Subregions are mostly named after a town in them: Italy's provinces after their capitals
    /// ("roma", "napoli", "venezia", which find those cities by their alternate names), Brazil's
    /// municípios and Turkey's ilçeler after their seats, US counties often after their largest
    /// city ("Los Angeles County"). Whoever types such a name means the town: a subregion in
    /// the first tier ranks just after every city or district matched exactly whose population
    /// (`importance`) is at least a ``subregionTownShare``th of the subregion's. Smaller
    /// places of the name do not count, wherever they lie, so a village called Kent does not
    /// push Kent, the county, down. Only lowers a subregion's score, never raises it.
    static func afterTowns(_ candidates: [Candidate], importance: (Candidate) -> Int) -> [Candidate] {
        let towns = candidates.filter { ($0.kind == .city || $0.kind == .district) && $0.match == .exact }
        guard !towns.isEmpty else { return candidates }
        return candidates.map { c in
            guard c.kind == .subregion, c.tier == 0 else { return c }
            let share = importance(c) / subregionTownShare
            let below = towns.filter { importance($0) >= share }.map(\.rank).min()
            guard let below, below <= c.rank else { return c }
            // Just below the lowest of those towns: the ranking's order, not a weight of its own.
            return Candidate(rowid: c.rowid, match: c.match, score: below - c.bonus - 1e-9, kind: c.kind, bonus: c.bonus, id: c.id)
        }
    }

    /// The weight of the largest city or district among exact matches of their own name.
    static func ownNameWeight(_ named: [Candidate]) -> Double? {
        named.filter { $0.kind == .city || $0.kind == .district }.map(\.score).max()
    }

    /// FTS5's `remove_diacritics` keeps letters that do not decompose (ł, ø, æ, đ, ı, ß), so
    /// "bialystok" misses Białystok unless an alternate name spells it so. When FTS5 finds
    /// nothing at all, the tables' own folded names are scanned for an exact or prefix match
    /// instead: tens of milliseconds, spent only on queries that would otherwise fail.
    private func foldedNameMatches() throws -> [Candidate] {
        let tables: [(PlaceKind, String)] = [
            (.country, "SELECT iso2, folded, population FROM countries"),
            (.region, "SELECT id, folded, population FROM regions"),
            (.city, "SELECT CAST(geonameid AS TEXT), folded, population FROM cities"),
            (.airport, "SELECT iata, folded, size FROM airports"),
        ]
        var out: [Candidate] = []
        // Tokens hold only letters and digits: no LIKE wildcard can be in the pattern.
        let pattern = (text.tokens.first ?? "") + "%"
        for (kind, sql) in tables where query.kind.map({ $0 == kind }) ?? true {
            let s = try db.prepare(sql + " WHERE folded LIKE ?").bind(pattern)
            while try s.step() {
                guard let code = s.string(0), let folded = s.string(1) else { continue }
                let words = SearchText(folded).tokens
                let n = text.tokens.count
                guard words.count >= n, Array(words.prefix(n - 1)) == Array(text.tokens.dropLast()),
                      words[n - 1].hasPrefix(text.tokens[n - 1]) else { continue }
                let importance = kind == .airport ? (AirportSize(rawValue: s.string(2) ?? "")?.importance ?? 0) : s.int(2)
                let exact = words == text.tokens
                out.append(Candidate(rowid: Int64(1 << 40) + Int64(out.count), match: exact ? .exact : .prefix,
                                     score: Self.score(SearchRowFacts(kind: kind, importance: importance), codeMatched: false),
                                     kind: kind, bonus: exact ? Self.exactBonus : words[n - 1] == text.tokens[n - 1] ? Self.wordBonus : 0,
                                     id: PlaceID(kind, code)))
            }
        }
        return out
    }

    /// Of rows whose name starts with the query's words, those whose name has no more words.
    private mutating func exactNameRows(_ rows: [Int64]) throws -> Set<Int64> {
        if nameWords == nil, rows.count > SearchRankIndex.loadThreshold { nameWords = try SearchNameWords(db: db) }
        guard let nameWords else { return try SearchRowFacts.rows(rows, withNameWords: text.tokens.count, in: db, statements) }
        return Set(rows.filter { nameWords.count($0) == text.tokens.count })
    }

    /// The rows of the wanted kind, scored, in the order of `rowids` (and asked of
    /// `startsWithTheWords` in that order).
    private func candidates(_ rowids: [Int64], _ facts: Facts, codeMatched: Bool,
                            byAlternateName: (Int64) -> Bool = { _ in false }, startsWithTheWords: (Int64) -> Bool = { _ in false },
                            _ match: (Int64) -> SearchResult.Match) -> [Candidate] {
        var out: [Candidate] = []
        out.reserveCapacity(rowids.count)
        for rowid in rowids {
            guard let f = facts[rowid], query.kind.map({ $0 == f.kind }) ?? true else { continue }
            let score = Self.score(f, codeMatched: codeMatched, byAlternateName: byAlternateName(rowid))
            let match = match(rowid)
            out.append(Candidate(rowid: rowid, match: match, score: score, kind: f.kind,
                                 bonus: match == .exact ? Self.exactBonus : match == .prefix && startsWithTheWords(rowid) ? Self.wordBonus : 0))
        }
        return out
    }

    /// The first `count` candidates in ranking order; a cut on one number first, so ten thousand
    /// matches of a two-letter prefix are not all sorted by the full key.
    static func best(_ candidates: [Candidate], count: Int) -> [Candidate] {
        var candidates = candidates
        func key(_ c: Candidate) -> Double { Double(c.tier) * 1_000 - c.rank }
        if candidates.count > count * 4 {
            let cut = candidates.map(key).sorted()[count - 1]
            candidates.removeAll { key($0) > cut }
        }
        candidates.sort { ($0.tier, -$0.rank, $0.rowid) < ($1.tier, -$1.rank, $1.rowid) }
        return Array(candidates.prefix(count))
    }

    /// Walks the ranked candidates, loads them, keeps those inside `within`, and applies the
    /// distance bias to the leading ones.
    private func results(from candidates: [Candidate]) throws -> [SearchResult] {
        let pool = query.near == nil ? query.limit : max(query.limit * 3, Self.nearPool)
        var accepted: [(Candidate, Place)] = []
        var start = 0
        let idStatement = try statements.prepare("SELECT place FROM search_rows WHERE id = ?", db)
        while accepted.count < pool, start < min(candidates.count, Self.maximumExamined) {
            // Without `within` every candidate is accepted: load exactly what is missing.
            let missing = query.within == nil ? pool - accepted.count : max(pool - accepted.count, 8) * 2
            let chunk = candidates[start..<min(candidates.count, start + missing)]
            start = chunk.endIndex
            let ids: [PlaceID?] = try chunk.map { c in
                if let id = c.id { return id }
                try idStatement.bind(c.rowid)
                return try idStatement.step() ? idStatement.string(0).flatMap(PlaceID.init) : nil
            }
            let loaded = try PlaceRows.places(ids.compactMap { $0 }, in: db, statements: statements)
            let places = Dictionary(loaded.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            for (c, id) in zip(chunk, ids) {
                guard let id, let place = places[id], accepted.count < pool else { continue }
                if let within = query.within, !place.lineage.contains(where: { $0.id == within }) { continue }
                accepted.append((c, place))
            }
        }
        guard let near = query.near else {
            return accepted.prefix(query.limit).map { SearchResult(place: $0.1, match: $0.0.match, distanceKm: nil, score: $0.0.score) }
        }
        let biased = accepted.map { c, place -> (Candidate, Place, Double?, Double) in
            let km = place.coordinate.map { near.distanceKm(to: $0) }
            return (c, place, km, c.rank - log10(1 + (km ?? 20_000) / 100))
        }
        return biased.sorted { ($0.0.tier, -$0.3, $0.0.rowid) < ($1.0.tier, -$1.3, $1.0.rowid) }
            .prefix(query.limit).map { SearchResult(place: $0.1, match: $0.0.match, distanceKm: $0.2, score: $0.0.score) }
    }

    /// The ranking importance on a log scale (rule 2).
    static func score(_ f: SearchRowFacts, codeMatched: Bool, byAlternateName: Bool = false) -> Double {
        var importance = f.importance
        switch f.kind {
        case .continent, .country: importance = max(importance, countryFloor)
        case .region: importance /= regionDivisor
        case .subregion: importance /= subregionDivisor
        case .city where byAlternateName, .district where byAlternateName: importance /= alternateNameDivisor
        case .airport where !codeMatched: importance /= airportNameDivisor
        default: break
        }
        return log10(Double(max(importance, 1)))
    }

    // MARK: - FTS5

    /// Rowids matching `expression` (and `within`'s clause), in index order.
    private func rowids(_ expression: String) throws -> [Int64] {
        let match = withinClause.isEmpty ? expression : "(\(expression)) AND \(withinClause)"
        let s = try statements.prepare("SELECT rowid FROM search WHERE search MATCH ?", db).bind(match)
        var out: [Int64] = []
        while try s.step() { out.append(Int64(s.int(0))) }
        return out
    }

    /// Rows one of whose codes equals the query ("US-MT", "LAX", "KLAX", "JPN").
    private func codeMatches() throws -> [Int64] {
        guard text.tokens.count <= 2, text.folded.count <= 8 else { return [] }
        let rows = try rowids("codes : " + text.phrase(prefix: false))
        guard rows.count <= 500 else { return [] }  // a bare number shared by hundreds of admin codes
        let s = try statements.prepare("SELECT codes, place FROM search_rows WHERE id = ?", db)
        return try rows.filter { rowid in
            try s.bind(rowid)
            guard try s.step(), let codes = s.string(0) else { return false }
            // A region's or subregion's bare code ("SAN", "26", "MT", "69") is no code a person
            // types for it alone: only the full ISO 3166-2 form ("CO-SAN", "US-MT", "FR-69") counts.
            let kind = s.withBlob(1, SearchRowFacts.kind(ofPlace:))
            let isRegion = kind == .region || kind == .subregion
            return codes.split(separator: " ").contains { code in
                (!isRegion || code.contains("-")) && SearchText(String(code)).tokens == text.tokens
            }
        }
    }

    /// Where the facts of candidate rows come from: the in-memory index once loaded (or when
    /// this query needs it), otherwise a few indexed reads.
    enum Facts {
        case index(SearchRankIndex)
        case rows([Int64: SearchRowFacts])

        subscript(rowid: Int64) -> SearchRowFacts? {
            switch self {
            case .index(let index): index.facts(rowid)
            case .rows(let rows): rows[rowid]
            }
        }
    }

    private mutating func facts(for rowids: [Int64]) throws -> Facts {
        if index == nil, rowids.count > SearchRankIndex.loadThreshold { index = try SearchRankIndex(db: db) }
        if let index { return .index(index) }
        return .rows(try SearchRowFacts.read(rowids, in: db, statements))
    }

    /// The `ancestry` column holds the names of a place's region and country: requiring them
    /// narrows a search `within` a country or region before the exact check on the lineage.
    private static func withinClause(_ within: PlaceID?, _ db: Database) throws -> String {
        guard let within, within.kind == .country || within.kind == .region,
              let place = try PlaceRows.place(within, in: db) else { return "" }
        var names = [place.name]
        if within.kind == .region, let country = place.ancestor(.country) { names.append(country.name) }
        let phrases = names.map { SearchText($0) }.filter { !$0.tokens.isEmpty }.map { "ancestry : " + $0.phrase(prefix: false) }
        return phrases.joined(separator: " AND ")
    }
}
