import Foundation
import Testing
@testable import Gazetteer

/// Folding and sanitising: what reaches FTS5 is only quoted letters and digits.
@Suite struct SearchTextTests {
    @Test(arguments: [
        ("São Paulo", ["sao", "paulo"]),
        ("ZÜRICH", ["zurich"]),
        ("  sao   PAULO!! ", ["sao", "paulo"]),
        ("Ｔｏｋｙｏ", ["tokyo"]),            // full-width forms
        ("Kraków-Płaszów", ["krakow", "płaszow"]),
        ("京都府", ["京都府"]),
        ("ぎふ", ["ぎふ"]),                   // kana keep their voicing marks
        ("Москва東京paris", ["москва東京paris"]),
        ("Sana'a", ["sana", "a"]),
    ])
    func folding(input: String, tokens: [String]) {
        #expect(SearchText(input).tokens == tokens)
    }

    @Test(arguments: ["", "   ", "\"", "\"\"\"", "*", "^", ":", "()", "(((", "-", "\"((*^:))\"", "\u{0}\u{7}\u{1B}", "\u{0301}\u{0308}", "!@#$%&/=?`´+~;,.<>|\\{}[]"])
    func nothingSearchableLeft(input: String) {
        #expect(SearchText(input).tokens.isEmpty)
    }

    @Test func ftsSyntaxNeverSurvives() {
        let text = SearchText("\"kyo*to\" AND (osaka OR NOT ^nara) NEAR/2 col:umn")
        #expect(text.tokens == ["kyo", "to", "osaka", "nara", "2", "col", "umn"])
        #expect(text.allPrefixes == #""kyo"* "to"* "osaka"* "nara"* "2"* "col"* "umn"*"#)
        #expect(text.phrase(prefix: true) == #""kyo to osaka nara 2 col umn"*"#)
        // Operators in lower case are words; in capitals they are dropped unless nothing else is left.
        #expect(SearchText("trinidad and tobago").tokens == ["trinidad", "and", "tobago"])
        #expect(SearchText("OR").tokens == ["or"])
    }

    @Test func shortFinishedWordsAreTakenWhole() {
        #expect(SearchText("provincia di berg").wordPrefixes == #""provincia"* "di" "berg"*"#)
        #expect(SearchText("st lo").wordPrefixes == #""st" "lo"*"#)
        #expect(SearchText("sa").wordPrefixes == #""sa"*"#)
        #expect(SearchText("s").wordPrefixes == #""s"*"#)
        #expect(SearchText("saint john's").wordPrefixes == #""saint"* "john"* "s""#)
    }

    @Test func controlCharactersSeparateWords() {
        #expect(SearchText("kyo\u{0}to\tosaka\u{1B}\n").tokens == ["kyo", "to", "osaka"])
    }

    @Test func longInputIsBounded() {
        let text = SearchText(String(repeating: "kyoto ", count: 2_000))
        #expect(text.tokens.count == SearchText.maximumTokens)
        let oneWord = SearchText(String(repeating: "a", count: 10_000))
        #expect(oneWord.tokens == [String(repeating: "a", count: SearchText.maximumCharacters)])
    }
}
