import Foundation

/// The passport's snapshot (``AggregateSnapshot``) made on a connection of its own, from the log
/// as last committed, while the log's own connection writes something the snapshot does not
/// read: an import into an empty log builds the photos' indexes meanwhile, and the two take
/// about as long. ``TravelLog/refreshAggregates(made:)`` stores it if the aggregates' generation
/// is still the one it was made at, and makes it again otherwise.
///
/// ```swift
/// let pending = PendingSnapshot(logPath: log.path)
/// try log.restoreBulkLoadIndexes()
/// try log.refreshAggregates(made: pending)
/// ```
///
/// Made on its own thread; ``made()`` may be called from any thread, and waits for it.
public final class PendingSnapshot: @unchecked Sendable {
    /// The generation the bytes were made at, and the bytes; nil when there was nothing to make
    /// (dates left stale, a current snapshot) or the log could not be read.
    typealias Made = (generation: Int, bytes: [UInt8])
    private let done = DispatchSemaphore(value: 0)
    private var result: Made?

    public init(logPath: String) {
        let thread = Thread { [self] in
            result = try? Self.make(logPath: logPath)
            done.signal()
        }
        thread.start()
    }

    /// Waits for the snapshot; each call after the first answers at once.
    func made() -> Made? {
        done.wait()
        done.signal()
        return result
    }

    private static func make(logPath: String) throws -> Made? {
        let log = try TravelLog(path: logPath, readOnly: true)
        // One read transaction: the generation and the rows are of the same commit.
        try log.beginReading()
        defer { try? log.endReading() }
        guard try log.snapshotIsStale(), try log.staleDates().isEmpty, try log.staleTrackDays().isEmpty,
              let generation = try log.statement(TravelLog.generation).scalarInt() else { return nil }
        return (generation, try log.computedSnapshot().encoded())
    }
}
