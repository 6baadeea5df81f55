/// The three TIFF directories that hold what TravelAtlas needs — IFD0 (camera), the Exif IFD
/// (capture time) and the GPS IFD — read from any TIFF structure, wherever it lies in a file,
/// with only the entries worth keeping.
///
/// libexif cannot load a TIFF file, caps its input at 64 KiB and parses maker notes that are
/// large and hostile. So the reader gathers the wanted entries itself, with every offset and
/// count bounded, and hands libexif a small, clean TIFF built from them (``compactExifBlock()``).
///
/// ```swift
/// let dirs = try TIFFDirectories(reader: MemoryBytes(data: tiff), base: 0)
/// let block = dirs.compactExifBlock()   // "Exif\0\0" + a TIFF under 64 KiB
/// ```
///
/// A value type; safe to share once built.
struct TIFFDirectories {
    struct Entry {
        let tag: UInt16
        let type: UInt16
        let count: UInt32
        /// The value bytes, in the byte order of the source: a slice of what the reader already
        /// holds, so gathering entries allocates nothing per entry.
        let value: ArraySlice<UInt8>
    }

    let littleEndian: Bool
    private let limit: Int
    private(set) var ifd0: [Entry] = []
    private(set) var exif: [Entry]?
    private(set) var gps: [Entry]?

    static let exifPointer: UInt16 = 0x8769
    static let gpsPointer: UInt16 = 0x8825
    // Only the tags ExifDecoder reads: every entry kept costs libexif two allocations.

    /// Make, Model, DateTime.
    private static func isIFD0Tag(_ tag: UInt16) -> Bool {
        switch tag {
        case 0x010F, 0x0110, 0x0132: true
        default: false
        }
    }

    /// DateTimeOriginal/Digitized, OffsetTime(Original/Digitized), PixelX/YDimension (and
    /// GPSInfo, which some cameras put here).
    private static func isExifTag(_ tag: UInt16) -> Bool {
        switch tag {
        case 0x9003, 0x9004, 0x9010, 0x9011, 0x9012, 0xA002, 0xA003, gpsPointer: true
        default: false
        }
    }

    /// Latitude and longitude with their refs, altitude with its ref, time and date stamps,
    /// status, speed with its ref.
    private static func isGPSTag(_ tag: UInt16) -> Bool {
        switch tag {
        case 0x0001...0x0007, 0x0009, 0x000C, 0x000D, 0x001D: true
        default: false
        }
    }
    /// Real directories have tens of entries; thousands mean a corrupt count.
    private static let maxEntries = 1000
    /// Strings and GPS arrays are short; anything longer is not a field we read.
    private static let maxValueBytes = 4096

    /// Parses the TIFF header at `base`; offsets inside are relative to `base`, and nothing
    /// at or past `limit` (the end of the block; the file size by default) is read.
    init(reader: some ByteReader, base: Int, limit: Int? = nil) throws(MetadataError) {
        let (littleEndian, ifd0Offset) = try Self.header(reader, base: base)
        self.littleEndian = littleEndian
        self.limit = limit ?? reader.size
        guard let ifd0 = try readDirectory(reader, base: base, offset: ifd0Offset, keep: { Self.isIFD0Tag($0) || $0 == Self.exifPointer || $0 == Self.gpsPointer }) else {
            throw MetadataError(path: "", reason: .corrupt("IFD0 offset \(ifd0Offset) is outside the data"))
        }
        self.ifd0 = ifd0.filter { $0.tag != Self.exifPointer && $0.tag != Self.gpsPointer }
        if let offset = pointer(Self.exifPointer, in: ifd0), offset != ifd0Offset {
            exif = try readDirectory(reader, base: base, offset: offset, keep: { Self.isExifTag($0) })
        }
        // Some cameras (Canon PowerShot) put the GPS pointer in the Exif IFD instead of IFD0.
        if let offset = pointer(Self.gpsPointer, in: ifd0) ?? exif.flatMap({ pointer(Self.gpsPointer, in: $0) }), offset != ifd0Offset {
            gps = try readDirectory(reader, base: base, offset: offset, keep: { Self.isGPSTag($0) })
        }
        exif = exif?.filter { $0.tag != Self.gpsPointer }
    }

    /// Canon CR3 keeps each directory as the first IFD of its own small TIFF (boxes CMT1, CMT2
    /// and CMT4); a directory in another byte order than IFD0's is left out.
    init(ifd0 cmt1: [UInt8], exif cmt2: [UInt8]?, gps cmt4: [UInt8]?) throws(MetadataError) {
        let (littleEndian, ifd0Offset) = try Self.header(MemoryBytes(data: cmt1), base: 0)
        self.littleEndian = littleEndian
        limit = Int.max
        ifd0 = try readDirectory(MemoryBytes(data: cmt1), base: 0, offset: ifd0Offset, keep: { Self.isIFD0Tag($0) }) ?? []
        func first(_ tiff: [UInt8]?, keep: (UInt16) -> Bool) throws(MetadataError) -> [Entry]? {
            guard let tiff, let (order, offset) = try? Self.header(MemoryBytes(data: tiff), base: 0), order == littleEndian else { return nil }
            return try readDirectory(MemoryBytes(data: tiff), base: 0, offset: offset, keep: keep)
        }
        exif = try first(cmt2, keep: { Self.isExifTag($0) && $0 != Self.gpsPointer })
        gps = try first(cmt4, keep: { Self.isGPSTag($0) })
    }

    private static func header(_ reader: some ByteReader, base: Int) throws(MetadataError) -> (littleEndian: Bool, ifd0: Int) {
        let header = try reader.bytes(at: base, count: 8)
        guard header.count == 8 else { throw MetadataError(path: "", reason: .truncated("TIFF header")) }
        let littleEndian: Bool
        switch (header[0], header[1]) {
        case (0x49, 0x49): littleEndian = true
        case (0x4D, 0x4D): littleEndian = false
        default: throw MetadataError(path: "", reason: .corrupt("no TIFF byte-order mark"))
        }
        return (littleEndian, Int(header.uint32(at: 4, littleEndian: littleEndian)!))
    }

    /// A sub-IFD pointer counts only as a single LONG, SLONG or IFD value: an ASCII-typed
    /// GPSInfo (seen in the wild) is no pointer.
    private func pointer(_ tag: UInt16, in entries: [Entry]) -> Int? {
        guard let e = entries.first(where: { $0.tag == tag }), e.count == 1, [4, 9, 13].contains(e.type) else { return nil }
        return Int(e.value.uint32(at: 0, littleEndian: littleEndian)!)
    }

    private static func typeSize(_ type: UInt16) -> Int? {
        switch type {
        case 1, 2, 6, 7: 1
        case 3, 8: 2
        case 4, 9, 11, 13: 4
        case 5, 10, 12: 8
        default: nil
        }
    }

    /// The kept entries of the directory at `offset`, or nil when the directory itself is
    /// unreachable. Entries with an unknown type or an out-of-range value are dropped one by
    /// one, so a single bad entry does not hide its neighbours.
    private func readDirectory(_ reader: some ByteReader, base: Int, offset: Int, keep: (UInt16) -> Bool) throws(MetadataError) -> [Entry]? {
        let end = min(limit, reader.size)
        guard offset >= 8, base + offset + 2 <= end else { return nil }
        let countBytes = try reader.slice(at: base + offset, count: 2)
        guard let declared = countBytes.uint16(at: 0, littleEndian: littleEndian), Int(declared) <= Self.maxEntries else { return nil }
        let table = try reader.slice(at: base + offset + 2, count: min(Int(declared) * 12, end - base - offset - 2))
        var entries: [Entry] = []
        for i in 0..<(table.count / 12) {
            let at = i * 12
            let tag = table.uint16(at: at, littleEndian: littleEndian)!
            guard keep(tag) else { continue }
            let type = table.uint16(at: at + 2, littleEndian: littleEndian)!
            let count = table.uint32(at: at + 4, littleEndian: littleEndian)!
            guard let size = Self.typeSize(type), count > 0 else { continue }
            let (total, overflow) = Int(count).multipliedReportingOverflow(by: size)
            guard !overflow, total <= Self.maxValueBytes else { continue }
            let value: ArraySlice<UInt8>
            if total <= 4 {
                value = table[(table.startIndex + at + 8)..<(table.startIndex + at + 8 + total)]
            } else {
                let valueOffset = Int(table.uint32(at: at + 8, littleEndian: littleEndian)!)
                guard base + valueOffset + total <= end else { continue }
                value = try reader.slice(at: base + valueOffset, count: total)
                guard value.count == total else { continue }
            }
            entries.append(Entry(tag: tag, type: type, count: count, value: value))
        }
        return entries
    }

    /// `Exif\0\0` followed by a TIFF holding only the kept entries: the input libexif expects,
    /// always far below its 64 KiB limit.
    func compactExifBlock() -> [UInt8] {
        func dataSize(_ e: Entry) -> Int { e.value.count > 4 ? (e.value.count + 1) & ~1 : 0 }
        func ifdSize(_ entries: [Entry]) -> Int { 2 + 12 * entries.count + 4 + entries.reduce(0) { $0 + dataSize($1) } }

        // IFD0 gains one pointer entry per sub-directory; lay out the offsets first.
        let pointerCount = (exif == nil ? 0 : 1) + (gps == nil ? 0 : 1)
        var offset = 8 + ifdSize(ifd0) + 12 * pointerCount
        var root = ifd0
        var ifds: [[Entry]] = []
        for (sub, tag) in [(exif, Self.exifPointer), (gps, Self.gpsPointer)] {
            guard let sub else { continue }
            root.append(Entry(tag: tag, type: 4, count: 1, value: []))  // value written below
            ifds.append(sub)
        }
        ifds.insert(root, at: 0)

        // Sub-directories follow IFD0 in the order their pointers were added.
        var subOffsets: [(tag: UInt16, offset: UInt32)] = []
        for (tag, entries) in zip(root.suffix(ifds.count - 1).map(\.tag), ifds.dropFirst()) {
            subOffsets.append((tag, UInt32(offset)))
            offset += ifdSize(entries)
        }
        // Every size is known: write into the final array in place, not byte by byte.
        return [UInt8](unsafeUninitializedCapacity: 6 + offset) { buffer, count in
            var out = ByteWriter(buffer: buffer, littleEndian: littleEndian)
            out.append([0x45, 0x78, 0x69, 0x66, 0, 0])
            out.append(littleEndian ? [0x49, 0x49, 42, 0] : [0x4D, 0x4D, 0, 42])
            out.put32(8)
            for entries in ifds {
                // Directories are written in tag order; sort only the rare one that is not.
                let inOrder = zip(entries, entries.dropFirst()).allSatisfy { $0.tag < $1.tag }
                let sorted = inOrder ? entries : entries.sorted { $0.tag < $1.tag }
                var dataOffset = out.count - 6 + 2 + 12 * sorted.count + 4
                out.put16(UInt16(sorted.count))
                for e in sorted {
                    out.put16(e.tag); out.put16(e.type); out.put32(e.count)
                    if e.value.isEmpty, let pointer = subOffsets.first(where: { $0.tag == e.tag }) {
                        out.put32(pointer.offset)
                    } else if e.value.count <= 4 {
                        out.append(e.value)
                        out.zeros(4 - e.value.count)
                    } else {
                        out.put32(UInt32(dataOffset))
                        dataOffset += dataSize(e)
                    }
                }
                out.put32(0)
                for e in sorted where e.value.count > 4 {
                    out.append(e.value)
                    out.zeros(e.value.count % 2)
                }
            }
            precondition(out.count == 6 + offset, "compact Exif block laid out as \(6 + offset) bytes, written as \(out.count)")
            count = out.count
        }
    }
}

/// Writes integers in one byte order into a buffer sized in advance. Every write checks that
/// it fits (one comparison per call, not per byte): a layout that came out wrong stops here
/// instead of writing past the buffer.
private struct ByteWriter {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    let littleEndian: Bool
    private(set) var count = 0

    init(buffer: UnsafeMutableBufferPointer<UInt8>, littleEndian: Bool) {
        self.buffer = buffer
        self.littleEndian = littleEndian
    }

    @inline(__always) mutating func append(_ bytes: some Collection<UInt8>) {
        precondition(count + bytes.count <= buffer.count)
        for b in bytes {
            buffer[count] = b
            count += 1
        }
    }

    @inline(__always) mutating func zeros(_ n: Int) {
        precondition(count + n <= buffer.count)
        for _ in 0..<n {
            buffer[count] = 0
            count += 1
        }
    }

    @inline(__always) mutating func put16(_ v: UInt16) {
        precondition(count + 2 <= buffer.count)
        let (first, second) = littleEndian ? (UInt8(v & 0xFF), UInt8(v >> 8)) : (UInt8(v >> 8), UInt8(v & 0xFF))
        buffer[count] = first
        buffer[count + 1] = second
        count += 2
    }

    @inline(__always) mutating func put32(_ v: UInt32) {
        if littleEndian { put16(UInt16(v & 0xFFFF)); put16(UInt16(v >> 16)) } else { put16(UInt16(v >> 16)); put16(UInt16(v & 0xFFFF)) }
    }
}
