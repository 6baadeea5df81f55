import BenchmarkSupport
import Foundation
import Gazetteer
import Importer
import SyntheticPhotos
import TravelLog

// The passport at scale: a travel log of a million photos written straight through the
// TravelLog API (no image files), then every passport command timed in fresh processes, in
// text and JSON, with filters, against the process start alone (`atlas --help`).
//
// With `--history-points N`, a location history of N points is added, one for every day of the
// fifteen years, its days built by the importer's own rules (`HistoryPoints.swift`);
// `--queries-only` leaves out the pictures and the export. With `--spread`, the worst case
// instead: every day of the fifteen years at nine cities drawn from 1,800 in 150 countries, about
// 50,000 place-day rows for a million photos.
//
//   benchmarks/run-passport.sh [--photos N] [--history-points N] [--spread] [--queries-only] [--only COMMAND] [--runs R]

let arguments = CommandLine.arguments
func option(_ name: String) -> String? { arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil } }
let photoCount = Int(option("--photos") ?? "") ?? 1_000_000
let runs = Int(option("--runs") ?? "") ?? 5
let historyPoints = Int(option("--history-points") ?? "") ?? 0
let queriesOnly = arguments.contains("--queries-only")
let spread = arguments.contains("--spread")
/// Only the queries of one command (`--only days`), without the pictures and the export.
let only = option("--only")
guard let atlas = option("--atlas"), let database = option("--db") else {
    FileHandle.standardError.write(Data("usage: bench-passport --atlas PATH --db PATH [--photos N] [--history-points N] [--spread] [--queries-only] [--only COMMAND] [--runs R]\n".utf8))
    exit(1)
}

// MARK: - The library

/// A city the traveller goes to, with the snapshot a photo there carries.
struct Stop {
    let snapshot: PlaceSnapshot
    let utcOffset: Int
}

func snapshot(_ place: Place, version: String) -> PlaceSnapshot {
    let coordinate = place.coordinate ?? GeoCoordinate(latitude: 0, longitude: 0)
    var s = PlaceSnapshot(coordinate: coordinate, waters: .land, gazetteerVersion: version)
    func link(_ kind: PlaceKind) -> PlaceSnapshot.Link? {
        if place.kind == kind { return .init(id: place.id, name: place.name) }
        return place.ancestor(kind).map { .init(id: $0.id, name: $0.name) }
    }
    (s.continent, s.country, s.region, s.city, s.airport) = (link(.continent), link(.country), link(.region), link(.city), link(.airport))
    return s
}

/// Fifteen years of a traveller living in Lyon: most days at home, about ten trips a year to
/// some 150 countries (a few cities each), flights photographed from the window on the way out
/// and back, and a layover at a hub on one trip in four. Trip days have three times the photos
/// of a day at home; `photoCount` photos in all.
/// Returns where the traveller was on each day with photos (its first stop), for the history.
func generate(into log: TravelLog, gazetteer: Gazetteer) throws -> (home: Stop, days: [(date: Date, stop: Stop)]) {
    var rng = SplitMix64(seed: 2026)
    let version = gazetteer.version
    func stops(_ country: PlaceID, cities: Int) throws -> [Stop] {
        let offset = Int(((try gazetteer.place(country))?.coordinate?.longitude ?? 0) / 15) * 3_600
        return try gazetteer.children(of: country, kind: .city, limit: cities).map { Stop(snapshot: snapshot($0, version: version), utcOffset: offset) }
    }
    let home = try stops(PlaceID("region:FR.84")!, cities: 6)
    var destinations: [[Stop]] = []
    for country in try gazetteer.children(of: nil, kind: .country, limit: 400) where country.id.code != "FR" {
        let cities = try stops(country.id, cities: spread ? 12 : 4)
        if !cities.isEmpty { destinations.append(cities) }
        if destinations.count == 150 { break }
    }
    let hubs = try ["airport:FRA", "airport:AMS", "airport:DXB", "airport:IST"].compactMap { try gazetteer.place(PlaceID($0)!) }
        .map { Stop(snapshot: snapshot($0, version: version), utcOffset: 3_600) }

    // The days, then the photos spread over them.
    struct Day { let date: Date; let stops: [Stop]; let weight: Int; let flight: Bool; let layover: Stop? }
    var days: [Day] = []
    var date = ISO8601DateFormatter().date(from: "2011-01-01T00:00:00Z")!
    let end = ISO8601DateFormatter().date(from: "2026-01-01T00:00:00Z")!
    let everywhere = destinations.flatMap { $0 }
    while date < end {
        if spread {
            // The worst case: every day somewhere else, nine cities a day.
            days.append(Day(date: date, stops: (0..<9).map { _ in everywhere.randomElement(using: &rng)! }, weight: 1, flight: false, layover: nil))
            date += 86_400
        } else if Int.random(in: 0..<36, using: &rng) == 0 {
            let place = destinations.randomElement(using: &rng)!
            let length = Int.random(in: 2...14, using: &rng)
            let layover = Int.random(in: 0..<4, using: &rng) == 0 ? hubs.randomElement(using: &rng) : nil
            for i in 0..<length {
                let edge = i == 0 || i == length - 1
                days.append(Day(date: date, stops: Array(place.shuffled(using: &rng).prefix(2)), weight: 3, flight: edge, layover: edge ? layover : nil))
                date += 86_400
            }
        } else {
            if Int.random(in: 0..<10, using: &rng) < 6 { days.append(Day(date: date, stops: [home.randomElement(using: &rng)!], weight: 1, flight: false, layover: nil)) }
            date += 86_400
        }
    }
    let totalWeight = days.reduce(0) { $0 + $1.weight }
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "UTC")
    formatter.dateFormat = "yyyy-MM-dd"

    log.refreshesAggregatesOnWrite = false
    var written = 0, serial = 0
    var batch: [PhotoRecord] = []
    func flush() throws {
        try log.write { for r in batch { try log.insert(r, run: nil) } }
        batch.removeAll(keepingCapacity: true)
    }
    for (index, day) in days.enumerated() {
        let share = index == days.count - 1 ? photoCount - written : photoCount * day.weight / totalWeight
        let dayText = formatter.string(from: day.date)
        for n in 0..<max(0, share) {
            serial += 1
            var stop = day.stops[n % day.stops.count]
            var altitude: Double?
            if day.flight && n < 2 { altitude = 11_000 }
            if let hub = day.layover, n >= 2 && n < 5 { stop = hub }
            let seconds = 8 * 3_600 + n * 50_000 / max(1, share)
            var r = PhotoRecord(path: String(format: "/library/%@/IMG_%07d.JPG", dayText, serial), size: 3_000_000 + Int64(serial), modifiedNs: Int64(serial))
            r.format = "jpeg"
            r.takenLocal = String(format: "%@T%02d:%02d:%02d", dayText, seconds / 3_600, seconds / 60 % 60, seconds % 60)
            (r.utcOffsetSeconds, r.offsetSource) = (stop.utcOffset, .exif)
            var place = stop.snapshot
            let lat = place.coordinate.latitude + Double.random(in: -0.02...0.02, using: &rng)
            let lon = place.coordinate.longitude + Double.random(in: -0.02...0.02, using: &rng)
            place.coordinate = GeoCoordinate(latitude: lat, longitude: lon)
            (r.latitude, r.longitude, r.altitude) = (lat, lon, altitude)
            r.place = place
            batch.append(r)
            if batch.count == 10_000 { try flush() }
        }
        written += max(0, share)
    }
    try flush()
    try log.refreshAggregates()
    log.refreshesAggregatesOnWrite = true
    return (home[0], days.map { ($0.date, $0.stops[0]) })
}

// MARK: - Timing

/// Runs `arguments` in a fresh process with stdout to /dev/null; wall seconds and the child's
/// peak resident memory in MB.
func measure(_ arguments: [String]) -> (seconds: Double, peakMB: Double, status: Int32) {
    var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let argv = ([atlas] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, atlas, &actions, nil, argv, environ) == 0 else { fatalError("cannot start \(atlas)") }
    var status: Int32 = 0
    var usage = rusage()
    _ = wait4(pid, &status, 0, &usage)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return (seconds, Double(usage.ru_maxrss) / 1024, (status >> 8) & 0xFF)
}

/// The median of `runs` fresh runs, after one unmeasured run that warms the page cache.
func timed(_ arguments: [String]) -> (ms: Double, peakMB: Double) {
    let warm = measure(arguments)
    guard warm.status == 0 else { fatalError("atlas \(arguments.joined(separator: " ")) exited \(warm.status)") }
    let results = (0..<runs).map { _ in measure(arguments) }
    return (median(results.map(\.seconds)) * 1_000, results.map(\.peakMB).max() ?? 0)
}

// MARK: - The run

if !FileManager.default.fileExists(atPath: database + ".complete") {
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: database + suffix) }
    let started = DispatchTime.now().uptimeNanoseconds
    let log = try TravelLog(path: database)
    let gazetteer = try Gazetteer.open()
    let itinerary = try generate(into: log, gazetteer: gazetteer)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    print(String(format: "generated %d photos in %.1f s (%.0f photos/s through TravelLog.insert, aggregates refreshed once)",
                 try log.photoCount(), seconds, Double(try log.photoCount()) / seconds))
    if historyPoints > 0 {
        let started = DispatchTime.now().uptimeNanoseconds
        try HistoryPoints.add(historyPoints, to: log, itinerary: itinerary, finder: PlaceFinder(gazetteer: gazetteer))
        print(String(format: "added a history of %d points and built its days in %.1f s", historyPoints,
                     Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9))
    }
    _ = FileManager.default.createFile(atPath: database + ".complete", contents: nil)
}
// A writer's open brings a log made by an older atlas up to date, its passport snapshot too.
_ = try TravelLog(path: database)
let log = try TravelLog(path: database, readOnly: true)
let photos = try log.photoCount()
let aggregateRows = try log.placeDays().count
let fileMB = Double((try FileManager.default.attributesOfItem(atPath: database)[.size] as? Int) ?? 0) / 1e6
print(String(format: "log: %d photos, %d place-day rows, %d track days, %d history points, %d history-day rows, %.0f MB; median of %d fresh runs",
             photos, aggregateRows, try log.trackDays().count, try log.storedHistories().reduce(0) { $0 + $1.points }, try log.historyDays().count,
             fileMB, runs))

/// One line of the table: the command, its median wall time, and that time over the process start's.
func row(_ name: String, _ ms: Double, _ reference: Double) {
    print(name.padding(toLength: 46, withPad: " ", startingAt: 0) + String(format: "%9.1f %8.2f", ms, ms / reference))
}
let reference = timed(["--help"])
print("\n" + "command".padding(toLength: 46, withPad: " ", startingAt: 0) + "  wall ms  ÷ start")
row("atlas --help (process start, the reference)", reference.ms, reference.ms)
let db = ["--db", database]
/// A trip of 2019 to show with `atlas trip`: the first one `atlas trips` lists for that year.
func tripOf2019() -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: atlas)
    process.arguments = ["trips", "--year", "2019", "--json", "--db", database]
    let pipe = Pipe()
    process.standardOutput = pipe
    try? process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let first = String(decoding: data, as: UTF8.self).split(separator: "\n").first.map(String.init) ?? ""
    let object = (try? JSONSerialization.jsonObject(with: Data(first.utf8))) as? [String: Any]
    return object?["id"] as? String ?? "2019-01-01"
}
let queries: [[String]] = [
    ["stats"], ["stats", "--year", "2019"], ["home"], ["trips"], ["trips", "--year", "2019"], ["trip", tripOf2019()], ["days", "--year", "2019"],
    ["countries"], ["countries", "--year", "2019"], ["countries", "--continent", "AS"],
    ["regions"], ["regions", "--country", "country:FR"], ["cities"], ["cities", "--country", "country:FR"],
    ["cities", "--region", "region:FR.84"], ["subregions"], ["airports"], ["continents"], ["timeline"], ["timeline", "--by", "month"],
    ["milestones"],
    ["export", "--no-photos"],
    // The rules of `atlas days` over the fifteen years (issue #34).
    ["days"], ["days", "--year-start", "04-06"], ["days", "--fill", "7"], ["days", "--count", "midnight"],
    ["days", "--country", "country:FR", "--year", "2019", "--year-start", "04-06", "--dates"],
    ["days", "--rule", "schengen", "--on", "2025-12-31", "--stay", "30"], ["days", "--rule", "schengen", "--on", "2025-12-31", "--count", "midnight", "--dates"],
    ["days", "--rule", "us-presence", "--year", "2025"], ["days", "--rule", "us-presence", "--year", "2025", "--fill", "7", "--dates"],
].filter { query in only.map { query[0] == $0 } ?? true }
var slowest = (ms: 0.0, command: "")
for query in queries {
    for json in [false, true] {
        let arguments = query + db + (json && query[0] != "export" ? ["--json"] : [])
        if json && query[0] == "export" { continue }
        let t = timed(arguments)
        let name = (["atlas"] + query + (json ? ["--json"] : [])).joined(separator: " ")
        row(name, t.ms, reference.ms)
        if t.ms > slowest.ms { slowest = (t.ms, name) }
    }
}
if let only {
    print(String(format: "\n  slowest %@ query %7.1f ms  %@", only as NSString, slowest.ms, slowest.command as NSString))
    exit(0)
}
if queriesOnly {
    print(String(format: "\ngoals\n  slowest passport query   %7.1f ms  (goal ≤ 100 ms)   %@", slowest.ms, slowest.command as NSString))
    exit(0)
}
// The pictures: each written to a file, timed and sized; `countries` (the same passport read,
// a table out) is what drawing adds to.
let countriesMs = timed(["countries"] + db).ms
var pictures: [(name: String, ms: Double, mb: Double, budgetMB: Double)] = []
for (arguments, budget) in [(["map"], 3.0), (["map", "--level", "region"], 10.0), (["map", "--trip", tripOf2019()], 3.0),
                            (["map", "--format", "svg"], 3.0), (["report"], 3.0)] {
    // Named for its format: map and report refuse a file named for another (commit 8a5a11e).
    let file = database + (arguments.contains("svg") ? ".picture.svg" : ".picture.html")
    let t = timed(arguments + ["--output", file] + db)
    let mb = Double((try FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0) / 1e6
    try? FileManager.default.removeItem(atPath: file)
    let name = (["atlas"] + arguments).joined(separator: " ")
    row(name + String(format: " (%.2f MB)", mb), t.ms, reference.ms)
    pictures.append((name, t.ms, mb, budget))
}

let resolve = timed(["resolve", "48.8584", "2.2945"])
row("atlas resolve 48.8584 2.2945", resolve.ms, reference.ms)

// Every photo: to stdout (the work of the export) and to a file, written through a temporary
// file and fsync'd; the reference for the latter is the same bytes copied by dd with fsync.
let exported = database + ".export.json"
let exportStdout = timed(["export"] + db)
row("atlas export > /dev/null (every photo)", exportStdout.ms, reference.ms)
let export = timed(["export", "--output", exported] + db)
row("atlas export --output FILE (every photo)", export.ms, reference.ms)
let exportMB = Double((try FileManager.default.attributesOfItem(atPath: exported)[.size] as? Int) ?? 0) / 1e6
let copy = median((0...runs).map { _ -> Double in
    let started = DispatchTime.now().uptimeNanoseconds
    let dd = Process()
    dd.executableURL = URL(fileURLWithPath: "/bin/dd")
    dd.arguments = ["if=" + exported, "of=" + exported + ".copy", "bs=1M", "conv=fsync", "status=none"]
    try? dd.run()
    dd.waitUntilExit()
    return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
})
row(String(format: "dd of the same %.0f MB, fsync'd (reference)", exportMB), copy, reference.ms)
for file in [exported, exported + ".copy"] { try? FileManager.default.removeItem(atPath: file) }

print("\ngoals")
print(String(format: "  slowest passport query   %7.1f ms  (goal ≤ 100 ms)   %@", slowest.ms, slowest.command as NSString))
print(String(format: "  export to stdout         %7.0f photos/s  (goal ≥ 200,000), peak %.0f MB (goal ≤ 200 MB)",
             Double(photos) / (exportStdout.ms / 1_000), exportStdout.peakMB))
print(String(format: "  export to a file         %7.0f photos/s, peak %.0f MB; the same bytes copied with dd: %.0f ms (%.2f× the export)",
             Double(photos) / (export.ms / 1_000), export.peakMB, copy, copy / export.ms))
for p in pictures {
    print(String(format: "  %@ %7.0f ms (goal < 1,000 ms; %.1f× countries), %.2f MB (goal < %.0f MB)",
                 p.name.padding(toLength: 32, withPad: " ", startingAt: 0) as NSString, p.ms, p.ms / countriesMs, p.mb, p.budgetMB))
}
print(String(format: "  resolve one point        %7.1f ms  (goal ≤ 150 ms)", resolve.ms))
