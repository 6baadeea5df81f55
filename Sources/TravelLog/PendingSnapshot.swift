import Foundation

/// The passport's snapshot (``AggregateSnapshot``) made on a connection of its own, from the log
/// as last committed, while the log's own connection writes something the snapshot does not
/// read: an import into an empty log builds the photos' indexes meanwhile, and the two take
/// about as long. ``TravelLog/refreshAggregates(made:)`` stores it if the aggregates' generation
/// is still the one it was made at, and makes it again otherwise. The generation counts only
/// the first change after a snapshot (migration 16), so the log is first told to count the next
/// change again, and the snapshot is made only where none came since.
///
/// ```swift
/// let pending = try PendingSnapshot(of: log)
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

    /// Writes to `log` (on the caller's thread, outside any transaction), then reads it on a
    /// thread and a connection of its own.
    public init(of log: TravelLog) throws {
        try log.countAggregateChangesAgain()
        let logPath = log.path
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
        let s = try log.statement(TravelLog.generationAndChange)
        guard try s.step() else { return nil }
        let (generation, changed) = (s.int(0), s.int(1))
        s.reset()
        // A change since the count began again: later ones would not count, so the
        // generation could not tell this snapshot from the log.
        guard changed == 0, try log.snapshotIsDue() else { return nil }
        return (generation, try log.computedSnapshot().encoded())
    }
}
