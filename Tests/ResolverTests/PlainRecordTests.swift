import Gazetteer
import SyntheticPhotos
import Testing
@testable import Resolver

/// The batch's fast reading of a line of two plain numbers (``BatchLineParser/plainRecord(_:line:)``)
/// against the general one (``BatchLineParser/parse(_:line:)``): on random lines made of digits,
/// signs, points, separators, spaces and exponents, after every kind of first line, whatever the
/// fast path takes it reads as the general path does, to the bit.
@Suite struct PlainRecordTests {
    /// A parser that has read `first` as line 1 (a header, or a first point).
    static func parser(after first: String) -> BatchLineParser {
        var parser = BatchLineParser()
        _ = parser.parse(Array(first.utf8), line: 1)
        return parser
    }

    static let firstLines = ["lat,lon", "lat,lon,id", "lat;lon", "lat\tlon\tid", "lat lon", "lon,lat", "id,lat,lon",
                             "1,2", "1;2", "1\t2", "1 2", "latitude , longitude"]

    static func randomLine(_ g: inout SplitMix64) -> [UInt8] {
        let pieces = ["0", "1", "5", "9", "48", "2.35", "-", "+", ".", ",", ";", "\t", " ", "e", "E", "\"", "12345678901234567",
                      "0.000000000000000000000001", "−"]
        if g.next() % 2 == 0 {
            // Mostly the shape of a batch line, with now and then a stray piece.
            var line = "\(Int(g.next() % 181) - 90).\(g.next() % 1_000_000)" + [",", ";", "\t"][Int(g.next() % 3)]
                + "\(g.next() % 2 == 0 ? "-" : "")\(g.next() % 180).\(g.next() % 10_000_000)"
            if g.next() % 4 == 0 { line.insert(contentsOf: pieces[Int(g.next() % UInt64(pieces.count))], at: line.index(line.startIndex, offsetBy: Int(g.next() % UInt64(line.count)))) }
            return Array(line.utf8)
        }
        return Array((0..<Int(g.next() % 8)).map { _ in pieces[Int(g.next() % UInt64(pieces.count))] }.joined().utf8)
    }

    static func same(_ a: BatchInput.Record?, _ b: BatchInput.Record?) -> Bool {
        guard a == b else { return false }
        if case .coordinate(let p, _, _)? = a, case .coordinate(let q, _, _)? = b {
            return p.latitude.bitPattern == q.latitude.bitPattern && p.longitude.bitPattern == q.longitude.bitPattern
        }
        return true
    }

    @Test(arguments: firstLines)
    func plainLinesReadAsTheGeneralParserReadsThem(first: String) {
        var g = SplitMix64(seed: UInt64(first.utf8.count) &* 7919 &+ UInt64(first.utf8.first ?? 0))
        let base = Self.parser(after: first)
        var taken = 0, mismatches: [String] = []
        for k in 0..<20_000 {
            let line = Self.randomLine(&g)
            var general = base
            let plain = line.withUnsafeBufferPointer { base.plainRecord($0, line: k + 2) }
            guard let plain else { continue }
            taken += 1
            let expected = general.parse(line, line: k + 2)
            if !Self.same(plain, expected), mismatches.count < 10 { mismatches.append("\(String(decoding: line, as: UTF8.self)): \(plain) != \(String(describing: expected))") }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
        // Without a header, or after one of lat and lon, most lines of the batch's shape are taken.
        if ["lat,lon", "lat,lon,id", "1,2", "1;2"].contains(first) { #expect(taken > 1_000) }
    }

    @Test func theFirstLineIsNeverTaken() {
        let parser = BatchLineParser()
        #expect(Array("48.8,2.3".utf8).withUnsafeBufferPointer { parser.plainRecord($0, line: 1) } == nil)
    }
}
