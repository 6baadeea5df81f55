import Testing
import JSONWriter

@Suite struct JSONValueTests {
    @Test func objectsKeepTheirKeyOrder() {
        let v: JSONValue = .object([("z", 1), ("a", "x"), ("m", .null), ("b", true)])
        #expect(v.rendered() == #"{"z":1,"a":"x","m":null,"b":true}"#)
    }

    @Test func numbersAreFixedAndTrimmed() {
        #expect(JSONValue.number(35.01160000001, digits: 6).rendered() == "35.0116")
        #expect(JSONValue.number(-0.0000001, digits: 6).rendered() == "0")
        #expect(JSONValue.number(2.0).rendered() == "2")
        #expect(JSONValue.number(.nan).rendered() == "null")
        #expect(JSONValue.number(nil).rendered() == "null")
        #expect(JSONValue.numberText("12345678901234567890").rendered() == "12345678901234567890")
        #expect(JSONValue.numberText("-1.5e3").rendered() == "-1.5e3")
    }

    @Test func stringsAreEscaped() {
        #expect(JSONValue.string("a\"b\\c\nd\u{01}é").rendered() == #""a\"b\\c\nd\u0001é""#)
    }

    @Test func prettyRenderingIndentsTwoSpaces() {
        let v: JSONValue = .object([("a", .array([1, 2])), ("b", .object([]))])
        #expect(v.prettyRendered() == "{\n  \"a\": [\n    1,\n    2\n  ],\n  \"b\": {}\n}")
    }
}
