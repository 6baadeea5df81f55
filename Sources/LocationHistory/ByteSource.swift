#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a ``JSONScanner`` gets its bytes: a file descriptor read with `read(2)`, bytes in
/// memory (tests, the fuzzer), or a generator (tests of inputs too large to hold).
///
/// ```swift
/// var source = ByteSource.file(fd)
/// let n = try source.read(into: buffer, count: 1 << 20)   // 0 at the end
/// ```
///
/// A value with the read position of a memory source in it; one reader at a time.
struct ByteSource {
    private enum Kind {
        case file(Int32)
        case memory([UInt8])
        case generated((UnsafeMutableBufferPointer<UInt8>) -> Int)
    }

    private let kind: Kind
    /// How far a memory source has been read.
    private var consumed = 0

    static func file(_ descriptor: Int32) -> ByteSource { ByteSource(kind: .file(descriptor)) }
    static func memory(_ bytes: [UInt8]) -> ByteSource { ByteSource(kind: .memory(bytes)) }
    /// A source whose `fill` writes up to the buffer's count and returns how many it wrote (0: the end).
    static func generated(_ fill: @escaping (UnsafeMutableBufferPointer<UInt8>) -> Int) -> ByteSource { ByteSource(kind: .generated(fill)) }

    /// Up to `count` bytes into `buffer`; 0 only at the end of the input.
    mutating func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int, offset: Int64) throws(HistoryError) -> Int {
        switch kind {
        case .file(let fd):
            while true {
                let n = Glibc.read(fd, buffer, count)
                if n >= 0 { return n }
                if errno == EINTR { continue }
                throw HistoryError(offset: offset, reason: .unreadable(String(cString: strerror(errno))))
            }
        case .memory(let bytes):
            let n = min(count, bytes.count - consumed)
            bytes.withUnsafeBufferPointer { b in
                if n > 0 { buffer.update(from: b.baseAddress! + consumed, count: n) }
            }
            consumed += n
            return n
        case .generated(let fill):
            return max(0, min(count, fill(UnsafeMutableBufferPointer(start: buffer, count: count))))
        }
    }
}
