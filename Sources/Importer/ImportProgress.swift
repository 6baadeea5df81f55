import Foundation

/// The live counters of an import, written by the pipeline and read by a progress display.
///
/// ```swift
/// let snapshot = importer.progress.snapshot()
/// print(snapshot.found, snapshot.read)
/// ```
///
/// Thread-safe (one lock; a handful of increments per file).
public final class ImportProgress: @unchecked Sendable {
    public struct Snapshot: Sendable, Equatable {
        /// Files the walk has found so far.
        public var found = 0
        /// Files opened and read.
        public var read = 0
        /// Photos whose position was resolved.
        public var resolved = 0
        /// Files settled (unchanged, or written to the log).
        public var done = 0
        /// The walk has finished: `found` is the total.
        public var walkFinished = false
        /// The location history being read, if any: its name, and the bytes read of its size.
        public var history: (name: String, read: Int64, size: Int64)?

        public static func == (a: Snapshot, b: Snapshot) -> Bool {
            (a.found, a.read, a.resolved, a.done, a.walkFinished) == (b.found, b.read, b.resolved, b.done, b.walkFinished)
                && a.history?.name == b.history?.name && a.history?.read == b.history?.read && a.history?.size == b.history?.size
        }
    }

    private let lock = NSLock()
    private var state = Snapshot()

    public init() {}

    public func snapshot() -> Snapshot { lock.withLock { state } }

    func update(_ body: (inout Snapshot) -> Void) { lock.withLock { body(&state) } }
}
