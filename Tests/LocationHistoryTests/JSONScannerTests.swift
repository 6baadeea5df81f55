import Testing
@testable import LocationHistory

@Suite struct JSONScannerTests {
    /// Every value of a document, flattened to text, read in chunks of `chunk` bytes.
    private func tokens(_ text: String, chunk: Int = 1 << 20) throws(HistoryError) -> [String] {
        let s = JSONScanner(source: .memory(Array(text.utf8)), chunk: chunk)
        var out: [String] = []
        func value() throws(HistoryError) {
            switch try s.peek() ?? 0 {
            case 0x7B:
                try s.beginObject()
                out.append("{")
                while try s.nextKey() {
                    out.append("k:" + s.key.string)
                    try value()
                }
                out.append("}")
            case 0x5B:
                try s.beginArray()
                out.append("[")
                while try s.nextElement() { try value() }
                out.append("]")
            case 0x22: out.append("s:" + (try s.readString() ?? "?"))
            case 0x2D, 0x30...0x39: out.append("n:\(try s.readDouble() ?? .nan)")
            default:
                try s.skipValue()
                out.append("lit")
            }
        }
        try value()
        if let c = try s.peek() { throw s.malformed("trailing \(c)") }
        return out
    }

    @Test func prettyMinifiedAndCRLFReadAlikeAtEveryChunkSize() throws {
        let minified = #"{"a":[1,-2.5,3e2,{"b":"x\"y"}],"c":true,"d":null,"e":{}}"#
        let pretty = "{\r\n  \"a\" : [ 1 ,\r\n    -2.5, 3e2, { \"b\": \"x\\\"y\" } ],\r\n\t\"c\": true, \"d\": null, \"e\": { }\r\n}\r\n"
        let expected = try tokens(minified)
        #expect(expected == ["{", "k:a", "[", "n:1.0", "n:-2.5", "n:300.0", "{", "k:b", "s:x\"y", "}", "]", "k:c", "lit", "k:d", "lit", "k:e", "{", "}", "}"])
        for chunk in [1, 2, 3, 7, 64] {
            #expect(try tokens(minified, chunk: chunk) == expected)
            #expect(try tokens(pretty, chunk: chunk) == expected)
        }
    }

    @Test func escapesAreDecodedWithSurrogatePairs() throws {
        let text = #"["\u00e9\n\t\/\\", "\ud83d\ude00", "\ud800x", "\u0041\u00DF"]"#
        #expect(try tokens(text, chunk: 3) == ["[", "s:é\n\t/\\", "s:😀", "s:\u{FFFD}x", "s:Aß", "]"])
        #expect(throws: HistoryError.self) { try tokens(#"["\x"]"#) }
        #expect(throws: HistoryError.self) { try tokens(#"["\u12G4"]"#) }
    }

    /// Strings are scanned eight bytes at a time: a quote, a backslash or a control byte found at every position of a word.
    @Test func specialBytesAtEveryPositionOfAWord() throws {
        for k in 0..<20 {
            let pad = String(repeating: "a", count: k), tail = "é€😀bcdefghijk"
            #expect(try tokens("[\"\(pad)\\\"\(tail)\", \"\(pad)\"]", chunk: 4096) == ["[", "s:\(pad)\"\(tail)", "s:\(pad)", "]"])
            do throws(HistoryError) {
                _ = try tokens("[\"\(pad)\u{1F}\(tail)\"]")
                Issue.record("a control byte at \(k) read")
            } catch {
                #expect(error.offset == Int64(2 + k))
            }
        }
    }

    @Test func structureErrorsNameTheirOffset() {
        func offset(_ text: String) -> Int64? {
            do throws(HistoryError) { _ = try tokens(text); return nil } catch { return error.offset }
        }
        #expect(offset(#"[1 2]"#) == 3)            // a missing comma
        #expect(offset(#"[1,]"#) == 3)             // a trailing comma
        #expect(offset(#"{"a" 1}"#) == 5)          // no colon
        #expect(offset(#"{"a":1,}"#) == 7)
        #expect(offset(#"[01]"#) == 1)             // JSON has no leading zeros
        #expect(offset(#"[tru]"#) == 1)
        #expect(offset("[\"a\u{0}b\"]") == 3)      // a NUL inside a string
        #expect(offset("[\u{0}]") == 1)
        #expect(offset(#"[1}"#) == 2)
    }

    @Test func capsOnDepthStringAndNumberLength() {
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        #expect(throws: HistoryError(offset: 64, reason: .tooDeep)) { try tokens(deep) }
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect((try? tokens(fine))?.count == 128)
        let long = "[\"" + String(repeating: "x", count: JSONScanner.maximumString + 1) + "\"]"
        #expect(throws: HistoryError(offset: 1, reason: .stringTooLong)) { try tokens(long, chunk: 4096) }
        let number = "[" + String(repeating: "1", count: 65) + "]"
        #expect(throws: HistoryError(offset: 1, reason: .badNumber("a number longer than 64 bytes"))) { try tokens(number, chunk: 5) }
        #expect(throws: HistoryError(offset: 1, reason: .badNumber("a number out of range"))) { try tokens("[1e400]") }
    }

    @Test func theEndOfTheInputInsideADocumentIsACut() {
        for text in [#"{"a":[1,2"#, #"{"a":"xy"#, #"{"a""#, #"[tr"#, "{"] {
            do throws(HistoryError) {
                _ = try tokens(text, chunk: 2)
                Issue.record("\(text) read")
            } catch {
                #expect(error.isCutShort, "\(text): \(error)")
                #expect(error.offset == Int64(text.utf8.count))
            }
        }
    }

    @Test func numbersConvertExactly() {
        func double(_ s: String) -> Double? { Array(s.utf8).withUnsafeBufferPointer { JSONNumber.double(JSONText(start: $0.baseAddress!, count: $0.count)) } }
        func integer(_ s: String) -> Int64? { Array(s.utf8).withUnsafeBufferPointer { JSONNumber.integer(JSONText(start: $0.baseAddress!, count: $0.count)) } }
        for s in ["48.8566", "-122.4194155", "0.1", "2.3522", "1e-7", "123456789.123456789", "5e-324", "1.7976931348623157e308", "0.0000001", "-0"] {
            #expect(double(s) == Double(s)!, "\(s)")
        }
        #expect(double("1e400") == nil)
        #expect(integer("488566000") == 488_566_000)
        #expect(integer("-1234567890123") == -1_234_567_890_123)
        #expect(integer("1.5") == nil)
        #expect(integer("1234567890123456789") == nil)   // 19 digits: beyond what is read exactly
    }
}
