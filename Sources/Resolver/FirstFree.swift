import Foundation

/// Work that whichever of two threads is free first does: the polygon thread, which needs the
/// result, or the cities thread, which finishes its own part at about the same time and
/// otherwise would sit idle. Which one finishes first depends on the machine's load. With
/// `value()` alone it is work done once, by the first thread that needs it: the resolver's
/// land zones, read on the first point at sea.
///
/// ```swift
/// let corners = FirstFree { try BoundaryIndex.cornerStates(of: try outlines.value()) }
/// corners.offer()                  // the cities thread, when done with the cities
/// let c = try corners.value()      // the polygon thread, when it needs them
/// ```
///
/// Thread-safe: the work runs once, on the first thread to ask.
final class FirstFree<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var claimed = false
    private let promise = Promise<T>()
    private let work: @Sendable () throws -> T

    init(_ work: @escaping @Sendable () throws -> T) { self.work = work }

    /// Whether a thread has started the work.
    var isClaimed: Bool { lock.withLock { claimed } }

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
