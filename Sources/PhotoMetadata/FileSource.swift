#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Random access to the bytes of one open file through `pread`, so a reader fetches only
/// the few ranges it needs and never the whole file.
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

    init(path: String) throws(MetadataError) {
        self.path = path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw MetadataError(path: path, reason: .unreadable(FileSource.errnoText())) }
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
    func bytes(at offset: Int, count: Int) throws(MetadataError) -> [UInt8] {
        guard offset >= 0, count > 0, offset < size else { return [] }
        let wanted = min(count, size - offset)
        var buffer = [UInt8](repeating: 0, count: wanted)
        var filled = 0
        while filled < wanted {
            let n = buffer.withUnsafeMutableBytes { raw in
                pread(fd, raw.baseAddress! + filled, wanted - filled, off_t(offset + filled))
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw MetadataError(path: path, reason: .unreadable(FileSource.errnoText()))
            }
            if n == 0 { break }  // the file shrank while we read it
            filled += n
        }
        if filled < wanted { buffer.removeSubrange(filled...) }
        return buffer
    }

    /// Exactly `count` bytes from `offset`, or a `truncated` error naming `what`.
    func exactBytes(at offset: Int, count: Int, what: String) throws(MetadataError) -> [UInt8] {
        let data = try bytes(at: offset, count: count)
        guard data.count == count else { throw MetadataError(path: path, reason: .truncated(what)) }
        return data
    }

    private static func errnoText() -> String { String(cString: strerror(errno)) }
}
