import Gazetteer
import JSONWriter
import SyntheticPhotos
import Testing
@testable import Resolver

/// A batch line's numbers copied into its answer must be the bytes the answer would have
/// formatted from the doubles: checked against ``JSONBytes/appendFixed(_:digits:to:)`` of the
/// value the text reads as (`Double(String)`, which rounds correctly), on numbers of every
/// shape a batch may hold.
@Suite struct CoordinateTextTests {
    /// What the answer writes for a number read from `text`.
    private func formatted(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        JSONBytes.appendFixed(Double(text)!, digits: 7, to: &out)
        return out
    }

    /// Numbers with a sign or none, 1–4 integer digits (some with a leading zero), 0–9 decimals
    /// (some ending in zeros, some all zeros): whenever ``CoordinateText/printed(_:)`` keeps a
    /// prefix, it is what formatting writes; and it keeps every number of the plain form.
    @Test func aKeptPrefixIsWhatFormattingWrites() {
        var g = SplitMix64(seed: 37)
        var kept = 0
        for _ in 0..<50_000 {
            let sign = ["", "-", "+"][Int(g.next() % 3)]
            let integerCount = 1 + Int(g.next() % 4), decimalCount = Int(g.next() % 10)
            var integer = (0..<integerCount).map { _ in String(g.next() % 10) }.joined()
            if g.next() % 8 == 0 { integer = "0" }
            var decimals = (0..<decimalCount).map { _ in String(g.next() % 10) }.joined()
            if decimalCount > 0, g.next() % 4 == 0 { decimals = String(decimals.dropLast(min(decimalCount, 3))) + String(repeating: "0", count: min(decimalCount, 3)) }
            let text = sign + integer + (decimalCount > 0 || g.next() % 9 == 0 ? "." + decimals : "")
            guard let value = Double(text), text.last != "." else { continue }
            let bytes = Array(text.utf8)
            let plainForm = sign != "+" && integer.count <= 3 && (integer.count == 1 || integer.first != "0")
                && decimalCount <= 7 && !(sign == "-" && value == 0)
            if let n = CoordinateText.printed(bytes) {
                kept += 1
                #expect(Array(bytes[..<n]) == formatted(text), "\(text)")
            } else {
                #expect(!plainForm, "\(text) is of the plain form")
            }
        }
        #expect(kept > 10_000)
    }

    @Test func awkwardNumbers() {
        let cases: [(String, Int?)] = [
            ("0", 1), ("-0", nil), ("-0.000", nil), ("0.000", 1), ("-0.5", 4), ("10.0", 2), ("180", 3), ("-179.9999999", 12),
            ("1.00000001", nil), ("0180", nil), ("+5", nil), ("5.", nil), (".5", nil), ("1e5", nil), ("", nil), ("-", nil), ("1.2.3", nil),
            ("1000", nil), ("-12.340", 6),
        ]
        for (text, expected) in cases {
            #expect(CoordinateText.printed(Array(text.utf8)) == expected, "\(text)")
        }
    }

    @Test func aLineKeepsBothNumbersAsPrinted() {
        func numbers(_ line: String) -> [String]? {
            CoordinateText(line: Array(line.utf8))?.withNumbers { [String(decoding: $0, as: UTF8.self), String(decoding: $1, as: UTF8.self)] }
        }
        #expect(numbers("48.8566,2.352200") == ["48.8566", "2.3522"])
        #expect(numbers("-33.86;151.21") == ["-33.86", "151.21"])
        #expect(numbers("-12.3456789\t-179.0000000") == ["-12.3456789", "-179"])
        for line in ["48.8566", "1,2,3", "+1,2", "1e5,2", "", ",5", "5,", "1,,2", "1, 2", "0180,1", "1.123456789,2", "1,2 "] {
            #expect(numbers(line) == nil, "\(line)")
        }
    }

    /// An answer written with the line's numbers is the answer written from the doubles.
    @Test func anAnswerWithTheLinesNumbersIsTheSame() throws {
        let resolver = ResolverTests.resolver
        var firstUse = FirstUseTables()
        for (lat, lon) in ResolutionTests.places {
            let line = "\(lat),\(lon)"
            let coordinate = GeoCoordinate(latitude: Double(String(line.split(separator: ",")[0]))!, longitude: Double(String(line.split(separator: ",")[1]))!)
            let found = try resolver.resolution(of: coordinate, &firstUse)
            let text = try #require(CoordinateText(line: Array(line.utf8)), "\(line)")
            var expected = ByteBuffer(), got = ByteBuffer()
            resolver.append(found, id: nil, to: &expected, &firstUse)
            text.withNumbers { resolver.append(found, id: nil, to: &got, &firstUse, numbers: ($0, $1)) }
            let (a, b) = (expected.withUnsafeBytes { Array($0) }, got.withUnsafeBytes { Array($0) })
            #expect(a == b, "\(line): \(String(decoding: b, as: UTF8.self))")
        }
    }
}
