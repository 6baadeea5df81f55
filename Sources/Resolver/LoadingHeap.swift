import Foundation

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
    #if os(Linux)
    private typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
    private typealias Trim = @convention(c) (Int) -> Int32
    // <malloc.h>; Swift's Glibc module exports neither the functions nor the constants.
    private static let trimThreshold: Int32 = -1, mmapThreshold: Int32 = -3
    private static let defaultThreshold: Int32 = 128 * 1024

    private static func function<T>(_ name: String, as type: T.Type) -> T? {
        dlsym(UnsafeMutableRawPointer(bitPattern: 0), name).map { unsafeBitCast($0, to: type) }
    }
    #endif

    static func keepFreedMemory() {
        #if os(Linux)
        guard let mallopt = function("mallopt", as: Mallopt.self) else { return }
        _ = mallopt(mmapThreshold, 64 << 20)
        _ = mallopt(trimThreshold, 256 << 20)
        #endif
    }

    static func returnFreedMemory() {
        #if os(Linux)
        if let mallopt = function("mallopt", as: Mallopt.self) {
            _ = mallopt(mmapThreshold, defaultThreshold)
            _ = mallopt(trimThreshold, defaultThreshold)
        }
        if let trim = function("malloc_trim", as: Trim.self) { _ = trim(0) }
        #endif
    }
}
