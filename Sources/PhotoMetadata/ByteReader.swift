/// Something the container parsers can read ranges from: an open file, or bytes in memory.
protocol ByteReader {
    var size: Int { get }
    /// Up to `count` bytes from `offset`; fewer only at the end. A slice of a buffer the reader
    /// already holds where it can, so the walk over a photo's headers copies nothing.
    func slice(at offset: Int, count: Int) throws(MetadataError) -> ArraySlice<UInt8>
}

extension ByteReader {
    /// Up to `count` bytes from `offset`, as an array of their own.
    func bytes(at offset: Int, count: Int) throws(MetadataError) -> [UInt8] {
        Array(try slice(at: offset, count: count))
    }
}

extension FileSource: ByteReader {}

/// A block already in memory (an APP1 segment, a HEIF Exif item, a PNG chunk).
struct MemoryBytes: ByteReader {
    let data: [UInt8]
    var size: Int { data.count }

    func slice(at offset: Int, count: Int) -> ArraySlice<UInt8> {
        guard offset >= 0, count > 0, offset < data.count else { return [] }
        return data[offset..<min(data.count, offset + count)]
    }
}

/// Big- and little-endian integer reads at offsets counted from the start of an array or a
/// slice, with bounds checks that return nil.
extension RandomAccessCollection where Element == UInt8, Index == Int {
    @inline(__always) private func at(_ i: Int) -> UInt8 { self[startIndex + i] }

    func uint16(at i: Int, littleEndian: Bool) -> UInt16? {
        guard i >= 0, i + 2 <= count else { return nil }
        return littleEndian ? UInt16(at(i)) | UInt16(at(i + 1)) << 8 : UInt16(at(i)) << 8 | UInt16(at(i + 1))
    }

    func uint32(at i: Int, littleEndian: Bool) -> UInt32? {
        guard i >= 0, i + 4 <= count else { return nil }
        let b = (UInt32(at(i)), UInt32(at(i + 1)), UInt32(at(i + 2)), UInt32(at(i + 3)))
        return littleEndian ? b.0 | b.1 << 8 | b.2 << 16 | b.3 << 24 : b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3
    }

    func uint64BE(at i: Int) -> UInt64? {
        guard let hi = uint32(at: i, littleEndian: false), let lo = uint32(at: i + 4, littleEndian: false) else { return nil }
        return UInt64(hi) << 32 | UInt64(lo)
    }

    func fourCC(at i: Int) -> String? {
        guard i >= 0, i + 4 <= count else { return nil }
        return String(decoding: self[(startIndex + i)..<(startIndex + i + 4)], as: UTF8.self)
    }
}
