import Foundation
import PhotoMetadata

/// bench-metadata DIR: files per second for the metadata reader, against a plain read of the
/// first 64 KiB of the same files (the I/O limit) and exiftool on the same tree, in one run.
/// DIR holds `jpeg/` and `heic/` (see `make-photos bench`).
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

/// The reference: open, read the first 64 KiB, close.
func plainRead(_ paths: [String]) -> Int {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var total = 0
    for path in paths {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { continue }
        total += buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65_536) }
        close(fd)
    }
    return total
}

func readMetadata(_ paths: [String]) -> Int {
    let reader = MetadataReader()
    return paths.reduce(0) { count, path in count + ((try? reader.read(path: path))?.position == nil ? 0 : 1) }
}

/// Best of `rounds` wall-clock times, in seconds.
func best(_ rounds: Int, _ work: () -> Void) -> Double {
    (0..<rounds).map { _ in
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }.min()!
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

func rate(_ count: Int, _ seconds: Double) -> String { String(format: "%9.0f files/s", Double(count) / seconds) }

print("bench-metadata: \(root.path), best of \(rounds) rounds, one thread, warm cache")
for kind in ["jpeg", "heic"] {
    let dir = root.appendingPathComponent(kind)
    let paths = files(in: dir)
    guard !paths.isEmpty else { continue }
    _ = plainRead(paths)  // warm the page cache
    let located = readMetadata(paths)
    let plain = best(rounds) { _ = plainRead(paths) }
    let reader = best(rounds) { _ = readMetadata(paths) }
    print("\n\(kind): \(paths.count) files, \(located) with a position")
    print("  plain read of the first 64 KiB  \(rate(paths.count, plain))")
    print("  MetadataReader                  \(rate(paths.count, reader))   \(String(format: "%.2f", plain / reader))× the plain-read rate")
    if runExiftool {
        if let seconds = exiftoolSeconds(dir) {
            print("  exiftool -fast -n -json -r      \(rate(paths.count, seconds))   reader is \(String(format: "%.0f", seconds / reader))× faster")
        } else {
            print("  exiftool: not available (apt-get install libimage-exiftool-perl)")
        }
    }
}
