import Testing
@testable import Resolver

/// The allocator thresholds ``LoadingHeap`` sets while loading come back afterwards, after the
/// last of loads that overlap, and "back" means what the process started with. A state of its
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

    @Test func withoutEnvironmentTheStartThresholdsAreGlibcsDefaults() {
        #expect(LoadingHeap.Thresholds.atStart(environment: [:]) == .glibcDefaults)
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
