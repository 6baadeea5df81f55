import BenchmarkSupport
import Foundation
import Gazetteer
import Resolver
import SyntheticPhotos

/// bench-resolver [N]: load time, resident memory, and points per second on one core for N
/// coordinates (default 1,000,000: city locations jittered by up to 20 km, plus 20% within
/// 5 km of region borders), written to benchmarks/.work/points.csv for the reference run.
let arguments = CommandLine.arguments
if arguments.contains("--help") {
    print("Usage: bench-resolver [N] [--points FILE] [--reuse] [--dump FILE] [--loads N]\n\nWrites the points to FILE (default benchmarks/.work/points.csv) for the reverse_geocoder run;\n--reuse reads them from FILE instead; --dump writes every answer in full to FILE;\n--loads N times the load in N fresh processes first (default 7) and reports their median.")
    exit(0)
}
let count = arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000_000
let pointsPath = arguments.firstIndex(of: "--points").map { arguments[$0 + 1] } ?? "benchmarks/.work/points.csv"
/// Reuse the points of an earlier run (for profilers), instead of drawing new ones.
let reuse = arguments.contains("--reuse")
/// Write every answer, field by field and distances in full, to this file: two runs give the
/// same file exactly when a change to the resolver changed no answer.
let dumpPath = arguments.firstIndex(of: "--dump").map { arguments[$0 + 1] }

func residentMB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
          let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }) else { return .nan }
    return Double(line.split(separator: " ")[1])! / 1024
}

// A child process: one load, in milliseconds, for the parent's median: its tables read from
// the user's cache (TableCache), or with `--load-once-derived` derived from the gazetteer.
if arguments.contains("--load-once") || arguments.contains("--load-once-derived") {
    let start = DispatchTime.now().uptimeNanoseconds
    let gazetteer = try Gazetteer.open()
    _ = arguments.contains("--load-once") ? try Resolver(gazetteer: gazetteer) : try Resolver(gazetteer: gazetteer, cache: nil)
    print(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    exit(0)
}

/// One load is one sample of a machine whose speed moves from run to run: the load time
/// reported is the median of this many fresh processes, each loading once, the two kinds in
/// turn. A load first fills the cache, as any earlier run of `atlas` on the machine has.
let loadRuns = arguments.firstIndex(of: "--loads").flatMap { Int(arguments[$0 + 1]) } ?? 7
if loadRuns > 0 { _ = try FreshProcess.figures(flag: "--load-once", count: 1, runs: 1) }
var (loads, derivedLoads) = ([Double](), [Double]())
for _ in 0..<loadRuns {
    loads += try FreshProcess.figures(flag: "--load-once", count: 1, runs: 1).map { $0[0] }
    derivedLoads += try FreshProcess.figures(flag: "--load-once-derived", count: 1, runs: 1).map { $0[0] }
}

let rssBefore = residentMB()
let start = DispatchTime.now().uptimeNanoseconds
let gazetteer = try Gazetteer.open()
let resolver = try Resolver(gazetteer: gazetteer)
let loadSeconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
let rssAfter = residentMB()
// The first point at sea beyond the coastline tolerance reads the land zones; the second is
// the reference, the same work without the reading.
func millisecondsToResolve(_ latitude: Double, _ longitude: Double) throws -> Double {
    let started = DispatchTime.now().uptimeNanoseconds
    _ = try resolver.resolve(GeoCoordinate(latitude: latitude, longitude: longitude))
    return Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
}
let firstAtSea = try millisecondsToResolve(37.4903, -25.0782)   // off the Azores
let secondAtSea = try millisecondsToResolve(13.6377, 74.4127)   // off Karnataka
let rssAtSea = residentMB()
// The first point at the edge of a metropolis, nearest to a smaller town in its reach, reads
// the populations; the same point again is the work without the reading.
let firstAtEdge = try millisecondsToResolve(45.5007, 9.1103)   // Gallaratese, Milan (not Pero)
let secondAtEdge = try millisecondsToResolve(45.5007, 9.1103)
let rssAtEdge = residentMB()

// The points: deterministic, from the gazetteer's own cities and region borders.
func drawPoints() throws -> [(Double, Double)] {
    var random = SplitMix64(seed: 7)
    var cityPoints: [(Double, Double)] = []
    var borderPoints: [(Double, Double)] = []
    try gazetteer.withDatabase { db in
        let s = try db.prepare("SELECT lat, lon FROM cities ORDER BY geonameid")
        while try s.step() { cityPoints.append((s.double(0), s.double(1))) }
        let r = try db.prepare("SELECT min_lat, min_lon, max_lat, max_lon FROM boundaries WHERE kind = 'region' ORDER BY id")
        while try r.step() { borderPoints.append((r.double(0), r.double(1))); borderPoints.append((r.double(2), r.double(3))) }
    }
    var points: [(Double, Double)] = []
    points.reserveCapacity(count)
    let nearBorders = count / 5
    for _ in 0..<(count - nearBorders) {
        let (lat, lon) = cityPoints[Int.random(in: 0..<cityPoints.count, using: &random)]
        let km = Double.random(in: 0...20, using: &random), angle = Double.random(in: 0..<(2 * .pi), using: &random)
        points.append((max(-90, min(90, lat + km / 111.195 * sin(angle))), max(-180, min(180, lon + km / 111.195 * cos(angle) / max(0.1, cos(lat * .pi / 180))))))
    }
    // Border points: resolve along a line between two region corners and keep spots where the region changes.
    var probe = 0
    while points.count < count {
        let (a, b) = (borderPoints[probe % borderPoints.count], borderPoints[(probe * 7 + 3) % borderPoints.count])
        probe += 1
        let t = Double.random(in: 0...1, using: &random)
        let lat = a.0 + t * (b.0 - a.0) * 0.01, lon = a.1 + t * (b.1 - a.1) * 0.01
        if let chain = try? resolver.resolve(GeoCoordinate(latitude: lat, longitude: lon)), let border = chain.borderKm, border < 5 {
            points.append((lat, lon))
        }
    }

    var csv = "lat,lon\n"
    for (lat, lon) in points { csv += String(format: "%.6f,%.6f\n", lat, lon) }
    try FileManager.default.createDirectory(atPath: (pointsPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try csv.write(toFile: pointsPath, atomically: true, encoding: .utf8)
    return points
}

let points = try reuse
    ? String(contentsOfFile: pointsPath, encoding: .utf8).split(separator: "\n").dropFirst().map { line -> (Double, Double) in
        let f = line.split(separator: ","); return (Double(f[0])!, Double(f[1])!)
    }
    : drawPoints()

@inline(never) func resolveOneAtATime(_ points: [(Double, Double)]) -> Int {
    var located = 0
    for (lat, lon) in points {
        if let chain = try? resolver.resolve(GeoCoordinate(latitude: lat, longitude: lon)), chain.country != nil { located += 1 }
    }
    return located
}

/// The same points through the batch API, `Resolver.batchSize` at a time.
@inline(never) func resolveInBatches(_ points: [(Double, Double)], _ body: (Int, Result<PlaceChain, ResolverError>) -> Void = { _, _ in }) -> Int {
    var located = 0
    for start in stride(from: 0, to: points.count, by: Resolver.batchSize) {
        let batch = points[start..<min(points.count, start + Resolver.batchSize)].map { GeoCoordinate(latitude: $0.0, longitude: $0.1) }
        resolver.resolve(batch) { k, answer in
            if case .success(let chain) = answer, chain.country != nil { located += 1 }
            body(start + k, answer)
        }
    }
    return located
}

func timed(_ run: () -> Int) -> (located: Int, seconds: Double) {
    let started = DispatchTime.now().uptimeNanoseconds
    let located = run()
    return (located, Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9)
}
let single = timed { resolveOneAtATime(points) }
let batched = timed { resolveInBatches(points) }

if let dumpPath {
    func link(_ l: PlaceChain.Link?) -> String {
        guard let l else { return "-" }
        return "\(l.id)|\(l.name)|\(l.code ?? "-")|\(l.distanceKm.map { "\($0)" } ?? "-")"
    }
    // From the batch API: a dump equal to one made before it existed says batches change no answer.
    var lines = [String](repeating: "", count: points.count)
    _ = resolveInBatches(points) { i, answer in
        guard case .success(let c) = answer else { lines[i] = "error"; return }
        lines[i] = [link(c.continent), link(c.country), link(c.region), link(c.city), link(c.airport), c.waters.rawValue,
                    c.borderKm.map { "\($0)" } ?? "-", c.boundaryQuality ?? "-", "\(c.nearestCityElsewhere)", c.timeZone].joined(separator: "\t")
    }
    try (lines.joined(separator: "\n") + "\n").write(toFile: dumpPath, atomically: true, encoding: .utf8)
}

print("bench-resolver: \(points.count) points (80% city locations jittered by up to 20 km, 20% within 5 km of a border), one core")
if !loads.isEmpty {
    print(String(format: "  load, median of %d fresh processes %7.1f ms  (%@), the tables read from the cache", loads.count, median(loads),
                 loads.sorted().map { String(format: "%.0f", $0) }.joined(separator: ", ")))
    print(String(format: "  load, median of %d fresh processes %7.1f ms  (%@), the tables derived from the gazetteer: %.1f× as long",
                 derivedLoads.count, median(derivedLoads), derivedLoads.sorted().map { String(format: "%.0f", $0) }.joined(separator: ", "),
                 median(derivedLoads) / median(loads)))
}
print(String(format: "  load in this process %7.1f ms  (%@)", loadSeconds * 1000,
             resolver.loadTimings.map { String(format: "%@ %.0f ms", $0.phase, $0.seconds * 1000) }.joined(separator: ", ")))
print(String(format: "  resident after load %7.1f MB  (%.1f MB before)", rssAfter, rssBefore))
print(String(format: "  first point at sea (reads the land zones) %7.1f ms, the next %.3f ms; resident then %.1f MB",
             firstAtSea, secondAtSea, rssAtSea))
print(String(format: "  first point at a city's edge (reads the populations) %7.1f ms, again %.3f ms; resident then %.1f MB",
             firstAtEdge, secondAtEdge, rssAtEdge))
print(String(format: "  TravelAtlas, one at a time, in input order  %9.0f points/s  (%.2f s, %d in a country)",
             Double(points.count) / single.seconds, single.seconds, single.located))
print(String(format: "  TravelAtlas, batches of %d              %9.0f points/s  (%.2f s, %d in a country)", Resolver.batchSize,
             Double(points.count) / batched.seconds, batched.seconds, batched.located))
print("POINTS_PER_SECOND \(Double(points.count) / batched.seconds)")
print("POINTS_PER_SECOND_ONE_AT_A_TIME \(Double(points.count) / single.seconds)")
