import Testing
import TravelLog

@Suite struct LocalTimeTests {
    /// Texts of the log's form and of others beside them: the same instant with a fraction or a
    /// zone, a space for the `T`, short fields, full-width digits, a bare date, nothing at all.
    private static let texts: [String] = {
        var texts: [String] = []
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(n))
        }
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        for _ in 0..<400 {
            let date = "\(1990 + next(40))-\(two(1 + next(12)))-\(two(1 + next(28)))"
            let clock = "\(two(next(24))):\(two(next(60))):\(two(next(60)))"
            texts.append(date + "T" + clock)
            switch next(8) {
            case 0: texts.append(date + "T" + clock + ".250")
            case 1: texts.append(date + "T" + clock + "Z")
            case 2: texts.append(date + " " + clock)
            case 3: texts.append(date)
            default: break
            }
        }
        return texts + ["", "2024-11-20T09:05:7", "2024-11-20T09:05:0x", "２０２４-11-20T09:05:07", "9999-99-99T99:99:99", "0000-00-00T00:00:00",
                         "2024-11-20T09:05:0:", "2024-11-20T09:05:/0", "2024-1/-20T09:05:07", "2024-11-20T09:05:07",
                         "2024-11-20T0@:05:07", "2024-11-20T09:05-07", "2024-11-20t09:05:07", "2O24-11-20T09:05:07"]
    }()

    /// A time of the log's form is the number its digits make; any other text has none.
    @Test func theLogsFormIsHeldAsItsDigits() {
        #expect(LocalTime("2024-11-20T09:05:07").clock == 20_241_120_090_507)
        #expect(LocalTime("0000-00-00T00:00:00").clock == 0)
        for text in Self.texts {
            let bytes = Array(text.utf8)
            let ofForm = bytes.count == 19 && bytes.indices.allSatisfy { k in
                switch k {
                case 4, 7: bytes[k] == UInt8(ascii: "-")
                case 10: bytes[k] == UInt8(ascii: "T")
                case 13, 16: bytes[k] == UInt8(ascii: ":")
                default: (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[k])
                }
            }
            let digits = Int64(String(text.filter(\.isASCII).filter(\.isNumber)))
            #expect(LocalTime(text).clock == (ofForm ? digits! : -1), "\(text)")
        }
    }

    /// Every form gives its own text back, from a string and from bytes, and through ``LocalTime/withUTF8(_:)``.
    @Test func givesItsTextBack() {
        for text in Self.texts {
            let time = LocalTime(text)
            #expect(time.text == text && time.description == text)
            #expect(time.withUTF8 { Array($0) } == Array(text.utf8))
            var copy = text
            #expect(copy.withUTF8 { LocalTime(utf8: UnsafeRawBufferPointer($0)) } == time)
        }
    }

    /// Equal, hashed and ordered as the texts are, whatever mix of forms is compared.
    @Test func comparesAsItsText() {
        let times = Self.texts.map { LocalTime($0) }
        for (a, x) in zip(Self.texts, times) {
            for (b, y) in zip(Self.texts.prefix(120), times.prefix(120)) {
                #expect((x < y) == (a < b), "\(a) < \(b)")
                #expect((x == y) == (a == b), "\(a) == \(b)")
                if a == b { #expect(x.hashValue == y.hashValue) }
            }
        }
        #expect(times.sorted().map(\.text) == Self.texts.sorted())
        let literal: LocalTime = "2024-05-01T09:30:00"
        #expect(literal == LocalTime("2024-05-01T09:30:00"))
    }
}
