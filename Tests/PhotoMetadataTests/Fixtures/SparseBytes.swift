@testable import PhotoMetadata

/// A file of `size` bytes of which only `head` (from offset 0) and `tail` (ending at `size`)
/// hold data; between them is a hole, as a video's `mdat` is to its metadata. A read that
/// touches the hole fails the read, and every range asked for is recorded.
final class SparseBytes: ByteReader {
    let head: [UInt8]
    let tail: [UInt8]
    let size: Int
    private(set) var requests: [Range<Int>] = []

    init(head: [UInt8], holeBytes: Int, tail: [UInt8]) {
        precondition(holeBytes > 0, "a hole of at least one byte")
        (self.head, self.tail, self.size) = (head, tail, head.count + holeBytes + tail.count)
    }

    var hole: Range<Int> { head.count..<(size - tail.count) }
    /// Bytes handed out so far.
    var bytesRead: Int { requests.reduce(0) { $0 + $1.count } }

    func slice(at offset: Int, count: Int) throws(MetadataError) -> ArraySlice<UInt8> {
        guard offset >= 0, count > 0, offset < size else { return [] }
        let range = offset..<min(size, offset + count)
        requests.append(range)
        guard !range.overlaps(hole) else { throw MetadataError(path: "", reason: .unreadable("read \(range) inside the hole \(hole)")) }
        if range.upperBound <= head.count { return head[range] }
        let tailStart = size - tail.count
        return tail[(range.lowerBound - tailStart)..<(range.upperBound - tailStart)]
    }
}
