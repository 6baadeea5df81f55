#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Random access to the bytes of one open file through `pread`, so a reader fetches only
/// the few ranges it needs and never the whole file. Reads go through small windows: the
/// metadata of a photo clusters in a few KiB, so most requests cost no system call. The last
/// two windows are kept, because a JPEG's parse goes to the frame header after the Exif
/// segment and then back to the Exif entries at the start.
///
/// ```swift
/// let file = try FileSource(path: "/photos/a.jpg")
/// let head = try file.bytes(at: 0, count: 12)
/// ```
///
/// Not thread-safe: one reader, one file. The descriptor is closed on deinit.
final class FileSource {
    let path: String
    let size: Int
    private let fd: Int32
    private var window: [UInt8] = []
    private var windowStart = 0
    private var previous: [UInt8] = []
    private var previousStart = 0
    /// `pread` calls so far (more than one per window only when the kernel returns less).
    private(set) var reads = 0
    /// Large enough for a JPEG's IFDs or a HEIF `meta` box, far below the 64 KiB a whole APP1
    /// segment may take.
    static let windowSize = 16 * 1024
    /// A window past the head: what a parse reads there is mostly headers (a JPEG's segments
    /// after its Exif, a box's), and the copy of 16 KiB from the page cache was a sixth of an
    /// import's time; a larger request reads what it asks.
    static let laterWindowSize = 4 * 1024

    /// Opens `path`. `size` is the file's size when the caller has just read it (a directory
    /// walk's `stat`), which spares a `fstat` per file; a file that changed since only reads
    /// short, like one that shrinks while it is read.
    init(path: String, size knownSize: Int? = nil) throws(MetadataError) {
        self.path = path
        let fd = FileName.withCString(path) { open($0, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else { throw MetadataError(path: path, reason: .unreadable(FileSource.errnoText())) }
        if let knownSize {
            self.fd = fd
            self.size = knownSize
            return
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let why = FileSource.errnoText()
            close(fd)
            throw MetadataError(path: path, reason: .unreadable(why))
        }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            throw MetadataError(path: path, reason: .unreadable("is a directory"))
        }
        self.fd = fd
        self.size = Int(info.st_size)
    }

    deinit { close(fd) }

    /// Up to `count` bytes from `offset`; fewer only at the end of the file.
    func slice(at offset: Int, count: Int) throws(MetadataError) -> ArraySlice<UInt8> {
        guard offset >= 0, count > 0, offset < size else { return [] }
        let end = min(size, offset + count)
        if offset < windowStart || end > windowStart + window.count {
            swap(&window, &previous)
            swap(&windowStart, &previousStart)
            if offset < windowStart || end > windowStart + window.count {
                window = try read(at: offset, count: max(count, offset < Self.windowSize ? Self.windowSize : Self.laterWindowSize))
                windowStart = offset
            }
        }
        let from = offset - windowStart
        return window[from..<min(window.count, from + count)]
    }

    private func read(at offset: Int, count: Int) throws(MetadataError) -> [UInt8] {
        let wanted = min(count, size - offset)
        var failure: Int32 = 0
        let buffer = [UInt8](unsafeUninitializedCapacity: wanted) { raw, initialised in
            initialised = fill(UnsafeMutableRawBufferPointer(raw), from: offset, failure: &failure)
        }
        if failure != 0 { throw MetadataError(path: path, reason: .unreadable(String(cString: strerror(failure)))) }
        return buffer
    }

    /// Reads into `buffer` from `offset` until it is full or the file ends; the bytes read.
    /// `failure` is the errno of a failed read.
    func fill(_ buffer: UnsafeMutableRawBufferPointer, from offset: Int, failure: inout Int32) -> Int {
        var filled = 0
        while filled < buffer.count {
            reads += 1
            let n = pread(fd, buffer.baseAddress! + filled, buffer.count - filled, off_t(offset + filled))
            if n < 0 {
                if errno == EINTR { continue }
                failure = errno
                break
            }
            if n == 0 { break }  // the file shrank while we read it
            filled += n
        }
        return filled
    }

    /// Exactly `count` bytes from `offset`, or a `truncated` error naming `what`.
    func exactBytes(at offset: Int, count: Int, what: String) throws(MetadataError) -> [UInt8] {
        let data = try bytes(at: offset, count: count)
        guard data.count == count else { throw MetadataError(path: path, reason: .truncated(what)) }
        return data
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
