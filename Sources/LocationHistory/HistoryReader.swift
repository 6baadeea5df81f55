#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a location history of any format it knows, recognised by content (never by name:
/// exports come as `Zeitachse.json` as well as `Timeline.json`), in one pass with bounded
/// memory, delivering every point, visit, activity and frequent place to `sink` as it goes.
///
/// ```swift
/// let summary = try HistoryReader.read(fileAt: "Takeout/Location History/Records.json",
///                                      progress: { bar.update(bytes: $0) }) { item in
///     if case .point(let p) = item { store(p) }
/// }
/// // nil: not a location history (a photo's sidecar JSON, any other file)
/// ```
///
/// Formats: ``HistoryFormat``. The reader keeps one buffer of about 2 MiB whatever the file's
/// size: nothing is collected but an activity's waypoints and, in the iPhone's export, the path
/// points of a segment whose start time comes after them. A file cut short gives what came
/// before the cut and ``HistoryFileSummary/cutShort``; a document that is not well-formed, too
/// deep, with a string over 1 MiB or a number out of range where a value is needed throws
/// ``HistoryError`` with the byte offset (what came before it has been delivered). Values out
/// of range and times that do not parse are skipped and counted. Stateless; each call is
/// independent, so files may be read on several threads at once.
public enum HistoryReader {
    /// Reads the file at `path`. `progress` is called with the bytes read so far after every chunk.
    public static func read(fileAt path: String, progress: ((Int64) -> Void)? = nil,
                            sink: (HistoryItem) -> Void) throws(HistoryError) -> HistoryFileSummary? {
        let fd = try open(path)
        defer { close(fd) }
        #if canImport(Glibc)
        // The kernel reads ahead further for a file read once from start to end.
        _ = posix_fadvise(fd, 0, 0, Int32(POSIX_FADV_SEQUENTIAL))
        #endif
        return try read(JSONScanner(source: .file(fd)), progress: progress, sink: sink)
    }

    /// Reads bytes in memory, in chunks of `chunkSize` (small chunks put token boundaries
    /// everywhere, for tests).
    public static func read(bytes: [UInt8], chunkSize: Int = 1 << 20,
                            sink: (HistoryItem) -> Void) throws(HistoryError) -> HistoryFileSummary? {
        try read(JSONScanner(source: .memory(bytes), chunk: chunkSize), progress: nil, sink: sink)
    }

    /// The format of the file at `path`, reading only as far as it takes to tell; nil when it is no history.
    public static func format(ofFileAt path: String) throws(HistoryError) -> HistoryFormat? {
        let fd = try open(path)
        defer { close(fd) }
        let parser = HistoryParser(scanner: JSONScanner(source: .file(fd), chunk: 64 << 10), detectOnly: true) { _ in }
        do { return try parser.run() } catch { return parser.format }
    }

    /// The format of bytes in memory; nil when they are no history.
    public static func format(of bytes: [UInt8]) -> HistoryFormat? {
        let parser = HistoryParser(scanner: JSONScanner(source: .memory(bytes), chunk: 64 << 10), detectOnly: true) { _ in }
        do { return try parser.run() } catch { return parser.format }
    }

    static func read(_ scanner: JSONScanner, progress: ((Int64) -> Void)?,
                     sink: (HistoryItem) -> Void) throws(HistoryError) -> HistoryFileSummary? {
        scanner.progress = progress
        // The parser keeps the sink only for this call.
        let outcome: Result<HistoryFileSummary?, HistoryError> = withoutActuallyEscaping(sink) { sink in
            let parser = HistoryParser(scanner: scanner, sink: sink)
            var cut: HistoryError?
            do throws(HistoryError) {
                _ = try parser.run()
            } catch {
                // Before the content showed a format, nothing says it is a history: broken
                // JSON among the photos is not a broken history.
                guard parser.format != nil else { return .success(nil) }
                guard error.isCutShort else { return .failure(error) }
                cut = error
            }
            guard let format = parser.format else { return .success(nil) }
            var summary = parser.summary
            summary.format = format
            summary.cutShort = cut
            summary.bytesRead = cut == nil ? scanner.offset : scanner.bytesRead
            return .success(summary)
        }
        return try outcome.get()
    }

    private static func open(_ path: String) throws(HistoryError) -> Int32 {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw HistoryError(offset: 0, reason: .unreadable(String(cString: strerror(errno)))) }
        return fd
    }
}
