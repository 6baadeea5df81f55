import Foundation

/// Work started on its own thread now and waited for later: loading uses both cores (cities on
/// one, polygons on the other) without making every caller async.
///
/// ```swift
/// let cities = ParallelLoad { try loadCities() }
/// let polygons = try loadPolygons()
/// let (c, p) = (try cities.value(), polygons)
/// ```
final class ParallelLoad<T>: @unchecked Sendable {
    private let promise = Promise<T>()

    init(_ work: @escaping @Sendable () throws -> T) {
        let thread = Thread { [promise] in promise.fulfil(Result { try work() }) }
        thread.stackSize = 1 << 22
        thread.start()
    }

    /// Blocks until the work is done; rethrows its error.
    func value() throws -> T { try promise.value() }
}

/// A value one thread supplies and others wait for: how the polygon thread hands its decoded
/// outlines to the cities thread.
final class Promise<T>: @unchecked Sendable {
    private var result: Result<T, Error>?
    private let done = DispatchSemaphore(value: 0)

    /// Call once.
    func fulfil(_ result: Result<T, Error>) {
        self.result = result
        done.signal()
    }

    /// Blocks until the value is there; rethrows its error.
    func value() throws -> T {
        done.wait()
        done.signal()  // later calls return at once
        return try result!.get()
    }
}

/// Work that whichever of two threads is free first does: the polygon thread, which needs the
/// result, or the cities thread, which finishes its own part at about the same time and
/// otherwise would sit idle. Which one finishes first depends on the machine's load.
final class FirstFree<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false
    private let promise = Promise<T>()
    private let work: @Sendable () throws -> T

    init(_ work: @escaping @Sendable () throws -> T) { self.work = work }

    /// Does the work, unless another thread has started it.
    func offer() {
        guard lock.withLock({ () -> Bool in defer { claimed = true }; return !claimed }) else { return }
        promise.fulfil(Result { try work() })
    }

    /// The result: does the work now unless another thread has started it, then waits for it.
    func value() throws -> T {
        offer()
        return try promise.value()
    }
}
