import BenchmarkSupport
import Foundation
import JSONWriter

/// bench-json [N]: renders N resolve answers (default 220,000: synthetic place chains of the
/// shape `atlas resolve --json` writes, see Sources/atlas/Output/PlaceChain+Output.swift) with the
/// renderer JSONWriter had before it wrote bytes (BenchmarkSupport's ReferenceRenderer) and with the
/// byte writer, alternately in the same run, and prints both rates and their ratio. Every
/// answer's bytes are compared first: the figures are for the same output.
let arguments = CommandLine.arguments
if arguments.contains("--help") {
    print("Usage: bench-json [N] [--rounds R]\n\nRenders N synthetic resolve answers (default 220000), R rounds of each renderer (default 5), alternating.")
    exit(0)
}
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 220_000
let rounds = arguments.firstIndex(of: "--rounds").flatMap { Int(arguments[$0 + 1]) } ?? 5


// The answers: deterministic, built before timing; names of the lengths and scripts places have.
var state: UInt64 = 42
@MainActor func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
}
@MainActor func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
let syllables = ["ka", "to", "san", "mar", "ville", "berg", "ão", "é", "ñ", "os", "ur", "ly", "grad", "ki", "ja", "中", "京", "ō"]
@MainActor func name() -> String { (0..<(2 + Int(next() % 4))).map { _ in syllables[Int(next() % UInt64(syllables.count))] }.joined().capitalized }
@MainActor func link(code: String?, distance: Bool) -> JSONValue {
    var pairs: [(String, JSONValue)] = [("id", .string("\(["country", "region", "city", "district", "airport"][Int(next() % 5)]):\(next() % 10_000_000)")),
                                        ("name", .string(name()))]
    if let code { pairs.append((code, .optional(next() % 8 == 0 ? nil : String(name().prefix(3)).uppercased()))) }
    if distance { pairs.append(("distance_km", .number(unit() * 40, digits: 3))) }
    return .object(pairs)
}
let answers: [JSONValue] = (0..<count).map { i in
    .object([
        ("id", .string("p\(i)")),
        ("lat", .number(unit() * 180 - 90, digits: 7)),
        ("lon", .number(unit() * 360 - 180, digits: 7)),
        ("waters", .string(next() % 10 == 0 ? "territorial" : "land")),
        ("continent", .object([("id", .string("continent:EU")), ("name", .string("Europe"))])),
        ("country", link(code: "iso3", distance: false)),
        ("region", link(code: "iso", distance: false)),
        ("city", link(code: nil, distance: true)),
        ("district", next() % 3 == 0 ? link(code: nil, distance: true) : .null),
        ("airport", link(code: "icao", distance: true)),
        ("border_km", .number(next() % 4 == 0 ? nil : unit() * 200, digits: 3)),
        ("boundary_quality", .optional(next() % 2 == 0 ? "coarse" : nil)),
        ("nearest_city_elsewhere", .bool(next() % 20 == 0)),
    ])
}

// Same bytes first.
var buffer: [UInt8] = []
buffer.reserveCapacity(1 << 16)
for a in answers {
    buffer.removeAll(keepingCapacity: true)
    a.render(into: &buffer)
    guard buffer.elementsEqual(ReferenceRenderer.rendered(a).utf8) else {
        print("bench-json: the renderers differ on \(ReferenceRenderer.rendered(a))")
        exit(1)
    }
}

func seconds(_ body: () -> Int) -> (Double, Int) {
    let start = DispatchTime.now().uptimeNanoseconds
    let bytes = body()
    return (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9, bytes)
}
var old: [Double] = [], strings: [Double] = [], new: [Double] = []
var totalBytes = 0
for _ in 0..<rounds {
    // The reference: a String per answer, as `atlas resolve --batch` made one per line.
    old.append(seconds { answers.reduce(0) { $0 + ReferenceRenderer.rendered($1).utf8.count } }.0)
    // The byte writer through the String API (`rendered()`), for callers that still want one.
    strings.append(seconds { answers.reduce(0) { $0 + $1.rendered().utf8.count } }.0)
    // The byte writer into one reused buffer, a line at a time (as the batch resolver does).
    let (t, bytes) = seconds {
        var total = 0
        for a in answers {
            buffer.removeAll(keepingCapacity: true)
            a.render(into: &buffer)
            buffer.append(0x0A)
            total += buffer.count
        }
        return total
    }
    new.append(t)
    totalBytes = bytes
}
func median(_ v: [Double]) -> Double { v.sorted()[v.count / 2] }
@MainActor func rate(_ t: Double) -> String { String(format: "%.0f answers/s (%.1f MB/s)", Double(count) / t, Double(totalBytes) / t / 1e6) }
print("bench-json: \(count) resolve answers, \(totalBytes) bytes, median of \(rounds) rounds each, alternating")
print("  reference (String, String(format:))  \(rate(median(old)))")
print("  rendered() (bytes, then String)       \(rate(median(strings)))   \(String(format: "%.1f×", median(old) / median(strings)))")
print("  render(into:) one reused buffer       \(rate(median(new)))   \(String(format: "%.1f×", median(old) / median(new)))")
