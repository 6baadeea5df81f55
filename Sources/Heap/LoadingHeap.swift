import Foundation
#if canImport(Glibc)
import CGlibc
import Glibc
#endif

/// glibc's allocator policy while the resolver loads, or while an `atlas` command runs: each
/// fills tens of MB of fresh arrays, and on this project's VM each 4 KiB page of them cost a
/// page fault of a few µs (18,000 faults, a third of the resolver's load; 13,800 in an export
/// of the travel record, see ``keepForTheRun()``).
///
/// - Freed memory stays in the heap for the next array: by default anything over 128 KiB is a
///   mapping of its own, returned to the kernel when freed and faulted in again by the next one.
/// - A thread may grow its heap in one step, marked for transparent huge pages
///   (`MADV_HUGEPAGE`), so that a fault fills 2 MiB instead of 4 KiB: 2,200 faults instead of
///   18,000. Where the kernel has them off, the heap is only grown early. Only the passport's
///   commands do (``keepForTheRun()``): back to back, each is 8-17 ms quicker so, and a machine
///   that keeps its free memory always sees that. On a VM that hands free memory back to its
///   host, a huge page faulted in a few seconds after the last run costs 1.5-3 ms a MB against
///   0.4 in small pages: the resolver's load stopped using them for that (0.16 s against
///   0.11 s for a resolve after a pause), while the passport's answers, which fill less, come
///   out either way after a pause (benchmarks/README.md, "Import").
/// - Afterwards the thresholds the process runs with come back and the heap's free memory
///   is returned (`malloc_trim`), so the resident size after loading is what the index holds.
///
/// ```swift
/// LoadingHeap.keepFreedMemory()
/// defer { LoadingHeap.returnFreedMemory() }
/// let index = try BoundaryIndex.load(from: gazetteer)   // tens of MB of arrays, in small pages
/// ```
///
/// Process-wide, like the allocator: loads at once share the setting, counted, and the last
/// to end restores it. glibc has no getter for the thresholds, so "the thresholds the process
/// runs with" are the ones its environment sets (`MALLOC_MMAP_THRESHOLD_`,
/// `MALLOC_TRIM_THRESHOLD_`, or `glibc.malloc.mmap_threshold` / `trim_threshold` in
/// `GLIBC_TUNABLES`). Where it sets neither, glibc's thresholds are *dynamic*: they start at
/// 128 KiB, and a block above the mmap threshold, once freed, raises it to the block's size
/// and the trim threshold to twice that. Any `mallopt` of either turns that rule off for good,
/// so after a load the process gets fixed values near what the rule reaches in an import
/// (``Thresholds/grownDefaults``), not the 128 KiB it started with: left there, every batch
/// of a few MB was a mapping of its own, faulted in page by page and unmapped when written
/// (4% of a 100,000-photo import). A `mallopt` of these thresholds elsewhere in the process is
/// not seen and is overwritten.
public enum LoadingHeap {
    /// The two thresholds, in bytes.
    package struct Thresholds: Equatable {
        package var mmap: Int
        package var trim: Int

        package init(mmap: Int, trim: Int) {
            self.mmap = mmap
            self.trim = trim
        }

        /// glibc's documented defaults (mallopt(3)): 128 KiB each.
        package static let glibcDefaults = Thresholds(mmap: 128 * 1024, trim: 128 * 1024)
        /// Where glibc's dynamic rule takes its thresholds in a process that frees arrays of a few
        /// MB (an import's batches of records), fixed once a `mallopt` has turned the rule off.
        /// Measured on 100,000 photos: 2.54 s at glibc's fixed defaults, 2.45 s with these and 6 MB
        /// more at the peak; 2.44 s and 45 MB more when freed memory is never returned.
        package static let grownDefaults = Thresholds(mmap: 4 << 20, trim: 16 << 20)
        /// While loading: freed arrays stay in the heap.
        package static let loading = Thresholds(mmap: 64 << 20, trim: 256 << 20)

        /// The thresholds a process started with `environment` runs with between loads: those
        /// the environment sets (glibc's defaults for the other one), else ``grownDefaults``.
        package static func atStart(environment: [String: String]) -> Thresholds {
            var tunables: [String: Int] = [:]
            for pair in (environment["GLIBC_TUNABLES"] ?? "").split(separator: ":") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, let value = Int(parts[1]) { tunables[String(parts[0])] = value }
            }
            // The environment variables win over the tunables, as in glibc.
            let mmap = environment["MALLOC_MMAP_THRESHOLD_"].flatMap { Int($0) } ?? tunables["glibc.malloc.mmap_threshold"]
            let trim = environment["MALLOC_TRIM_THRESHOLD_"].flatMap { Int($0) } ?? tunables["glibc.malloc.trim_threshold"]
            // Either one set turns glibc's dynamic rule off, as a mallopt does.
            guard mmap != nil || trim != nil else { return grownDefaults }
            return Thresholds(mmap: mmap ?? glibcDefaults.mmap, trim: trim ?? glibcDefaults.trim)
        }
    }

    /// The count of loads and what was set, for one allocator (the process's: ``shared``).
    package final class State: @unchecked Sendable {
        private let lock = NSLock()
        private var holders = 0
        private let start: Thresholds
        /// What this state last set, or nil while the process runs on its start settings.
        private var applied: Thresholds?
        private let set: (Thresholds) -> Void

        package init(start: Thresholds, set: @escaping (Thresholds) -> Void) {
            self.start = start
            self.set = set
        }

        /// The thresholds in force as far as this state knows.
        package var current: Thresholds { lock.withLock { applied ?? start } }
        package var loads: Int { lock.withLock { holders } }

        package func begin() {
            lock.withLock {
                holders += 1
                if holders == 1 { applied = .loading; set(.loading) }
            }
        }

        /// True when this was the last load, and the start thresholds are back.
        @discardableResult package func end() -> Bool {
            lock.withLock {
                guard holders > 0 else { return false }
                holders -= 1
                guard holders == 0 else { return false }
                applied = start
                set(start)
                return true
            }
        }
    }

    package static let shared = State(start: Thresholds.atStart(environment: ProcessInfo.processInfo.environment)) { t in
        #if canImport(Glibc)
        _ = mallopt(M_MMAP_THRESHOLD, Int32(clamping: t.mmap))
        _ = mallopt(M_TRIM_THRESHOLD, Int32(clamping: t.trim))
        #endif
    }

    public static func keepFreedMemory() {
        shared.begin()
    }

    /// Grows the calling thread's heap by `megabytes` (at most 63: a thread's heap other than
    /// the main one holds 64 MiB) and marks the whole 2 MiB pages inside for huge pages. The
    /// block is freed at once and stays as the heap's top, where the next arrays are carved.
    /// Returns the addresses marked (nil when none were).
    @discardableResult
    public static func growWithHugePages(megabytes: Int) -> Range<UInt>? {
        #if canImport(Glibc)
        let size = megabytes << 20, huge = UInt(2 << 20)
        guard let block = malloc(size) else { return nil }
        defer { free(block) }
        let start = (UInt(bitPattern: block) + huge - 1) & ~(huge - 1)
        let end = (UInt(bitPattern: block) + UInt(size)) & ~(huge - 1)
        guard end > start, madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), MADV_HUGEPAGE) == 0 else { return nil }
        return start..<end
        #else
        return nil
        #endif
    }

    /// Ends one ``keepFreedMemory()``; the last one restores the start thresholds and trims.
    public static func returnFreedMemory() {
        guard shared.end() else { return }
        #if canImport(Glibc)
        _ = malloc_trim(0)
        #endif
    }
}
