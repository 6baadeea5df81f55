import BenchmarkSupport
import JSONWriter
import SyntheticPhotos
import Testing

/// Values written one by one, inside a document written around them, against the reference
/// renderer's pretty rendering of the whole document.
@Suite struct JSONStreamTests {
    /// `{"kind": "log", "items": [members...]}`, the members streamed at depth 2 after the
    /// rest was rendered with an empty array, as the export writes its photos.
    @Test func membersStreamedIntoADocumentMatchTheWholeDocument() {
        var g = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let members = (0..<Int(g.next() % 4)).map { _ in ByteWriterTests.randomValue(&g, depth: 1) }
            let whole: JSONValue = .object([("kind", "log"), ("items", .array(members))])
            var json = JSONStream(pretty: true, level: 1)
            JSONValue.object([("kind", "log"), ("items", .array([]))]).render(into: &json.bytes, pretty: true)
            json.bytes.removeLast(Array("[]\n}".utf8).count)
            json.beginArray()
            for m in members { json.value(m) }
            json.endArray()
            json.bytes += Array("\n}".utf8)
            #expect(String(decoding: json.bytes, as: UTF8.self) == ReferenceRenderer.prettyRendered(whole))
        }
    }

    /// One array written in pieces by several streams, each after the members before it, and
    /// closed by the last: the pieces, given in order, are the whole document, pretty and
    /// compact, with none, one and many members in each piece.
    @Test func anArrayWrittenInPiecesIsTheWholeArray() {
        var g = SplitMix64(seed: 13)
        for pretty in [true, false] {
            for _ in 0..<300 {
                let members = (0..<Int(g.next() % 7)).map { _ in ByteWriterTests.randomValue(&g, depth: 1) }
                var cuts = (0..<Int(g.next() % 4)).map { _ in Int(g.next() % UInt64(members.count + 1)) }.sorted()
                cuts = [0] + cuts + [members.count]
                var head = JSONStream(pretty: pretty)
                head.beginObject()
                head.key(literal: "items")
                head.beginArray()
                var bytes = head.bytes
                for (start, end) in zip(cuts, cuts.dropFirst()) {
                    var piece = JSONStream(pretty: pretty, insideArrayAt: 1, after: start)
                    for m in members[start..<end] { piece.value(m) }
                    bytes += piece.bytes
                }
                var tail = JSONStream(pretty: pretty, insideArrayAt: 1, after: members.count)
                tail.endArray()
                bytes += tail.bytes + Array((pretty ? "\n}" : "}").utf8)
                let whole: JSONValue = .object([("items", .array(members))])
                let expected = pretty ? ReferenceRenderer.prettyRendered(whole) : ReferenceRenderer.rendered(whole)
                #expect(String(decoding: bytes, as: UTF8.self) == expected, "cuts \(cuts)")
            }
        }
    }

    /// Arrays of strings (none, empty, plain, with quotes, controls, non-ASCII, long) written
    /// whole, nested in an object, pretty and compact, against the reference renderer.
    @Test func stringArraysWriteWhatValuesWould() {
        let pool = ["", "2019-04-01", "a", "say \"hi\"", "tab\there", "back\\slash", "Zürich", "東京", "\u{7F}del", String(repeating: "long ", count: 9)]
        var g = SplitMix64(seed: 11)
        for pretty in [true, false] {
            for _ in 0..<300 {
                let strings = (0..<Int(g.next() % 6)).map { _ in pool[Int(g.next() % UInt64(pool.count))] }
                var json = JSONStream(pretty: pretty)
                json.beginObject()
                json.key(literal: "before"); json.strings(["x"])
                json.key(literal: "dates"); json.strings(strings)
                json.key(literal: "after"); json.int(1)
                json.endObject()
                let value: JSONValue = .object([("before", .array(["x"])), ("dates", .array(strings.map(JSONValue.string))), ("after", .int(1))])
                let expected = pretty ? ReferenceRenderer.prettyRendered(value) : ReferenceRenderer.rendered(value)
                #expect(String(decoding: json.bytes, as: UTF8.self) == expected, "\(strings)")
            }
        }
    }

    @Test func literalKeysAndOptionalsWriteWhatValuesWould() {
        var json = JSONStream(pretty: false)
        json.beginObject()
        json.key(literal: "name"); json.string("Kyoto")
        json.key(literal: "alias"); json.string(nil as String?)
        json.key(literal: "km"); json.number(1.25, digits: 1)
        json.key(literal: "inf"); json.number(.infinity, digits: 1)
        json.key("free \"key\""); json.bool(true)
        json.endObject()
        let value: JSONValue = .object([("name", "Kyoto"), ("alias", .null), ("km", .number(1.25, digits: 1)), ("inf", .number(.infinity, digits: 1)),
                                        ("free \"key\"", true)])
        #expect(String(decoding: json.bytes, as: UTF8.self) == ReferenceRenderer.rendered(value))
        #expect(String(decoding: json.bytes, as: UTF8.self) == #"{"name":"Kyoto","alias":null,"km":1.2,"inf":null,"free \"key\"":true}"#)
    }
}
