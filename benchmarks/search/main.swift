import BenchmarkSupport
import Foundation
import Gazetteer
import SQLite

/// bench-search: cold open of the gazetteer (fresh processes) and search latency over 1,000
/// realistic queries built deterministically from the gazetteer itself, against a plain FTS5
/// MATCH with no ranking measured in the same run.
let arguments = CommandLine.arguments
if arguments.contains("--help") {
    print("""
        Usage: bench-search [--runs N] [--list-empty] [--slowest]

        Prints the cold open (Gazetteer.open() and the first query, in N fresh processes,
        default 7), then p50/p99 search latency over 1,000 queries against the plain FTS5
        reference. Uses ATLAS_GAZETTEER or the bundled gazetteer. --list-empty names the
        queries that found nothing on stderr, --slowest the 15 slowest.
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
let colds = try FreshProcess.figures(flag: "--cold-once", count: 3, runs: runs).map { (open: $0[0], first: $0[1], prefix: $0[2]) }

func percentile(_ values: [Double], _ p: Double) -> Double {
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count) * p).rounded(.up)) - 1)]
}

// The queries, from the data: the same every run.
let gazetteer = try Gazetteer.open()
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
// Spread picks over each list with a large prime stride, and interleave the categories in
// a fixed pattern out of 20: 4 accented names, 4 plain names, 6 prefixes, 3 codes, 3 regions.
func pick<T>(_ items: [T], _ i: Int) -> T { items[(i &* 7_919 &+ 13) % items.count] }
let accented = cityNames.filter { $0.name != $0.folded && $0.name.lowercased() != $0.folded }
let pattern = ["city, accented", "city, plain", "prefix 2-5", "IATA code", "region"]
let slots = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 4, 4, 4]
var queries: [(category: String, text: String)] = []
for i in 0..<1_000 {
    let category = pattern[slots[i % slots.count]]
    switch category {
    case "city, accented": queries.append((category, pick(accented, i).name))
    case "city, plain": queries.append((category, pick(cityNames, i).folded))
    case "prefix 2-5":
        // What a person types before finishing the first word of a name.
        let firstWord = pick(cityNames, i).folded.split(whereSeparator: { !$0.isLetter }).first ?? "xx"
        queries.append((category, String(firstWord.prefix(2 + i % 4))))
    case "IATA code": queries.append((category, pick(iataCodes, i)))
    default: queries.append((category, pick(regionNames, i)))
    }
}

// Reference: the same sanitised MATCH expression, no ranking, no place loading.
let reference = try Database(path: gazetteer.path, mode: .readOnlyImmutable)
let plain = try reference.prepare("SELECT rowid FROM search WHERE search MATCH ? LIMIT 20")
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
    if results.isEmpty {
        empty += 1
        if arguments.contains("--list-empty") { FileHandle.standardError.write(Data("no result: \(q.category): \(q.text)\n".utf8)) }
    }
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
if arguments.contains("--slowest") {
    for (ms, q) in zip(ours, queries).sorted(by: { $0.0 > $1.0 }).prefix(15) {
        FileHandle.standardError.write(Data(String(format: "slow: %7.2f ms  %@: %@\n", ms, q.category, q.text).utf8))
    }
}
for (category, values) in byCategory.sorted(by: { $0.key < $1.key }) {
    print(String(format: "    %@ %4d queries  p50 %6.2f ms  p99 %6.2f ms", category.padding(toLength: 15, withPad: " ", startingAt: 0), values.count, percentile(values, 0.5), percentile(values, 0.99)))
}
