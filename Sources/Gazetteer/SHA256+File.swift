#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SHA256 {
    /// How much of a file is read at a time: the gazetteer is ~70 MB, and a chunk this size
    /// keeps the memory small while each `read` is still worth its system call.
    public static let fileChunkBytes = 1 << 20

    /// The SHA-256 of the file at `path`, in hexadecimal (what `sha256sum` prints), read in
    /// chunks of ``fileChunkBytes``.
    ///
    /// ```swift
    /// let hex = try SHA256.hexDigest(ofFileAt: "Resources/gazetteer.sqlite")
    /// ```
    ///
    /// Throws ``GazetteerError`` naming the file and the system's reason when it cannot be
    /// opened or read.
    public static func hexDigest(ofFileAt path: String) throws -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw GazetteerError(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var hash = SHA256()
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: fileChunkBytes, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer.baseAddress, buffer.count)
            if n < 0 {
                if errno == EINTR { continue }
                throw GazetteerError(path: path, reason: "cannot be read: \(String(cString: strerror(errno)))")
            }
            if n == 0 { break }
            hash.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
        }
        return hash.hexDigest()
    }
}
