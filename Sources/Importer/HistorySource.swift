import TravelLog

/// Where ``HistoryDays`` reads the points and segments of the histories: the log, or in a dry
/// run the log with the files just read held in memory (``DryRunHistories``).
protocol HistorySource {
    /// Every visit, flight and labelled home, by start, with the id of its history.
    func historySegments() throws -> [(history: Int64, segment: HistorySegment)]
    /// The span of every point, ms since 1970 UTC; nil without any.
    func historySpan() throws -> (first: Int64, last: Int64)?
    /// Each block of points with a point in `from...to`, with the id of its history.
    func forEachHistoryBlock(from: Int64, to: Int64, _ body: (_ history: Int64, _ points: [TimedPosition]) throws -> Void) throws
}

extension TravelLog: HistorySource {}

extension HistorySource {
    /// The points of every history within `first...last` (ms since 1970 UTC), a week at a
    /// time, each week's sorted by instant then history: a decade of points is never in
    /// memory at once.
    func forEachWeek(from first: Int64, through last: Int64,
                     _ body: (_ window: [(history: Int64, point: TimedPosition)]) throws -> Void) throws {
        let week: Int64 = 7 * 86_400_000
        var from = first
        while from <= last {
            let to = min(last, from + week - 1)
            var window: [(history: Int64, point: TimedPosition)] = []
            try forEachHistoryBlock(from: from, to: to) { id, points in
                for p in points where p.instant >= from && p.instant <= to { window.append((id, p)) }
            }
            window.sort { ($0.point.instant, $0.history) < ($1.point.instant, $1.history) }
            try body(window)
            from += week
        }
    }
}

/// The histories a dry run would leave in the log: the log's, less those whose files it read
/// again, and the files it read, in memory (the log is not written). The files' ids come after
/// every stored one, so a point two histories share is the stored history's, as it would be.
///
/// ```swift
/// let source = DryRunHistories(log: log, files: read, replacing: [3])
/// let days = try HistoryDays(finder: finder).build(points: source, log: log).days
/// ```
struct DryRunHistories: HistorySource {
    let log: TravelLog?
    let files: [HistoryFile]
    /// The stored histories the files read replace.
    let replacing: Set<Int64>

    private static let firstID: Int64 = 1 << 62

    func historySegments() throws -> [(history: Int64, segment: HistorySegment)] {
        let stored = try (log?.historySegments() ?? []).filter { !replacing.contains($0.history) }
        let read = files.indices.flatMap { i in files[i].segments.map { (history: Self.firstID + Int64(i), segment: $0) } }
        return (stored + read).sorted { ($0.segment.start, $0.history) < ($1.segment.start, $1.history) }
    }

    func historySpan() throws -> (first: Int64, last: Int64)? {
        let ends = files.flatMap { [$0.points.first?.instant, $0.points.last?.instant].compactMap { $0 } }
        let stored = try log?.historySpan()
        guard let first = (ends + [stored?.first].compactMap { $0 }).min(), let last = (ends + [stored?.last].compactMap { $0 }).max() else { return nil }
        return (first, last)
    }

    func forEachHistoryBlock(from: Int64, to: Int64, _ body: (_ history: Int64, _ points: [TimedPosition]) throws -> Void) throws {
        try log?.forEachHistoryBlock(from: from, to: to) { id, points in
            if !replacing.contains(id) { try body(id, points) }
        }
        for (i, file) in files.enumerated() {
            // The file's points are sorted: the slice within the window.
            let lower = file.points.partitioningIndex { $0.instant >= from }
            let upper = file.points.partitioningIndex { $0.instant > to }
            if lower < upper { try body(Self.firstID + Int64(i), Array(file.points[lower..<upper])) }
        }
    }
}
