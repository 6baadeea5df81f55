import BenchmarkSupport
import Foundation
import SyntheticPhotos
import Testing
import JSONWriter

/// The byte writer against the renderer it replaced (``ReferenceRenderer``): the same bytes
/// for every value, compact and pretty.
@Suite struct ByteWriterTests {
    /// Every `digits` the sources use (1–7), the edges (0, 19, 20) and a few beyond.
    static let digitSettings = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 15, 17, 19, 20, 25, 40]

    /// Doubles of every kind: any bit pattern, short decimals, exact binary ties (k/2^j),
    /// values next to powers of ten and to ties, tiny, subnormal and huge, both signs.
    static func doubles(count: Int, seed: UInt64) -> [Double] {
        var g = SplitMix64(seed: seed)
        var values: [Double] = [0, -0.0, 0.125, 2.675, 1e-7, -1e-7, 0.5, 1.5, 2.5, -0.5, -2.5, 1.005, 35.01160000001,
                                -0.0000001, .leastNonzeroMagnitude, .leastNormalMagnitude, .greatestFiniteMagnitude,
                                -.greatestFiniteMagnitude, 9.9999995, 0.95, 0.05, 0.15, 0.25, 0.35, 0.45, 1e15, 1e16, 1e17,
                                1e19, 1e21, 1e22, 1e23, 4503599627370496.5, 9007199254740992.0.nextUp, 18446744073709551616.0.nextDown,
                                123456789.123456789, 0.1, 0.2, 0.3, 1.0 / 3.0, 2.0 / 3.0]
        for k in -30...30 {
            let p = pow(10.0, Double(k))
            values += [p, p.nextUp, p.nextDown, -p, 0.5 * p, 5 * p, 9.5 * p, 9.95 * p, 9.995 * p, 9.9995 * p]
        }
        while values.count < count {
            let pick = g.next() % 8
            var v: Double
            switch pick {
            case 0: v = Double(bitPattern: g.next())                                     // anything
            case 1: v = Double(Int64(bitPattern: g.next()) % 10_000_000) / pow(10, Double(g.next() % 9))  // short decimals
            case 2: v = Double(Int64(bitPattern: g.next()) % 1_000_000) / pow(2, Double(g.next() % 30))   // exact binary ties
            case 3: v = Double.random(in: -180...180, using: &g)                          // coordinates
            case 4: v = Double.random(in: 0..<1, using: &g) * pow(10, Double(Int(g.next() % 60) - 30))
            case 5:                                                                      // next to a tie at some digits
                let d = Double(g.next() % 8)
                let tie = (Double(Int64(bitPattern: g.next()) % 100_000) + 0.5) / pow(10, d)
                v = [tie, tie.nextUp, tie.nextDown][Int(g.next() % 3)]
            case 6: v = Double(bitPattern: g.next() % 0x0010_0000_0000_0000)             // subnormal
            default: v = Double(Int64(bitPattern: g.next()) >> Int(g.next() % 64))        // integers
            }
            if !v.isFinite { continue }
            values.append(v)
        }
        return values
    }

    @Test(arguments: digitSettings)
    func doublesMatchTheReference(digits: Int) {
        var mismatches: [String] = []
        for v in Self.doubles(count: 20_000, seed: UInt64(digits) &+ 17) {
            let value = JSONValue.double(v, digits: digits)
            let new = value.rendered()
            let old = ReferenceRenderer.rendered(value)
            if new != old, mismatches.count < 10 { mismatches.append("\(v.bitPattern) (\(v)) digits \(digits): \(new) != \(old)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }

    @Test func halfwayCasesRoundToEven() {
        #expect(JSONValue.double(0.125, digits: 2).rendered() == "0.12")
        #expect(JSONValue.double(0.375, digits: 2).rendered() == "0.38")
        #expect(JSONValue.double(2.5, digits: 0).rendered() == "2")
        #expect(JSONValue.double(-3.5, digits: 0).rendered() == "-4")
        #expect(JSONValue.double(2.675, digits: 2).rendered() == "2.67")   // 2.67499999…
        #expect(JSONValue.double(-0.0, digits: 3).rendered() == "0")
        #expect(JSONValue.double(-0.0004, digits: 3).rendered() == "0")
        #expect(JSONValue.double(1e-7, digits: 7).rendered() == "0.0000001")
        #expect(JSONValue.double(100, digits: 0).rendered() == "100")
        #expect(JSONValue.double(1e22, digits: 3).rendered() == "10000000000000000000000")
    }

    @Test func infinitiesAndNaNAreNull() {
        for v in [Double.infinity, -.infinity, .nan] {
            #expect(JSONValue.double(v, digits: 3).rendered() == "null")
        }
    }

    @Test func integersMatchTheReference() {
        var g = SplitMix64(seed: 3)
        var values = [0, 1, -1, 9, 10, -10, Int.max, Int.min, 1_459_640]
        for _ in 0..<5000 { values.append(Int(bitPattern: UInt(g.next())) >> Int(g.next() % 64)) }
        for i in values {
            #expect(JSONValue.int(i).rendered() == ReferenceRenderer.rendered(.int(i)))
        }
    }

    static func randomString(_ g: inout SplitMix64) -> String {
        let pieces: [String] = ["a", "Kyoto", " ", "\"", "\\", "\n", "\r", "\t", "\r\n", "\u{0}", "\u{1}", "\u{8}", "\u{C}",
                                "\u{1B}", "\u{1F}", "\u{7F}", "\u{80}", "\u{9F}", "é", "e\u{301}", "ß", "東京", "\u{2028}",
                                "\u{2029}", "\u{FEFF}", "\u{FFFD}", "👩‍👩‍👧", "🇯🇵", "\u{10FFFF}", "\\u0000", "/", "</script>",
                                "\u{D7FF}", "\u{E000}"]
        var s = ""
        let n = Int(g.next() % 12)
        for _ in 0..<n {
            if g.next() % 6 == 0 {
                // Arbitrary bytes, invalid UTF-8 among them: repaired as a String is made.
                let bytes = (0..<Int(g.next() % 8)).map { _ in UInt8(truncatingIfNeeded: g.next()) }
                s += String(decoding: bytes, as: UTF8.self)
            } else {
                s += pieces[Int(g.next() % UInt64(pieces.count))]
            }
        }
        return s
    }

    @Test func stringsMatchTheReference() {
        var g = SplitMix64(seed: 11)
        for _ in 0..<20_000 {
            let s = Self.randomString(&g)
            #expect(JSONValue.string(s).rendered() == ReferenceRenderer.rendered(.string(s)), "\(Array(s.utf8))")
        }
        for b in 0..<0x80 {
            let s = String(UnicodeScalar(UInt8(b)))
            #expect(JSONValue.string(s).rendered() == ReferenceRenderer.rendered(.string(s)))
        }
    }

    static func randomValue(_ g: inout SplitMix64, depth: Int) -> JSONValue {
        switch g.next() % (depth > 3 ? 5 : 7) {
        case 0: return .null
        case 1: return .bool(g.next() % 2 == 0)
        case 2: return .int(Int(bitPattern: UInt(g.next())) >> Int(g.next() % 64))
        case 3: return .number(Double.random(in: -1e6...1e6, using: &g), digits: Int(g.next() % 8))
        case 4: return .string(randomString(&g))
        case 5: return .array((0..<Int(g.next() % 5)).map { _ in randomValue(&g, depth: depth + 1) })
        default: return .object((0..<Int(g.next() % 5)).map { _ in (randomString(&g), randomValue(&g, depth: depth + 1)) })
        }
    }

    @Test func nestedValuesMatchTheReference() {
        var g = SplitMix64(seed: 29)
        for _ in 0..<3000 {
            let v = Self.randomValue(&g, depth: 0)
            #expect(v.rendered() == ReferenceRenderer.rendered(v))
            #expect(v.prettyRendered() == ReferenceRenderer.prettyRendered(v))
        }
    }

    @Test func renderingIntoABufferAppends() {
        let v: JSONValue = .object([("a", .array([1, .number(0.125, digits: 2)])), ("b", "\u{1}é")])
        var buffer = Array("x\n".utf8)
        v.render(into: &buffer)
        #expect(buffer == Array("x\n".utf8) + Array(v.rendered().utf8))
        buffer.removeAll(keepingCapacity: true)
        v.render(into: &buffer, pretty: true)
        #expect(String(decoding: buffer, as: UTF8.self) == ReferenceRenderer.prettyRendered(v))
    }
}
