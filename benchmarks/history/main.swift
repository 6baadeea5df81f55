import Foundation
import LocationHistory

/// bench-history [--mb N] [--runs R] [--no-import] [--no-python]: writes (once, under benchmarks/.work/history)
/// a pretty-printed Takeout `Records.json` of about N MB (default 1024: about 3 million points,
/// laid out as Takeout writes it — two-space indentation, `latitudeE7`, `longitudeE7`,
/// `accuracy`, `source`, `deviceTag`, `timestamp` with milliseconds, an `activity` array in
/// some records), then in one run reads it R times with `HistoryReader` (default 3; the median
/// is printed), imports it with the `atlas` built beside this program (`atlas import EMPTY
/// --track FILE` into a new log: read, stored, resolved into days; then the same import again,
/// unchanged), and once with Python's `json.load`, the reference, and prints points/s, MB/s,
/// peak memory and the ratios. The file comes from the page cache for both: this is the
/// parser's speed, not the disk's.
let arguments = CommandLine.arguments
if arguments.contains("--help") {
    print("Usage: bench-history [--mb N] [--runs R] [--no-import] [--no-python]")
    exit(0)
}
func option(_ name: String) -> Int? { arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? Int(arguments[$0 + 1]) : nil } }
let megabytes = option("--mb") ?? 1024
let runs = max(1, option("--runs") ?? 3)
let work = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(".work/history")
try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
let path = work.appendingPathComponent("Records-\(megabytes)MB.json").path

// MARK: The file

/// `YYYY-MM-DDTHH:MM:SS.mmmZ` of milliseconds since 1970 (Hinnant's civil_from_days).
func iso(_ ms: Int64, into out: inout [UInt8]) {
    let seconds = ms / 1000, millis = Int(ms % 1000)
    let days = Int(seconds / 86_400), rest = Int(seconds % 86_400)
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let doe = z - era * 146_097
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
    let mp = (5 * doy + 2) / 153
    let day = doy - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yoe + era * 400 + (month <= 2 ? 1 : 0)
    func digits(_ v: Int, _ n: Int) {
        var d = [UInt8](repeating: 0x30, count: n), v = v
        for i in stride(from: n - 1, through: 0, by: -1) { d[i] = UInt8(0x30 + v % 10); v /= 10 }
        out.append(contentsOf: d)
    }
    digits(year, 4); out.append(0x2D); digits(month, 2); out.append(0x2D); digits(day, 2); out.append(0x54)
    digits(rest / 3600, 2); out.append(0x3A); digits(rest / 60 % 60, 2); out.append(0x3A); digits(rest % 60, 2)
    out.append(0x2E); digits(millis, 3); out.append(0x5A)
}

func generate(_ path: String, bytes target: Int) throws -> Int {
    let partial = path + ".partial"
    _ = FileManager.default.createFile(atPath: partial, contents: nil)
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: partial))
    var out: [UInt8] = []
    out.reserveCapacity(1 << 21)
    var written = 0, points = 0
    var state: UInt64 = 7
    func next() -> UInt64 {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return state >> 33
    }
    func add(_ s: String) { out.append(contentsOf: s.utf8) }
    var instant: Int64 = 1_388_534_400_000   // 2014-01-01
    var lat = 488_566_000, lon = 23_522_000
    let sources = ["WIFI", "GPS", "CELL"]
    let types = ["STILL", "ON_FOOT", "WALKING", "IN_VEHICLE", "ON_BICYCLE", "UNKNOWN", "TILTING", "RUNNING"]
    add("{\n  \"locations\": [")
    while written + out.count < target {
        if points > 0 { add(", ") }
        instant += Int64(20_000 + next() % 120_000)
        lat += Int(next() % 20_001) - 10_000
        lon += Int(next() % 20_001) - 10_000
        // Western and southern positions, some written as Takeout's unsigned overflow.
        let lonText = next() % 50 == 0 ? "\(Int64(-lon) + (1 << 32))" : "\(lon)"
        add("{\n    \"latitudeE7\": \(lat),\n    \"longitudeE7\": \(lonText),\n    \"accuracy\": \(5 + next() % 60),\n")
        if next() % 2 == 0 {
            add("    \"activity\": [{\n      \"activity\": [")
            let n = 1 + Int(next() % 5)
            for k in 0..<n {
                add((k > 0 ? ", " : "") + "{\n        \"type\": \"\(types[Int(next() % 8)])\",\n        \"confidence\": \(next() % 101)\n      }")
            }
            add("],\n      \"timestamp\": \"")
            iso(instant + 1_000, into: &out)
            add("\"\n    }],\n")
        }
        add("    \"source\": \"\(sources[Int(next() % 3)])\",\n    \"deviceTag\": \(100_000_000 + next() % 900_000_000),\n    \"timestamp\": \"")
        iso(instant, into: &out)
        add("\"\n  }")
        points += 1
        if out.count >= 1 << 20 {
            handle.write(Data(out))
            written += out.count
            out.removeAll(keepingCapacity: true)
        }
    }
    add("]\n}\n")
    handle.write(Data(out))
    try handle.close()
    try FileManager.default.moveItem(atPath: partial, toPath: path)
    return points
}

if !FileManager.default.fileExists(atPath: path) {
    let start = Date()
    let points = try generate(path, bytes: megabytes << 20)
    print("wrote \(path): \(points) points in \(String(format: "%.1f", Date().timeIntervalSince(start))) s")
}
let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.int64Value ?? 0

// MARK: The reader

func peakRSS(_ who: __rusage_who) -> Double {
    var usage = rusage()
    getrusage(who.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024   // KiB on Linux
}

var seconds: [Double] = []
var points = 0
var checksum = 0.0
for _ in 0..<runs {
    var n = 0, sum = 0.0
    let start = DispatchTime.now().uptimeNanoseconds
    let summary = try HistoryReader.read(fileAt: path) { item in
        if case .point(let p) = item {
            n += 1
            sum += p.latitude
        }
    }
    seconds.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    guard summary?.format == .googleRecords, summary?.points == n, summary?.cutShort == nil else { fatalError("unexpected read: \(String(describing: summary))") }
    (points, checksum) = (n, sum)
}
let swiftSeconds = seconds.sorted()[seconds.count / 2]
let swiftRSS = peakRSS(RUSAGE_SELF)
let mb = Double(size) / 1_048_576
print(String(format: "file: %.0f MB, %d points (checksum %.3f)", mb, points, checksum))
print(String(format: "HistoryReader: %.2f s (median of %d: %@), %.0f MB/s, %.2f M points/s, peak RSS %.0f MB",
             swiftSeconds, runs, seconds.map { String(format: "%.2f", $0) }.joined(separator: " "), mb / swiftSeconds,
             Double(points) / swiftSeconds / 1e6, swiftRSS))

// MARK: The import

/// Seconds taken by `atlas` with `arguments`, which must succeed.
func atlas(_ arguments: [String]) throws -> Double {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("atlas")
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    let start = DispatchTime.now().uptimeNanoseconds
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { fatalError("atlas \(arguments.joined(separator: " ")) failed: \(process.terminationStatus)") }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

var importSeconds: Double?
if !arguments.contains("--no-import") {
    let empty = work.appendingPathComponent("empty").path
    let db = work.appendingPathComponent("import.sqlite").path
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: db + suffix) }
    let command = ["import", empty, "--track", path, "--db", db, "--progress", "never"]
    let first = try atlas(command)
    // The children waited for so far are the imports: their peak is the first import's.
    let importRSS = peakRSS(RUSAGE_CHILDREN)
    let again = try atlas(command)
    let logMB = Double((try FileManager.default.attributesOfItem(atPath: db)[.size] as? NSNumber)?.int64Value ?? 0) / 1_048_576
    print(String(format: "atlas import --track: %.2f s, %.0f MB/s, %.2f M points/s, peak RSS %.0f MB; log %.0f MB; unchanged re-import %.2f s",
                 first, mb / first, Double(points) / first / 1e6, importRSS, logMB, again))
    importSeconds = first
}

// MARK: The reference

if !arguments.contains("--no-python") {
    let python = Process()
    python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    python.arguments = ["python3", "-c", "import json,sys; json.load(open(sys.argv[1]))", path]
    let start = DispatchTime.now().uptimeNanoseconds
    try python.run()
    python.waitUntilExit()
    let pythonSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    guard python.terminationStatus == 0 else { fatalError("python3 failed: \(python.terminationStatus)") }
    print(String(format: "python3 json.load: %.2f s, %.0f MB/s, peak RSS %.0f MB", pythonSeconds, mb / pythonSeconds, peakRSS(RUSAGE_CHILDREN)))
    print(String(format: "ratio: HistoryReader is %.1fx the speed of json.load", pythonSeconds / swiftSeconds))
    if let importSeconds {
        print(String(format: "ratio: atlas import (read, stored, resolved) is %.1fx the speed of json.load (parse only)", pythonSeconds / importSeconds))
    }
}
