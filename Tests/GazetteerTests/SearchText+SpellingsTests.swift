import Testing
@testable import Gazetteer

/// "St"/"Saint", "Mt"/"Mount", "Ft"/"Fort": one word, however a query or a name writes it.
@Suite struct SearchTextSpellingsTests {
    @Test func eachAbbreviationAlsoWrittenOut() {
        #expect(SearchText("St. Petersburg").spellings.map(\.folded) == ["st petersburg", "saint petersburg"])
        #expect(SearchText("saint louis").spellings.map(\.folded) == ["saint louis", "st louis"])
        #expect(SearchText("Ft Worth").spellings.map(\.folded) == ["ft worth", "fort worth"])
        #expect(SearchText("mount isa").spellings.map(\.folded) == ["mount isa", "mt isa"])
        #expect(SearchText("Mt St Helens").spellings.map(\.folded) == ["mt st helens", "mount st helens", "mt saint helens", "mount saint helens"])
    }

    @Test func otherWordsAndPartsOfWordsStayAsTyped() {
        #expect(SearchText("paris").spellings.map(\.folded) == ["paris"])
        #expect(SearchText("stockholm").spellings.map(\.folded) == ["stockholm"])
        #expect(SearchText("forth").spellings.map(\.folded) == ["forth"])
        // Three such words: only the first two vary, so one query costs at most four searches.
        let three = SearchText("st mt ft").spellings
        #expect(three.count == SearchText.maximumSpellings)
        #expect(three.allSatisfy { $0.tokens.last == "ft" })
    }
}
