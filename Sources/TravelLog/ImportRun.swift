/// The bookkeeping of one `atlas import`: what it looked at and what it found.
///
/// ```swift
/// let id = try log.beginRun(roots: ["/photos"], gazetteerVersion: "2026.11.1")
/// try log.finishRun(id, status: .done, counts: counts)
/// ```
public struct ImportRun: Sendable, Equatable {
    public enum Status: String, Sendable {
        case running, done
        /// Stopped by SIGINT after a committed batch.
        case interrupted
        /// Found still `running` by a later import: the process died (SIGKILL, power loss).
        case abandoned
    }

    /// What a run counted.
    public struct Counts: Sendable, Equatable {
        /// Image files found under the roots.
        public var seen = 0
        public var added = 0
        public var changed = 0
        /// Same path, size and modification time: not opened.
        public var unchanged = 0
        public var moved = 0
        /// Recorded before, gone now.
        public var missing = 0
        public var errors = 0

        public init() {}
    }

    public var id: Int64
    public var roots: [String]
    public var startedAt: String
    public var endedAt: String?
    public var status: Status
    public var counts: Counts
}
