#if canImport(Glibc)
import Glibc
#endif

extension LoadingHeap {
    /// The allocator policy of a process that answers and exits, as the passport's commands
    /// do: freed memory stays in the heap until exit, the calling thread's heap grows with huge
    /// pages now, and every other thread's the first time it calls ``growThisThread()``. Not for
    /// long runs: a million-photo import so kept peaked at 366 MB instead of 259 (the heaps
    /// never shrink, and a huge page is resident whole).
    ///
    /// A passport answer fills tens of MB of fresh arrays on two threads for a few tens of
    /// milliseconds: an export of the travel record of the spread benchmark log faulted 13,800
    /// pages of 4 KiB (about 10 ms of its 110), 2,700 with this policy.
    ///
    /// ```swift
    /// LoadingHeap.keepForTheRun()          // first thing in main
    /// DispatchQueue.concurrentPerform(iterations: 2) { i in
    ///     LoadingHeap.growThisThread()     // first thing on each worker
    ///     ...
    /// }
    /// ```
    ///
    /// Process-wide and never undone: a resolver loading later keeps its counted setting, and
    /// its end no longer returns memory to the system (the process is about to).
    public static func keepForTheRun() {
        shared.begin()
        growThisThread()
    }

    /// Grows the calling thread's heap with huge pages (``growWithHugePages(megabytes:)``) the
    /// first time the thread asks while `state` keeps freed memory (a load, or
    /// ``keepForTheRun()``), and returns true then. Otherwise nothing, and false: a grown heap
    /// would be returned to the system as soon as it is freed.
    ///
    /// Cheap on every later call (a thread-specific value), so that the first lines of the
    /// closures handed to worker threads can ask without knowing which thread they run on.
    @discardableResult public static func growThisThread() -> Bool { growThisThread(keptBy: shared) }

    @discardableResult package static func growThisThread(keptBy state: State) -> Bool {
        #if canImport(Glibc)
        guard pthread_getspecific(grownKey) == nil, state.loads > 0 else { return false }
        pthread_setspecific(grownKey, UnsafeRawPointer(bitPattern: 1))
        growWithHugePages(megabytes: 48)
        return true
        #else
        return false
        #endif
    }

    #if canImport(Glibc)
    /// Set (to a non-null marker) on each thread whose heap has grown.
    private static let grownKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
    #endif
}
