import Foundation
import Testing
@testable import Heap

/// The allocator thresholds ``LoadingHeap`` sets while loading come back afterwards, after the
/// last of loads that overlap, and "back" means what the process runs with. A state of its
/// own records what would be set, so that resolvers loading in other tests do not interfere.
@Suite struct LoadingHeapTests {
    final class Recorder: @unchecked Sendable { var calls: [LoadingHeap.Thresholds] = [] }

    @Test func theLastLoadToEndRestoresTheStartThresholds() {
        let recorder = Recorder()
        let start = LoadingHeap.Thresholds(mmap: 1 << 20, trim: 4096)
        let state = LoadingHeap.State(start: start) { recorder.calls.append($0) }
        #expect(state.current == start)
        state.begin()
        #expect(state.current == .loading && recorder.calls == [.loading])
        state.begin()
        #expect(!state.end())
        // Another load is still running: its setting stays.
        #expect(state.current == .loading && recorder.calls == [.loading])
        #expect(state.end())
        #expect(state.current == start && recorder.calls == [.loading, start] && state.loads == 0)
        // An unmatched end changes nothing.
        #expect(!state.end())
        #expect(recorder.calls.count == 2)
    }

    /// glibc's rule raises the thresholds as blocks of a few MB are freed; after a mallopt they
    /// stay where they are set, so a load leaves them where the rule would have taken them.
    @Test func withoutEnvironmentTheThresholdsAreWhereGlibcsRuleGrowsThem() {
        #expect(LoadingHeap.Thresholds.atStart(environment: [:]) == .grownDefaults)
        #expect(LoadingHeap.Thresholds.atStart(environment: ["GLIBC_TUNABLES": "glibc.malloc.arena_max=2"]) == .grownDefaults)
        let grown = LoadingHeap.Thresholds.grownDefaults
        // Above glibc's start, the trim threshold at least twice the mmap one (as the rule sets
        // it), and no more than the rule's ceiling of 32 MiB.
        #expect(grown.mmap > 128 * 1024 && grown.mmap <= 32 << 20 && grown.trim >= 2 * grown.mmap)
        #expect(LoadingHeap.Thresholds.glibcDefaults == .init(mmap: 128 * 1024, trim: 128 * 1024))
    }

    @Test func theStartThresholdsAreTheEnvironmentsThenGlibcsDefaults() {
        #expect(LoadingHeap.Thresholds.atStart(environment: ["MALLOC_MMAP_THRESHOLD_": "1048576"])
                == .init(mmap: 1 << 20, trim: 128 * 1024))
        #expect(LoadingHeap.Thresholds.atStart(environment: ["GLIBC_TUNABLES": "glibc.malloc.arena_max=2:glibc.malloc.trim_threshold=4096"])
                == .init(mmap: 128 * 1024, trim: 4096))
        #expect(LoadingHeap.Thresholds.atStart(environment: ["GLIBC_TUNABLES": "glibc.malloc.mmap_threshold=9", "MALLOC_MMAP_THRESHOLD_": "7"])
                == .init(mmap: 7, trim: 128 * 1024))
    }
}

/// What a thread of the tests made, read after it signals.
private final class ResultBox<T>: @unchecked Sendable { var value: T? }

/// ``LoadingHeap/growThisThread()`` grows each thread's heap once, and only while freed memory
/// is kept; and a grown heap fills with huge pages where the kernel gives them on request.
@Suite struct GrowThisThreadTests {
    /// `body` on a thread of its own, which starts with no mark of having grown.
    private func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let (box, done) = (ResultBox<T>(), DispatchSemaphore(value: 0))
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.start()
        done.wait()
        return box.value!
    }

    @Test func eachThreadGrowsOnceWhileFreedMemoryIsKept() {
        let state = LoadingHeap.State(start: .glibcDefaults) { _ in }
        let answers = onNewThread { () -> [Bool] in
            let idle = LoadingHeap.growThisThread(keptBy: state)
            state.begin()
            return [idle, LoadingHeap.growThisThread(keptBy: state), LoadingHeap.growThisThread(keptBy: state)]
        }
        #expect(answers == [false, true, false])
        #expect(onNewThread { LoadingHeap.growThisThread(keptBy: state) })
        state.end()
        #expect(!onNewThread { LoadingHeap.growThisThread(keptBy: state) })
    }

    /// Linux only gives huge pages on request when its setting says `[always]` or `[madvise]`.
    static let hugePagesOnRequest: Bool = {
        guard let setting = try? String(contentsOfFile: "/sys/kernel/mm/transparent_hugepage/enabled", encoding: .utf8) else { return false }
        return setting.contains("[always]") || setting.contains("[madvise]")
    }()

    /// Linux's RUSAGE_THREAD, which Glibc's module leaves out (it needs _GNU_SOURCE): only the
    /// faults of the calling thread, not of tests running beside it.
    private let rusageThread: __rusage_who_t = 1

    /// Faults of writing `size` bytes at `block`, counted on the calling thread.
    private func faultsWriting(_ block: UnsafeMutableRawPointer, _ size: Int) -> Int {
        var before = rusage(), after = rusage()
        getrusage(rusageThread, &before)
        memset(block, 1, size)
        getrusage(rusageThread, &after)
        return after.ru_minflt - before.ru_minflt
    }

    /// The faults of 32 MiB in a mapping of its own marked for huge pages: what the kernel
    /// gives on request right now, whatever any allocator does.
    private func faultsOfAPlainRequest(_ size: Int) -> Int {
        let huge = 2 << 20
        guard let mapping = mmap(nil, size + huge, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
              mapping != MAP_FAILED else { return Int.max }
        defer { munmap(mapping, size + huge) }
        let start = (UInt(bitPattern: mapping) + UInt(huge) - 1) & ~UInt(huge - 1)
        let block = UnsafeMutableRawPointer(bitPattern: start)!
        _ = madvise(block, size, MADV_HUGEPAGE)
        return faultsWriting(block, size)
    }

    /// How many bytes of `range` lie in mappings marked for huge pages (`hg` in the `VmFlags`
    /// of /proc/self/smaps): the marks as the kernel keeps them.
    private func bytesMarkedForHugePages(_ range: Range<UInt>) -> Int {
        // Read to its end: `String(contentsOfFile:)` stops at the first read of a file whose
        // size says 0, as /proc's do.
        guard let file = FileHandle(forReadingAtPath: "/proc/self/smaps") else { return 0 }
        defer { try? file.close() }
        let smaps = String(decoding: file.readDataToEndOfFile(), as: UTF8.self)
        var marked = 0
        var mapping: Range<UInt>?
        for line in smaps.split(separator: "\n") {
            if line.hasPrefix("VmFlags:") {
                if let mapping, line.split(separator: " ").contains("hg") { marked += mapping.clamped(to: range).count }
                mapping = nil
            } else if let dash = line.firstIndex(of: "-"), let space = line.firstIndex(of: " "), dash < space,
                      let start = UInt(line[..<dash], radix: 16), let end = UInt(line[line.index(after: dash)..<space], radix: 16) {
                mapping = start..<end
            }
        }
        return marked
    }

    /// A heap grown with huge pages is marked so, as the kernel sees it, and 32 MiB written
    /// from it then cost far fewer faults than its 8,192 pages of 4 KiB. Two things outside the
    /// heap decide whether the faults can be judged, and the test says so when either fails:
    /// whether the kernel has huge pages to give at the moment (its free memory in whole 2 MiB
    /// runs; a plain request made just after is the reference), and whether the allocator
    /// carved the block from the grown heap: a thread of a long test run may be handed an arena
    /// that others used, with a free chunk of their own that fits better (a fresh process,
    /// where the passport grows its threads' heaps, has none).
    @Test(.enabled(if: hugePagesOnRequest, "the kernel gives no transparent huge pages on request"))
    func aGrownHeapFaultsInHugePages() throws {
        LoadingHeap.keepFreedMemory()
        defer { LoadingHeap.returnFreedMemory() }
        let size = 32 << 20, smallPages = size / 4096
        let (grownRange, marked, inside, faults, plain) = onNewThread { () -> (Range<UInt>?, Int, Int, Int, Int) in
            let grown = LoadingHeap.growWithHugePages(megabytes: 48)
            let marked = grown.map(bytesMarkedForHugePages) ?? 0
            let block = malloc(size)!
            let start = UInt(bitPattern: block)
            let inside = grown.map { (start..<start + UInt(size)).clamped(to: $0).count } ?? 0
            let faults = faultsWriting(block, size)
            free(block)
            return (grown, marked, inside, faults, faultsOfAPlainRequest(size))
        }
        let range = try #require(grownRange, "nothing marked for huge pages")
        #expect(range.count >= 44 << 20 && marked == range.count, "\(marked) of \(range.count) bytes marked")
        if plain >= smallPages / 4 {
            try Test.cancel("the kernel gave no huge pages to a plain request just now (\(plain) faults for 32 MiB)")
        }
        if inside < size / 2 {
            try Test.cancel("the allocator carved the block elsewhere than the grown heap (\(inside >> 20) of 32 MiB in it): an arena other threads used")
        }
        #expect(faults < smallPages / 4, "\(faults) faults for 32 MiB in the grown heap, \(plain) in a plain request")
    }
}
