import Testing
@testable import Gazetteer

/// The importance weights of rule 2 and the partial selection, without the data.
@Suite struct SearchRankingTests {
    private func score(_ kind: PlaceKind, _ importance: Int, code: Bool = false) -> Double {
        SearchRanking.score(SearchRowFacts(kind: kind, importance: importance), codeMatched: code)
    }

    @Test func weights() {
        // A country of 1,000 people ranks with a city of a million, never below a village.
        #expect(score(.country, 1_000) == score(.city, 1_000_000))
        #expect(score(.continent, 1_100) > score(.city, 900_000))
        // A region counts a tenth, an airport found by name a hundredth, by code all of it.
        #expect(score(.region, 10_000_000) == score(.city, 1_000_000))
        #expect(score(.airport, 11_000_000) == score(.city, 110_000))
        #expect(score(.airport, 11_000_000, code: true) == score(.city, 11_000_000))
        #expect(score(.airport, 11_000_000) > score(.airport, 2_000_000))
        // A city found by a whole alternate name counts a fortieth; a region or country all of it.
        let byAlternate = { (kind: PlaceKind, n: Int) in
            SearchRanking.score(SearchRowFacts(kind: kind, importance: n), codeMatched: false, byAlternateName: true)
        }
        #expect(byAlternate(.city, 4_000_000) == score(.city, 100_000))
        #expect(byAlternate(.region, 4_000_000) == score(.region, 4_000_000))
        #expect(byAlternate(.country, 4_000_000) == score(.country, 4_000_000))
        // Nothing is below importance 1, so a zero never gives -infinity.
        #expect(score(.city, 0) == 0)
    }

    @Test func bestKeepsTheRankingOrder() {
        var candidates: [SearchRanking.Candidate] = []
        for i in 0..<1_000 {
            let match = SearchResult.Match.allCases[i % 3]
            candidates.append(.init(rowid: Int64(i), match: match, score: Double(i % 17)))
        }
        let full = candidates.sorted { ($0.match, -$0.score, $0.rowid) < ($1.match, -$1.score, $1.rowid) }
        let best = SearchRanking.best(candidates, count: 20)
        #expect(best.map(\.rowid) == full.prefix(20).map(\.rowid))
        #expect(SearchRanking.best(candidates, count: 5_000).map(\.rowid) == full.map(\.rowid))
    }
}
