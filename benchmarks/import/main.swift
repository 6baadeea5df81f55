import BenchmarkSupport
import Foundation
import PhotoMetadata
#if canImport(Glibc)
import Glibc
#endif

/// bench-import DIR --atlas PATH: `atlas import` on a generated library, against a plain read of
/// the first 64 KiB of every file (the I/O reference) measured in the same run, then the
/// unchanged re-import, and the peak resident memory of the import processes.
///
/// An untimed import first fills the resolver's tables' cache, as any earlier run of `atlas` on
/// the machine has; one more first import runs with the cache off, for what deriving them costs.
/// The first import and the 1-thread reference take turns for `--rounds` rounds (default 3),
/// and their medians are compared: one run of either is one sample of a VM whose speed moves
/// by a third from minute to minute.
let arguments = CommandLine.arguments
guard arguments.count >= 2, !arguments.contains("--help") else {
    print("Usage: bench-import DIR [--atlas PATH] [--db PATH] [--jobs N] [--rounds N]")
    exit(arguments.contains("--help") ? 0 : 1)
}
func option(_ name: String) -> String? { arguments.firstIndex(of: name).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil } }
let root = arguments[1]
let atlas = option("--atlas") ?? ".build/release/atlas"
let db = option("--db") ?? root + ".sqlite"
let jobs = option("--jobs").flatMap(Int.init) ?? ProcessInfo.processInfo.activeProcessorCount
let rounds = max(1, option("--rounds").flatMap(Int.init) ?? 3)

func files(under root: String) -> [String] {
    var out: [String] = []
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let name = enumerator?.nextObject() as? String {
        let path = root + "/" + name
        var s = stat()
        if stat(path, &s) == 0, s.st_mode & S_IFMT == S_IFREG { out.append(path) }
    }
    return out
}

/// The reference: open, read the first 64 KiB, close, on `threads` threads.
func plainRead(_ paths: [String], threads: Int) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    DispatchQueue.concurrentPerform(iterations: threads) { t in
        var buffer = [UInt8](repeating: 0, count: 65_536)
        var i = t
        while i < paths.count {
            let fd = open(paths[i], O_RDONLY)
            if fd >= 0 {
                _ = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65_536) }
                close(fd)
            }
            i += threads
        }
    }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The metadata reader alone on the same threads: the share of the gap that is not the importer's.
func readerOnly(_ paths: [String], threads: Int) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    DispatchQueue.concurrentPerform(iterations: threads) { t in
        let reader = MetadataReader()
        var i = t
        while i < paths.count {
            _ = try? reader.read(path: paths[i])
            i += threads
        }
    }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// What one `atlas import` took: its wall time, and its own CPU and peak resident memory
/// (from `wait4`, not the sum over every child so far, which the import that fills the tables'
/// cache would dominate).
struct ImportRun {
    let seconds: Double
    let user: Double, system: Double
    let peakMB: Double
}

/// One `atlas import`; with `tableCache` false, with its tables' cache turned off
/// (`ATLAS_CACHE_DIR=`), as on a machine where no atlas has run yet.
func runImport(tableCache: Bool = true) -> ImportRun {
    let arguments = [atlas, "import", root, "--db", db, "--jobs", String(jobs), "--progress", "never"]
    var environment = ProcessInfo.processInfo.environment
    if !tableCache { environment["ATLAS_CACHE_DIR"] = "" }
    let argv = arguments.map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    var pid = pid_t()
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawn(&pid, atlas, &actions, nil, argv, envp) == 0 else { print("bench-import: cannot run \(atlas)"); exit(2) }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    // Exited normally (the low 7 bits 0) with 0 or 3 (files skipped).
    guard status & 0x7f == 0, [0, 3].contains((status >> 8) & 0xff) else { print("bench-import: atlas import ended with status \(status)"); exit(2) }
    func time(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return ImportRun(seconds: seconds, user: time(usage.ru_utime), system: time(usage.ru_stime), peakMB: Double(usage.ru_maxrss) / 1024)
}

func removeLog() {
    for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: db + suffix) }
}
let paths = files(under: root)
func rate(_ seconds: Double) -> String { String(format: "%8.0f files/s  (%.2f s)", Double(paths.count) / seconds, seconds) }
func list(_ seconds: [Double]) -> String { seconds.map { String(format: "%.2f", $0) }.joined(separator: ", ") }
print("bench-import: \(paths.count) files under \(root), \(jobs) jobs, warm cache, \(rounds) rounds")
_ = plainRead(paths, threads: jobs)  // warm the page cache
let reference = min(plainRead(paths, threads: jobs), plainRead(paths, threads: jobs))
let reader = readerOnly(paths, threads: jobs)
// An import untimed first, which fills the tables' cache (TableCache) as the first import on a
// machine does: the rounds measure the imports that follow.
removeLog()
_ = runImport()
var ones: [Double] = [], firsts: [ImportRun] = []
for _ in 0..<rounds {
    ones.append(plainRead(paths, threads: 1))
    removeLog()
    firsts.append(runImport())
}
let referenceOne = median(ones)
let first = median(firsts.map(\.seconds))
let cpu = firsts.sorted { $0.user + $0.system < $1.user + $1.system }[firsts.count / 2]
removeLog()
let uncached = runImport(tableCache: false)
let again = runImport()
print("  plain read of the first 64 KiB, \(jobs) threads  \(rate(reference))")
print("  plain read of the first 64 KiB, 1 thread   \(rate(referenceOne))   median of \(list(ones)) s")
print("  MetadataReader alone, \(jobs) threads        \(rate(reader))   \(String(format: "%.0f%%", 100 * reference / reader)) of the \(jobs)-thread reference rate")
// The goals of issue 37 ("At the speed of reading again").
print("  first import                              \(rate(first))   median of \(list(firsts.map(\.seconds))) s   (goal ≤ 90 s for a million)")
print("    \(String(format: "%.0f%%", 100 * referenceOne / first)) of the 1-thread reference rate (goal ≥ 40%), \(String(format: "%.0f%%", 100 * reference / first)) of the \(jobs)-thread one")
print(String(format: "    CPU (median of the rounds): %.2f s user + %.2f s system, %.1f µs a file", cpu.user, cpu.system,
             1e6 * (cpu.user + cpu.system) / Double(max(1, paths.count))))
print("  first import, tables' cache off      \(rate(uncached.seconds))   (deriving the resolver's tables: a first run on a machine)")
print("  re-import, nothing changed                \(rate(again.seconds))   (goal ≤ 1.0 s for 100,000, ≤ 10 s for a million)")
print(String(format: "  peak resident memory: first import %.0f MB (the most of the rounds), with the cache off %.0f MB, re-import %.0f MB (goal ≤ 300 MB for a million)",
             firsts.map(\.peakMB).max() ?? 0, uncached.peakMB, again.peakMB))
let size = (try? FileManager.default.attributesOfItem(atPath: db)[.size] as? Int) ?? 0
print(String(format: "  travel log: %.1f MB", Double(size) / 1e6))
