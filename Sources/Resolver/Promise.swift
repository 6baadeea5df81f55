import Foundation

/// A value one thread supplies and others wait for: how the polygon thread hands its decoded
/// outlines to the cities thread.
///
/// ```swift
/// let outlines = Promise<BoundaryIndex.Outlines>()
/// outlines.fulfil(Result { try BoundaryIndex.decodeOutlines(from: gazetteer) })   // one thread
/// let o = try outlines.value()                                                     // another
/// ```
///
/// Thread-safe: `fulfil` once, `value` from any thread, any number of times.
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
