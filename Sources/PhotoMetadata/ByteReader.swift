/// Something the container parsers can read ranges from: an open file, or bytes in memory.
protocol ByteReader {
    var size: Int { get }
    /// Up to `count` bytes from `offset`; fewer only at the end.
    func bytes(at offset: Int, count: Int) throws(MetadataError) -> [UInt8]
}

extension FileSource: ByteReader {}

/// A block already in memory (an APP1 segment, a HEIF Exif item, a PNG chunk).
struct MemoryBytes: ByteReader {
    let data: [UInt8]
    var size: Int { data.count }

    func bytes(at offset: Int, count: Int) -> [UInt8] {
        guard offset >= 0, count > 0, offset < data.count else { return [] }
        return Array(data[offset..<min(data.count, offset + count)])
    }
}

/// Big- and little-endian integer reads from a byte array, with bounds checks that return nil.
extension Array where Element == UInt8 {
    func uint16(at i: Int, littleEndian: Bool) -> UInt16? {
        guard i >= 0, i + 2 <= count else { return nil }
        return littleEndian ? UInt16(self[i]) | UInt16(self[i + 1]) << 8 : UInt16(self[i]) << 8 | UInt16(self[i + 1])
    }

    func uint32(at i: Int, littleEndian: Bool) -> UInt32? {
        guard i >= 0, i + 4 <= count else { return nil }
        let b = (UInt32(self[i]), UInt32(self[i + 1]), UInt32(self[i + 2]), UInt32(self[i + 3]))
        return littleEndian ? b.0 | b.1 << 8 | b.2 << 16 | b.3 << 24 : b.0 << 24 | b.1 << 16 | b.2 << 8 | b.3
    }

    func uint64BE(at i: Int) -> UInt64? {
        guard let hi = uint32(at: i, littleEndian: false), let lo = uint32(at: i + 4, littleEndian: false) else { return nil }
        return UInt64(hi) << 32 | UInt64(lo)
    }

    func fourCC(at i: Int) -> String? {
        guard i >= 0, i + 4 <= count else { return nil }
        return String(decoding: self[i..<i + 4], as: UTF8.self)
    }
}
