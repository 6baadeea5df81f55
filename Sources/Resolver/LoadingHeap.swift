#if canImport(Glibc)
import CGlibc
#endif

/// glibc's allocator policy while the resolver loads: it allocates and frees tens of MB of
/// arrays, which by default go back to the kernel as soon as they are freed (anything over
/// 128 KiB is its own mapping) and cost a page fault per 4 KiB when the next array takes their
/// place. On this project's VM a fault costs ~5 µs: 25,000 of them were 40% of the load's CPU.
/// While loading, freed memory stays in the heap for the next array; afterwards the default
/// thresholds come back and the heap's free memory is returned (`malloc_trim`), so the
/// resident size after loading is unchanged.
///
/// ```swift
/// LoadingHeap.keepFreedMemory()
/// defer { LoadingHeap.returnFreedMemory() }
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

    static func returnFreedMemory() {
        #if canImport(Glibc)
        let defaultThreshold: Int32 = 128 * 1024
        _ = mallopt(M_MMAP_THRESHOLD, defaultThreshold)
        _ = mallopt(M_TRIM_THRESHOLD, defaultThreshold)
        _ = malloc_trim(0)
        #endif
    }
}
