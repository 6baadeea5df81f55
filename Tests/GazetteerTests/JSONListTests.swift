import Foundation
import Testing
@testable import Gazetteer

/// ``JSONList``: read back by Foundation's JSON parser, any strings come back as they were.
@Suite struct JSONListTests {
    @Test func anyStringsComeBackAsTheyWere() throws {
        let pool: [String] = ["", "FR.84", "say \"hi\"", "back\\slash", "tab\tnew\nline", "\u{1}\u{1F}", "\u{7F}", "Zürich", "東京", "🗺️", "a/b"]
        var state: UInt64 = 3
        for _ in 0..<300 {
            let values = (0..<Int(state % 6)).map { _ -> String in
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return (0..<Int(state >> 61)).map { k in pool[Int((state >> UInt64(8 * k)) & 0xFF) % pool.count] }.joined()
            }
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let text = JSONList(values).text
            let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String]
            #expect(parsed == values, "\(text)")
        }
        #expect(JSONList([]).text == "[]" && JSONList(["a", "b\"c"]).text == #"["a","b\"c"]"#)
    }
}
