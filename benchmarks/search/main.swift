import Foundation
import Gazetteer
import SQLite

/// bench-search: cold open of the gazetteer (fresh processes) and search latency over 1,000
/// realistic queries built deterministically from the gazetteer itself, against a plain FTS5
/// MATCH with no ranking measured in the same run.
let arguments = CommandLine.arguments
if arguments.contains("--help") {
    print("""
        Usage: bench-search [--runs N]

        Prints the cold open (Gazetteer.open() and the first query, in N fresh processes,
        default 7), then p50/p99 search latency over 1,000 queries against the plain FTS5
        reference. Uses ATLAS_GAZETTEER or the bundled gazetteer.
        """)
    exit(0)
}

func milliseconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6 }

// A child process: one cold open, one first query, one first short prefix (which loads the
// in-memory rank index), printed for the parent.
if arguments.contains("--cold-once") {
    let start = DispatchTime.now().uptimeNanoseconds
    let gazetteer = try Gazetteer.open()
    let opened = milliseconds(since: start)
    let queryStart = DispatchTime.now().uptimeNanoseconds
    _ = try gazetteer.search(SearchQuery(text: "kyoto"))
    let firstQuery = milliseconds(since: queryStart)
    let prefixStart = DispatchTime.now().uptimeNanoseconds
    _ = try gazetteer.search(SearchQuery(text: "sa"))
    print(opened, firstQuery, milliseconds(since: prefixStart))
    exit(0)
}

let runs = arguments.firstIndex(of: "--runs").flatMap { Int(arguments[$0 + 1]) } ?? 7
var colds: [(open: Double, first: Double, prefix: Double)] = []
for _ in 0..<runs {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    child.arguments = ["--cold-once"]
    let pipe = Pipe()
    child.standardOutput = pipe
    try child.run()
    child.waitUntilExit()
    let fields = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard fields.count == 3 else { fatalError("cold run failed") }
    colds.append((fields[0], fields[1], fields[2]))
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

// The queries, from the data: the same every run.
let gazetteer = try Gazetteer.open()
var random = SplitMix(seed: 11)
var cityNames: [(name: String, folded: String)] = []
var regionNames: [String] = []
var iataCodes: [String] = []
try gazetteer.withDatabase { db in
    let c = try db.prepare("SELECT name, folded FROM cities WHERE population >= 15000 ORDER BY geonameid")
    while try c.step() { cityNames.append((c.string(0) ?? "", c.string(1) ?? "")) }
    let r = try db.prepare("SELECT name FROM regions ORDER BY id")
    while try r.step() { regionNames.append(r.string(0) ?? "") }
    let a = try db.prepare("SELECT iata FROM airports WHERE size IN ('large', 'medium') ORDER BY iata")
    while try a.step() { iataCodes.append(a.string(0) ?? "") }
}
@MainActor func pick<T>(_ items: [T]) -> T { items[Int.random(in: 0..<items.count, using: &random)] }
var queries: [(category: String, text: String)] = []
let accented = cityNames.filter { $0.name != $0.folded && $0.name.lowercased() != $0.folded }
for _ in 0..<200 { queries.append(("city, accented", pick(accented).name)) }
for _ in 0..<200 { queries.append(("city, plain", pick(cityNames).folded)) }
for _ in 0..<300 {
    let letters = Array(pick(cityNames).folded.filter(\.isLetter))
    guard letters.count >= 2 else { continue }
    queries.append(("prefix 2-5", String(letters.prefix(Int.random(in: 2...min(5, letters.count), using: &random)))))
}
for _ in 0..<150 { queries.append(("IATA code", pick(iataCodes))) }
while queries.count < 1_000 { queries.append(("region", pick(regionNames))) }
queries.shuffle(using: &random)

// Reference: the same sanitised MATCH expression, no ranking, no place loading.
let reference = try Database(path: gazetteer.path, mode: .readOnlyImmutable)
let plain = try reference.prepare("SELECT id FROM search WHERE search MATCH ? LIMIT 20")
@MainActor func runReference(_ text: String) throws -> Int {
    let match = SearchText(text).allPrefixes
    guard !match.isEmpty else { return 0 }
    try plain.bind(match)
    var n = 0
    while try plain.step() { n += 1 }
    return n
}

// Warm up both (and load the rank index), then time each query on its own.
for q in queries {
    _ = try gazetteer.search(SearchQuery(text: q.text))
    _ = try runReference(q.text)
}
var ours: [Double] = [], theirs: [Double] = []
var byCategory: [String: [Double]] = [:]
var empty = 0
for q in queries {
    var start = DispatchTime.now().uptimeNanoseconds
    let results = try gazetteer.search(SearchQuery(text: q.text))
    let ms = milliseconds(since: start)
    ours.append(ms)
    byCategory[q.category, default: []].append(ms)
    if results.isEmpty { empty += 1 }
    start = DispatchTime.now().uptimeNanoseconds
    _ = try runReference(q.text)
    theirs.append(milliseconds(since: start))
}

print("bench-search: gazetteer \(gazetteer.version), \(queries.count) queries, one thread")
print(String(format: "  cold open           %6.1f ms  Gazetteer.open(), median of %d fresh processes", median(colds.map(\.open)), runs))
print(String(format: "  first query         %6.1f ms  (\"kyoto\", right after open)", median(colds.map(\.first))))
print(String(format: "  open + first query  %6.1f ms", median(colds.map { $0.open + $0.first })))
print(String(format: "  first short prefix  %6.1f ms  (\"sa\": loads the in-memory rank index once per process)", median(colds.map(\.prefix))))
print(String(format: "  TravelAtlas search  p50 %6.2f ms   p99 %6.2f ms   max %6.2f ms   (%d with no result)",
             percentile(ours, 0.5), percentile(ours, 0.99), ours.max() ?? 0, empty))
print(String(format: "  plain FTS5 MATCH    p50 %6.2f ms   p99 %6.2f ms   max %6.2f ms   (LIMIT 20, no ranking)",
             percentile(theirs, 0.5), percentile(theirs, 0.99), theirs.max() ?? 0))
print(String(format: "  ratio               p50 %6.1f×     p99 %6.1f×", percentile(ours, 0.5) / percentile(theirs, 0.5), percentile(ours, 0.99) / percentile(theirs, 0.99)))
for (category, values) in byCategory.sorted(by: { $0.key < $1.key }) {
    print(String(format: "    %@ %4d queries  p50 %6.2f ms  p99 %6.2f ms", category.padding(toLength: 15, withPad: " ", startingAt: 0), values.count, percentile(values, 0.5), percentile(values, 0.99)))
}

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
