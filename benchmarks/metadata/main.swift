import Foundation
import PhotoMetadata

/// bench-metadata DIR: files per second for the metadata reader and the sidecar parsers, each
/// against a plain read of the same files (the I/O limit) measured in the same run, and
/// exiftool on the same trees. DIR holds `jpeg/` and `heic/`, and when generated `mov/` and
/// `mp4/` (videos) and `xmp/` and `takeout/` (sidecars): see `make-photos bench`. Ends with the
/// per-file cost of a video against a HEIC's.
///
/// Each round times every measurement of a group once, in turn, and the best of the rounds is
/// kept: on a busy machine a slow minute then hits both sides of a ratio alike.
let arguments = CommandLine.arguments
guard arguments.count >= 2, !arguments.contains("--help") else {
    print("Usage: bench-metadata DIR [--rounds N] [--no-exiftool]")
    exit(arguments.contains("--help") ? 0 : 1)
}
let root = URL(fileURLWithPath: arguments[1])
let rounds = arguments.firstIndex(of: "--rounds").flatMap { Int(arguments[$0 + 1]) } ?? 3
let runExiftool = !arguments.contains("--no-exiftool")

func files(in dir: URL) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
    return names.sorted().map { dir.appendingPathComponent($0).path }
}

/// The reference: open, read the first 64 KiB, close. With `bothEnds`, the reference for a
/// file whose metadata may lie at its end (a video's `moov` after the media data): also `fstat`
/// and read the last 64 KiB. No reader does with less.
func plainRead(_ paths: [String], bothEnds: Bool = false) -> Int {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var total = 0
    for path in paths {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { continue }
        total += buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65_536) }
        if bothEnds {
            var info = stat()
            fstat(fd, &info)
            total += buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 65_536, max(0, info.st_size - 65_536)) }
        }
        close(fd)
    }
    return total
}

/// A whole (small) file: open, `fstat`, read, close. The reference for sidecars, and how the
/// parse's input is read.
func wholeFile(_ path: String) -> Data? {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0 else { return nil }
    var data = Data(count: Int(info.st_size))
    let n = data.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    return n == data.count ? data : nil
}

func readMetadata(_ paths: [String]) -> Int {
    let reader = MetadataReader()
    return paths.reduce(0) { count, path in count + ((try? reader.read(path: path))?.position == nil ? 0 : 1) }
}

/// The sidecars of `paths` with a position, read by `parse`.
func parseSidecars(_ paths: [String], _ parse: (Data, String) throws(MetadataError) -> SidecarMetadata) -> Int {
    paths.reduce(0) { count, path in count + ((wholeFile(path).flatMap { try? parse($0, path) })?.position == nil ? 0 : 1) }
}

/// The best of `rounds` wall-clock times of each of `works`, in seconds; each round runs every
/// work once, in turn.
func best(_ rounds: Int, _ works: [() -> Void]) -> [Double] {
    var times = [Double](repeating: .infinity, count: works.count)
    for _ in 0..<rounds {
        for (i, work) in works.enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            work()
            times[i] = min(times[i], Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
    }
    return times
}

func exiftoolSeconds(_ dir: URL) -> Double? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["exiftool", "-fast", "-n", "-json", "-GPSLatitude", "-GPSLongitude", "-DateTimeOriginal", "-r", dir.path]
    process.standardOutput = FileHandle(forWritingAtPath: "/dev/null")
    process.standardError = FileHandle(forWritingAtPath: "/dev/null")
    let start = DispatchTime.now().uptimeNanoseconds
    do { try process.run() } catch { return nil }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { return nil }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func rate(_ count: Int, _ seconds: Double) -> String {
    String(format: "%9.0f files/s %7.1f µs/file", Double(count) / seconds, seconds * 1e6 / Double(count))
}

/// A line of figures, its label in a column wide enough for the longest.
func row(_ label: String, _ count: Int, _ seconds: Double, _ note: String = "") {
    print("  " + label.padding(toLength: 40, withPad: " ", startingAt: 0) + rate(count, seconds) + (note.isEmpty ? "" : "   " + note))
}

func ratio(_ reference: Double, _ measured: Double, _ what: String) -> String { String(format: "%.2f× ", reference / measured) + what }

func averageSize(_ paths: [String]) -> Double {
    paths.reduce(0.0) { total, path in
        var info = stat()
        return total + (stat(path, &info) == 0 ? Double(info.st_size) : 0)
    } / Double(max(1, paths.count))
}

func sizeText(_ bytes: Double) -> String {
    bytes >= 1e6 ? String(format: "%.1f MB", bytes / 1e6) : String(format: "%.1f KB", bytes / 1e3)
}

enum Reading {
    /// Images and videos, through `MetadataReader`.
    case media
    case sidecar(name: String, parse: (Data, String) throws(MetadataError) -> SidecarMetadata)
}

let groups: [(dir: String, reading: Reading, video: Bool)] = [
    ("jpeg", .media, false), ("heic", .media, false), ("mov", .media, true), ("mp4", .media, true),
    ("xmp", .sidecar(name: "XMPSidecar.read", parse: XMPSidecar.read), false),
    ("takeout", .sidecar(name: "TakeoutSidecar.read", parse: TakeoutSidecar.read), false),
]

/// Seconds and files read by `MetadataReader`, per group, for the video-against-HEIC line.
var readerTimes: [String: (seconds: Double, files: Int)] = [:]

print("bench-metadata: \(root.path), best of \(rounds) rounds, one thread, warm cache")
for (kind, reading, video) in groups {
    let dir = root.appendingPathComponent(kind)
    let paths = files(in: dir)
    guard !paths.isEmpty else { continue }
    let size = sizeText(averageSize(paths))
    switch reading {
    case .media:
        _ = plainRead(paths, bothEnds: true)  // warm the page cache
        let located = readMetadata(paths)
        let works: [() -> Void] = [{ _ = plainRead(paths) }, { _ = readMetadata(paths) }] + (video ? [{ _ = plainRead(paths, bothEnds: true) }] : [])
        let times = best(rounds, works)
        let (plain, reader) = (times[0], times[1])
        readerTimes[kind] = (reader, paths.count)
        print("\n\(kind): \(paths.count) files of \(size) on average, \(located) with a position")
        row("plain read of the first 64 KiB", paths.count, plain)
        if video { row("plain read of the first + last 64 KiB", paths.count, times[2]) }
        let against = ratio(plain, reader, "the plain-read rate") + (video ? ", " + ratio(times[2], reader, "the first + last rate") : "")
        row("MetadataReader", paths.count, reader, against)
        if runExiftool {
            if let seconds = exiftoolSeconds(dir) {
                row("exiftool -fast -n -json -r", paths.count, seconds, "reader is \(String(format: "%.0f", seconds / reader))× faster")
            } else {
                print("  exiftool: not available (apt-get install libimage-exiftool-perl)")
            }
        }
    case .sidecar(let name, let parse):
        let located = parseSidecars(paths, parse)  // also warms the page cache
        let times = best(rounds, [{ for path in paths { _ = wholeFile(path) } }, { _ = parseSidecars(paths, parse) }])
        print("\n\(kind): \(paths.count) files of \(size) on average, \(located) with a position")
        row("plain read of the whole file", paths.count, times[0])
        row("read + " + name, paths.count, times[1], ratio(times[0], times[1], "the plain-read rate"))
    }
}

// The goal of issue #17: reading a video costs no more than reading a HEIC.
if let heic = readerTimes["heic"] {
    let videos = ["mov", "mp4"].compactMap { kind in readerTimes[kind].map { (kind, $0) } }
    if !videos.isEmpty {
        let perFile = { (t: (seconds: Double, files: Int)) in t.seconds * 1e6 / Double(t.files) }
        let all = videos.reduce((seconds: 0.0, files: 0)) { ($0.seconds + $1.1.seconds, $0.files + $1.1.files) }
        let each = videos.map { $0.0.uppercased() + String(format: " %.1f µs", perFile($0.1)) }.joined(separator: ", ")
        let met = videos.allSatisfy { perFile($0.1) <= perFile(heic) }
        print(String(format: "\nvideo vs HEIC: %.1f µs vs %.1f µs per file (", perFile(all), perFile(heic)) + each + "): "
              + (met ? "met, a video costs no more than a HEIC" : "not met, a video costs more than a HEIC"))
    }
}
