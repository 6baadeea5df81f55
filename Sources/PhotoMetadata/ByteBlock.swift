/// Sixteen bytes of a buffer, to find the first byte of a class (a delimiter, a byte that is not
/// white space) in one step instead of sixteen.
///
/// A class is a vector whose lanes have their high bit set where the byte belongs to it, made
/// with lane arithmetic only (`&-`, `&`, `^`, `~`): this toolchain compiles `SIMD16`'s
/// comparisons (`.==`, `.<`) and `any` to a loop over the lanes through memory, slower than a
/// plain byte loop, where the arithmetic is one SSE instruction each.
///
/// ```swift
/// let end = ByteBlock.firstIndex(in: buffer, from: 0, to: buffer.count) { $0.equal(UInt8(ascii: "<")) }
/// ```
struct ByteBlock {
    let lanes: SIMD16<UInt8>

    /// The sixteen bytes at `p`, of which `available` may be read; when fewer, the rest of the
    /// block is zeros (never read past a buffer's end: its next page may not be mapped).
    @inline(__always) init(_ p: UnsafePointer<UInt8>, available: Int) {
        if available >= 16 {
            lanes = UnsafeRawPointer(p).loadUnaligned(as: SIMD16<UInt8>.self)
        } else {
            var tail = SIMD16<UInt8>(repeating: 0)
            withUnsafeMutableBytes(of: &tail) { $0.baseAddress!.copyMemory(from: p, byteCount: max(0, available)) }
            lanes = tail
        }
    }

    /// The bytes equal to `c`.
    @inline(__always) func equal(_ c: UInt8) -> SIMD16<UInt8> {
        let x = lanes ^ SIMD16(repeating: c)
        return (x &- SIMD16(repeating: 1)) & ~x   // only a zero borrows into its high bit
    }

    /// The bytes below `c`, which is at most 0x80 (a byte from 0x80 is never below it).
    @inline(__always) func below(_ c: UInt8) -> SIMD16<UInt8> {
        (lanes &- SIMD16(repeating: c)) & ~lanes
    }

    /// The bytes from `lower` up to `lower + count`, `count` at most 0x80: moved to start at
    /// 0x80, they keep their high bit and lose it below 0x80 + count. (As the borrow of
    /// `lanes - lower` past `count`, the same test, this toolchain made it nine instructions
    /// more: two `within`s were half the character check.)
    @inline(__always) func within(_ lower: UInt8, count: UInt8) -> SIMD16<UInt8> {
        let y = lanes &+ SIMD16(repeating: 0x80 &- lower)
        return y & (y &- SIMD16(repeating: 0x80 &+ count))
    }

    /// The bytes from 0x80: UTF-8's multi-byte characters.
    @inline(__always) var high: SIMD16<UInt8> { lanes }

    /// The lane of the first byte of a class, nil when it has none.
    @inline(__always) static func first(_ lanes: SIMD16<UInt8>) -> Int? {
        let words = unsafeBitCast(lanes & SIMD16(repeating: 0x80), to: SIMD2<UInt64>.self)
        if words[0] != 0 { return words[0].trailingZeroBitCount &>> 3 }
        if words[1] != 0 { return 8 &+ words[1].trailingZeroBitCount &>> 3 }
        return nil
    }

    /// Whether a class has no byte.
    @inline(__always) static func isEmpty(_ lanes: SIMD16<UInt8>) -> Bool {
        let words = unsafeBitCast(lanes & SIMD16(repeating: 0x80), to: SIMD2<UInt64>.self)
        return words[0] | words[1] == 0
    }

    /// The index of the first byte of `buffer[start..<end]` in the class `found` makes of a
    /// block; `end` when there is none.
    @inline(__always) static func firstIndex(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int,
                                             where found: (ByteBlock) -> SIMD16<UInt8>) -> Int {
        guard let base = buffer.baseAddress else { return end }
        var i = start
        while i < end {
            if let lane = first(found(ByteBlock(base + i, available: buffer.count &- i))) { return min(i &+ lane, end) }
            i &+= 16
        }
        return end
    }
}
