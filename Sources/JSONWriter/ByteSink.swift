/// Where ``JSONBytes`` appends its bytes: a `[UInt8]`, or a ``ByteBuffer`` for a writer of
/// millions of small pieces. The renderers are written once, generic over the sink, and
/// specialised where they are called.
public protocol ByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func append(bytes: UnsafeBufferPointer<UInt8>)
    /// Appends `count` bytes that `write` puts at the pointer it is given (digits written
    /// from the last): a buffer gives its own memory, an array a scratch area on the stack.
    mutating func append(count: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Void)
}

extension Array: ByteSink where Element == UInt8 {
    @inlinable
    public mutating func append(bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }

    @inlinable
    public mutating func append(count: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { scratch in
            write(scratch.baseAddress!)
            append(contentsOf: scratch)
        }
    }
}

extension ByteSink where Self: ~Copyable {
    /// Text known when the program was written (keys, punctuation), copied as it is.
    @inlinable @inline(__always)
    public mutating func append(_ text: StaticString) {
        append(bytes: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    @inlinable @inline(__always)
    public mutating func append(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { append(bytes: $0) }
    }
}
