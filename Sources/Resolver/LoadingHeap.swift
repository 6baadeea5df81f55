#if canImport(Glibc)
import CGlibc
import Glibc
#endif

/// glibc's allocator policy while the resolver loads: it fills tens of MB of fresh arrays, and
/// on this project's VM each 4 KiB page of them cost a page fault of a few µs (18,000 faults,
/// a third of the load's CPU).
///
/// - Freed memory stays in the heap for the next array: by default anything over 128 KiB is a
///   mapping of its own, returned to the kernel when freed and faulted in again by the next one.
/// - Each loading thread grows its heap in one step, marked for transparent huge pages
///   (`MADV_HUGEPAGE`), so that a fault fills 2 MiB instead of 4 KiB: 2,200 faults instead of
///   18,000. Where the kernel has them off, the heap is only grown early.
/// - Afterwards the default thresholds come back and the heap's free memory is returned
///   (`malloc_trim`), so the resident size after loading is what the index holds.
///
/// ```swift
/// LoadingHeap.keepFreedMemory()
/// defer { LoadingHeap.returnFreedMemory() }
/// LoadingHeap.growWithHugePages(megabytes: 48)   // on each loading thread
/// ```
///
/// Process-wide, like the allocator: two loads at once share the setting, and the first to end
/// restores it (the other then only pays the faults again).
enum LoadingHeap {
    static func keepFreedMemory() {
        #if canImport(Glibc)
        _ = mallopt(M_MMAP_THRESHOLD, 64 << 20)
        _ = mallopt(M_TRIM_THRESHOLD, 256 << 20)
        #endif
    }

    /// Grows the calling thread's heap by `megabytes` (at most 63: a thread's heap other than
    /// the main one holds 64 MiB) and marks the whole 2 MiB pages inside for huge pages. The
    /// block is freed at once and stays as the heap's top, where the next arrays are carved.
    static func growWithHugePages(megabytes: Int) {
        #if canImport(Glibc)
        let size = megabytes << 20, huge = UInt(2 << 20)
        guard let block = malloc(size) else { return }
        let start = (UInt(bitPattern: block) + huge - 1) & ~(huge - 1)
        let end = (UInt(bitPattern: block) + UInt(size)) & ~(huge - 1)
        if end > start { _ = madvise(UnsafeMutableRawPointer(bitPattern: start), Int(end - start), MADV_HUGEPAGE) }
        free(block)
        #endif
    }

    static func returnFreedMemory() {
        #if canImport(Glibc)
        let defaultThreshold: Int32 = 128 * 1024
        _ = mallopt(M_MMAP_THRESHOLD, defaultThreshold)
        _ = mallopt(M_TRIM_THRESHOLD, defaultThreshold)
        _ = malloc_trim(0)
        #endif
    }
}
