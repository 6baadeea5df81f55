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
        guard let ifd0 = try readDirectory(reader, base: base, offset: ifd0Offset, name: "IFD0", keep: { Self.isIFD0Tag($0) || $0 == Self.exifPointer || $0 == Self.gpsPointer }) else {
            throw MetadataError(path: "", reason: .corrupt("IFD0 offset \(ifd0Offset) is outside the data"))
        }
        self.ifd0 = ifd0
        self.ifd0.removeAll { $0.tag == Self.exifPointer || $0.tag == Self.gpsPointer }
        if let offset = pointer(Self.exifPointer, in: ifd0), offset != ifd0Offset {
            exif = try readDirectory(reader, base: base, offset: offset, name: "Exif IFD", keep: { Self.isExifTag($0) })
        }
        // Some cameras (Canon PowerShot) put the GPS pointer in the Exif IFD instead of IFD0.
        if let offset = pointer(Self.gpsPointer, in: ifd0) ?? exif.flatMap({ pointer(Self.gpsPointer, in: $0) }), offset != ifd0Offset {
            gps = try readDirectory(reader, base: base, offset: offset, name: "GPS IFD", keep: { Self.isGPSTag($0) })
        }
        exif?.removeAll { $0.tag == Self.gpsPointer }
    }

    /// Canon CR3 keeps each directory as the first IFD of its own small TIFF (boxes CMT1, CMT2
    /// and CMT4); a directory in another byte order than IFD0's is left out.
    init(ifd0 cmt1: [UInt8], exif cmt2: [UInt8]?, gps cmt4: [UInt8]?) throws(MetadataError) {
        let (littleEndian, ifd0Offset) = try Self.header(MemoryBytes(data: cmt1), base: 0)
        self.littleEndian = littleEndian
        limit = Int.max
        ifd0 = try readDirectory(MemoryBytes(data: cmt1), base: 0, offset: ifd0Offset, name: "CMT1", keep: { Self.isIFD0Tag($0) }) ?? []
        func first(_ tiff: [UInt8]?, name: String, keep: (UInt16) -> Bool) throws(MetadataError) -> [Entry]? {
            guard let tiff, let (order, offset) = try? Self.header(MemoryBytes(data: tiff), base: 0), order == littleEndian else { return nil }
            return try readDirectory(MemoryBytes(data: tiff), base: 0, offset: offset, name: name, keep: keep)
        }
        exif = try first(cmt2, name: "CMT2", keep: { Self.isExifTag($0) && $0 != Self.gpsPointer })
        gps = try first(cmt4, name: "CMT4", keep: { Self.isGPSTag($0) })
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
    ///
    /// A directory that starts inside the data but whose entry table, or a kept value that
    /// starts inside the data, runs past its end is `truncated`: the data was cut (a file, or
    /// the Exif block inside it), and reading on would make a damaged photo look like one
    /// without GPS or time. An offset wholly outside the data is a bad pointer, not a cut.
    private func readDirectory(_ reader: some ByteReader, base: Int, offset: Int, name: String, keep: (UInt16) -> Bool) throws(MetadataError) -> [Entry]? {
        let end = min(limit, reader.size)
        guard offset >= 8, offset < end - base else { return nil }
        let start = base + offset
        let countBytes = try reader.slice(at: start, count: 2)
        guard start + 2 <= end, countBytes.count == 2 else { throw MetadataError(path: "", reason: .truncated("\(name) entry count")) }
        guard let declared = countBytes.uint16(at: 0, littleEndian: littleEndian), Int(declared) <= Self.maxEntries else { return nil }
        let table = try reader.slice(at: start + 2, count: Int(declared) * 12)
        guard Int(declared) * 12 <= end - start - 2, table.count == Int(declared) * 12 else {
            throw MetadataError(path: "", reason: .truncated("\(name) ends after \(max(0, min(table.count, end - start - 2)) / 12) of \(declared) entries"))
        }
        var entries: [Entry] = []
        // Room for every tag kept (eleven at most, in the GPS IFD): one allocation, no regrowth.
        entries.reserveCapacity(min(table.count / 12, 16))
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
                guard base + valueOffset < end else { continue }
                value = try reader.slice(at: base + valueOffset, count: total)
                guard base + valueOffset + total <= end, value.count == total else {
                    throw MetadataError(path: "", reason: .truncated("\(name) tag 0x\(String(tag, radix: 16, uppercase: true)) value"))
                }
            }
            entries.append(Entry(tag: tag, type: type, count: count, value: value))
        }
        return entries
    }

    /// `Exif\0\0` followed by a TIFF holding only the kept entries: the input libexif expects,
    /// always far below its 64 KiB limit. IFD0 comes first, with a pointer to each
    /// sub-directory after its own entries (their tags sort last), then the Exif IFD, then the
    /// GPS IFD. The layout is part of the photo's fingerprint (``ExifDigest``): keep it.
    func compactExifBlock() -> [UInt8] {
        func dataSize(_ e: Entry) -> Int { e.value.count > 4 ? (e.value.count + 1) & ~1 : 0 }
        func ifdSize(_ entries: [Entry], pointers: Int = 0) -> Int {
            var size = 2 + 12 * (entries.count + pointers) + 4
            for e in entries { size += dataSize(e) }
            return size
        }
        let exifOffset = 8 + ifdSize(ifd0, pointers: (exif == nil ? 0 : 1) + (gps == nil ? 0 : 1))
        let gpsOffset = exifOffset + (exif.map { ifdSize($0) } ?? 0)
        let end = gpsOffset + (gps.map { ifdSize($0) } ?? 0)
        var pointers: [(tag: UInt16, offset: Int)] = []
        pointers.reserveCapacity(2)
        if exif != nil { pointers.append((Self.exifPointer, exifOffset)) }
        if gps != nil { pointers.append((Self.gpsPointer, gpsOffset)) }

        // Every size is known: write into the final array in place.
        return [UInt8](unsafeUninitializedCapacity: 6 + end) { buffer, count in
            var out = ByteWriter(buffer: buffer, littleEndian: littleEndian)
            out.append([0x45, 0x78, 0x69, 0x66, 0, 0])
            out.append(littleEndian ? [0x49, 0x49, 42, 0] : [0x4D, 0x4D, 0, 42])
            out.put32(8)
            out.directory(ifd0, pointers: pointers)
            if let exif { out.directory(exif) }
            if let gps { out.directory(gps) }
            precondition(out.count == 6 + end, "compact Exif block laid out as \(6 + end) bytes, written as \(out.count)")
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

    @inline(__always) mutating func append(_ bytes: [UInt8]) { append(bytes[...]) }

    @inline(__always) mutating func append(_ bytes: ArraySlice<UInt8>) {
        precondition(count + bytes.count <= buffer.count)
        bytes.withUnsafeBufferPointer { source in
            guard let from = source.baseAddress else { return }
            (buffer.baseAddress! + count).initialize(from: from, count: source.count)
        }
        count += bytes.count
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

    /// One directory at the current position (offsets count from the TIFF header, 6 bytes in):
    /// its entries in tag order, then `pointers` (LONG entries holding a sub-directory's
    /// offset), the zero next-directory link, and the values longer than 4 bytes, each padded
    /// to an even length.
    mutating func directory(_ entries: [TIFFDirectories.Entry], pointers: [(tag: UInt16, offset: Int)] = []) {
        // Directories are written in tag order; sort only the rare one that is not.
        var inOrder = true
        for i in entries.indices.dropFirst() where entries[i - 1].tag >= entries[i].tag { inOrder = false }
        let sorted = inOrder ? entries : entries.sorted { $0.tag < $1.tag }
        var dataOffset = count - 6 + 2 + 12 * (sorted.count + pointers.count) + 4
        put16(UInt16(sorted.count + pointers.count))
        for e in sorted {
            put16(e.tag); put16(e.type); put32(e.count)
            if e.value.count <= 4 {
                append(e.value)
                zeros(4 - e.value.count)
            } else {
                put32(UInt32(dataOffset))
                dataOffset += (e.value.count + 1) & ~1
            }
        }
        for p in pointers {
            put16(p.tag); put16(4); put32(1); put32(UInt32(p.offset))
        }
        put32(0)
        for e in sorted where e.value.count > 4 {
            append(e.value)
            zeros(e.value.count % 2)
        }
    }
}
