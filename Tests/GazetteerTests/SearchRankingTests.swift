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
        // A region or subregion counts a tenth, an airport found by name a hundredth, by code all of it.
        #expect(score(.region, 10_000_000) == score(.city, 1_000_000))
        #expect(score(.subregion, 10_000_000) == score(.city, 1_000_000))
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

    /// A subregion follows the towns of its name of at least a fortieth of its population,
    /// found by their name or an alternate name, but not smaller ones; it is never raised.
    @Test func subregionsFollowTheirTowns() {
        // A province of 4 million, its capital found by an alternate name (900,000), a village of
        // its name (5,000), a subregion of 100 people.
        let facts: [Int64: (PlaceKind, Int)] = [1: (.subregion, 4_000_000), 2: (.city, 900_000), 3: (.city, 5_000), 4: (.subregion, 100)]
        let candidates = facts.keys.sorted().map { rowid in
            let (kind, importance) = facts[rowid]!
            let score = SearchRanking.score(SearchRowFacts(kind: kind, importance: importance), codeMatched: false, byAlternateName: rowid == 2)
            return SearchRanking.Candidate(rowid: rowid, match: .exact, score: score, kind: kind, bonus: SearchRanking.exactBonus)
        }
        #expect(candidates[0].rank > candidates[1].rank)   // the province's tenth outweighs the capital's fortieth
        let after = SearchRanking.afterTowns(candidates) { facts[$0.rowid]!.1 }
        #expect(after[0].rank < after[1].rank && after[0].rank > after[2].rank)
        #expect(after[0].match == .exact && after[0].bonus == SearchRanking.exactBonus)
        #expect(after[1...].map(\.rank) == candidates[1...].map(\.rank))
        #expect(SearchRanking.best(after, count: 4).map(\.rowid) == [2, 1, 3, 4])
        // Without the capital, the village does not hold the province back.
        let village = SearchRanking.afterTowns(candidates.filter { $0.rowid != 2 }) { facts[$0.rowid]!.1 }
        #expect(village.map(\.rank) == candidates.filter { $0.rowid != 2 }.map(\.rank))
    }

    @Test func bestKeepsTheRankingOrder() {
        var candidates: [SearchRanking.Candidate] = []
        for i in 0..<1_000 {
            let match = SearchResult.Match.allCases[i % 3]
            candidates.append(.init(rowid: Int64(i), match: match, score: Double(i % 17) / 4, bonus: Double(i % 5) / 4))
        }
        let full = candidates.sorted { ($0.tier, -$0.rank, $0.rowid) < ($1.tier, -$1.rank, $1.rowid) }
        let best = SearchRanking.best(candidates, count: 20)
        #expect(best.map(\.rowid) == full.prefix(20).map(\.rowid))
        #expect(SearchRanking.best(candidates, count: 5_000).map(\.rowid) == full.map(\.rowid))
    }

    /// An exact match outranks a place whose name only starts with the query unless that one is
    /// more than about six times larger; a whole word typed ("san" in San Diego) counts between.
    @Test func exactAndWholeWordsWeighAgainstImportance() {
        func rank(_ match: SearchResult.Match, _ population: Int, bonus: Double = 0) -> Double {
            SearchRanking.Candidate(rowid: 0, match: match, score: score(.city, population), bonus: bonus).rank
        }
        let exact = rank(.exact, 100_000, bonus: SearchRanking.exactBonus)
        #expect(exact > rank(.prefix, 500_000))
        #expect(exact < rank(.prefix, 700_000))
        #expect(rank(.prefix, 860_000, bonus: SearchRanking.wordBonus) > rank(.prefix, 2_200_000))
        // Tiers: a match of words inside names never precedes an exact or prefix one.
        let candidates = [SearchRanking.Candidate(rowid: 1, match: .other, score: 9), .init(rowid: 2, match: .prefix, score: 1)]
        #expect(SearchRanking.best(candidates, count: 2).map(\.rowid) == [2, 1])
    }

    /// A city found by another place's name is exact only when it outweighs the cities so named.
    @Test func homonymsByAlternateNameAreDemoted() {
        let york = SearchRanking.Candidate(rowid: 1, match: .exact, score: score(.city, 7_864 / 40), kind: .city,
                                           bonus: SearchRanking.exactBonus)
        let demoted = SearchRanking.demoted(york, below: score(.city, 8_800_000), to: .other)
        #expect(demoted.match == .other && demoted.bonus == 0)
        #expect(SearchRanking.demoted(york, below: score(.city, 100), to: .other).match == .exact)
        #expect(SearchRanking.demoted(york, below: nil, to: .other).match == .exact)
        // A region's alternate names are curated: never demoted.
        let region = SearchRanking.Candidate(rowid: 2, match: .exact, score: 1, kind: .region)
        #expect(SearchRanking.demoted(region, below: 5, to: .other).match == .exact)
        let gardens = SearchRanking.demoted(york, below: 9, to: .prefix)
        #expect(gardens.match == .prefix && gardens.bonus == SearchRanking.wordBonus)
    }
}
