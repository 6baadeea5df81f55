/// A growing run of bytes written through a pointer: what a writer of hundreds of bytes a line,
/// a million lines, appends to. Each append is a bounds check and a copy, where an array's
/// `append(contentsOf:)` also checks that its storage is unique and goes through a generic
/// sequence; `atlas resolve --batch` appends some forty pieces a line.
///
/// ```swift
/// var out = ByteBuffer()
/// out.append("{\"id\":")
/// JSONBytes.appendInt(42, to: &out)
/// out.append(UInt8(ascii: "}"))
/// out.withUnsafeBytes { String(decoding: $0, as: UTF8.self) }   // {"id":42}
/// ```
///
/// Not copyable: the buffer owns its memory. Used from one thread at a time.
public struct ByteBuffer: ~Copyable, ByteSink {
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var used = 0

    public init(capacity: Int = 1 << 16) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// How many bytes have been written.
    public var count: Int { used }
    public var isEmpty: Bool { used == 0 }

    @inlinable @inline(__always)
    public mutating func append(_ byte: UInt8) {
        if used == capacity { grow(adding: 1) }
        base[used] = byte
        used += 1
    }

    @inlinable @inline(__always)
    public mutating func append(bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let n = bytes.count
        if capacity - used < n { grow(adding: n) }
        let (to, from) = (UnsafeMutableRawPointer(base + used), UnsafeRawPointer(source))
        // Keys and punctuation, most pieces, are copied a word or two at a time (overlapping
        // when shorter), without the call of a copy of any length; so are a place's
        // `{"id":…,"name":…` (up to 64 bytes, four double words).
        if n > 32 && n <= 64 {
            typealias Quad = (UInt64, UInt64, UInt64, UInt64)
            to.storeBytes(of: from.loadUnaligned(as: Quad.self), as: Quad.self)
            (to + n - 32).storeBytes(of: (from + n - 32).loadUnaligned(as: Quad.self), as: Quad.self)
        } else if n >= 8 && n <= 16 {
            to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            (to + n - 8).storeBytes(of: (from + n - 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
        } else if n > 16 && n <= 32 {
            to.storeBytes(of: from.loadUnaligned(as: (UInt64, UInt64).self), as: (UInt64, UInt64).self)
            (to + n - 16).storeBytes(of: (from + n - 16).loadUnaligned(as: (UInt64, UInt64).self), as: (UInt64, UInt64).self)
        } else if n >= 4 && n < 8 {
            to.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            (to + n - 4).storeBytes(of: (from + n - 4).loadUnaligned(as: UInt32.self), as: UInt32.self)
        } else if n < 4 {
            // The short runs between escapes and at the ends of names: a call would cost more.
            for i in 0..<n { (base + used + i).initialize(to: source[i]) }
        } else {
            (base + used).initialize(from: source, count: n)
        }
        used += n
    }

    @inlinable @inline(__always)
    public mutating func append(count n: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Void) {
        if capacity - used < n { grow(adding: n) }
        write(base + used)
        used += n
    }

    /// Empties the buffer, keeping its memory.
    public mutating func removeAll() { used = 0 }

    /// The bytes written, valid during `body`.
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R {
        try body(UnsafeRawBufferPointer(start: base, count: used))
    }

    /// Makes room for `n` more bytes, at least doubling the capacity.
    @usableFromInline @inline(never)
    mutating func grow(adding n: Int) {
        let grown = max(2 * capacity, used + n)
        let new = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        new.initialize(from: base, count: used)
        base.deallocate()
        (base, capacity) = (new, grown)
    }
}
