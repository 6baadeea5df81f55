/// The items of an ISO base-media file (HEIF, AVIF), from its `meta` box: enough of `iinf`
/// and `iloc` to find an item by type and read its bytes. Used where libheif gives up.
///
/// ```swift
/// let item = try BMFFItems(reader: file).exifItem()
/// ```
struct BMFFItems {
    private struct Extent { let offset: Int; let length: Int }
    private struct Location { let method: Int; let extents: [Extent] }

    private let reader: any ByteReader
    private var types: [UInt32: String] = [:]
    private var locations: [UInt32: Location] = [:]
    private var idat: (offset: Int, length: Int)?
    private static let maxMetaBytes = 16 * 1024 * 1024
    private static let maxTopLevelBoxes = 4096

    init(reader: some ByteReader) throws(MetadataError) {
        self.reader = reader
        // Top-level boxes: only their headers are read until `meta`.
        var offset = 0
        // ftyp, meta, mdat and a few more: a file of thousands of top-level boxes is no image.
        for _ in 0..<Self.maxTopLevelBoxes where offset + 8 <= reader.size {
            guard let box = try Self.boxHeader(reader, at: offset) else { break }
            if box.type == "meta" {
                guard box.size <= Self.maxMetaBytes else { throw MetadataError(path: "", reason: .corrupt("meta box of \(box.size) bytes")) }
                let meta = try reader.bytes(at: offset, count: box.size)
                guard meta.count == box.size else { throw MetadataError(path: "", reason: .truncated("meta box")) }
                try parseMeta(meta, headerSize: box.headerSize, fileOffset: offset)
                return
            }
            offset += box.size
        }
        throw MetadataError(path: "", reason: .corrupt("no meta box"))
    }

    /// The bytes of the first item of type `Exif`, or nil.
    func exifItem() throws(MetadataError) -> [UInt8]? {
        guard let id = types.filter({ $0.value == "Exif" }).keys.min(), let location = locations[id] else { return nil }
        var out: [UInt8] = []
        for extent in location.extents {
            // A length of 0 is "the rest of the container": the file, or the `idat`.
            let start: Int, length: Int
            switch location.method {
            case 0:
                guard extent.offset <= reader.size else { throw MetadataError(path: "", reason: .truncated("Exif item")) }
                start = extent.offset
                length = extent.length == 0 ? reader.size - extent.offset : extent.length
            case 1:
                // Inside the `meta` box's `idat`, which must hold the whole extent.
                guard let idat, extent.offset <= idat.length, extent.length <= idat.length - extent.offset else {
                    throw MetadataError(path: "", reason: .corrupt("Exif item outside idat"))
                }
                start = idat.offset + extent.offset
                length = extent.length == 0 ? idat.length - extent.offset : extent.length
            default: return nil  // construction method 2: an offset into another item
            }
            guard length <= Self.maxMetaBytes - out.count else {
                throw MetadataError(path: "", reason: .corrupt("Exif item of more than \(Self.maxMetaBytes >> 20) MB"))
            }
            let bytes = try reader.bytes(at: start, count: length)
            guard bytes.count == length else { throw MetadataError(path: "", reason: .truncated("Exif item")) }
            out += bytes
        }
        return out
    }

    private static func boxHeader(_ reader: some ByteReader, at offset: Int) throws(MetadataError) -> (type: String, size: Int, headerSize: Int)? {
        let h = try reader.bytes(at: offset, count: 16)
        guard h.count >= 8, let size32 = h.uint32(at: 0, littleEndian: false), let type = h.fourCC(at: 4) else { return nil }
        switch size32 {
        case 0: return (type, reader.size - offset, 8)
        case 1:
            guard let large = h.uint64BE(at: 8), large >= 16, large <= UInt64(reader.size - offset) else { return nil }
            return (type, Int(large), 16)
        default:
            guard size32 >= 8 else { return nil }
            return (type, Int(size32), 8)
        }
    }

    /// Children of a box held in `data`, from `start` to `end`.
    private static func children(_ data: [UInt8], from start: Int, to end: Int) -> [(type: String, body: Range<Int>)] {
        var out: [(String, Range<Int>)] = []
        var at = start
        while at + 8 <= end, let size = data.uint32(at: at, littleEndian: false), let type = data.fourCC(at: at + 4) {
            let length = Int(size)
            guard length >= 8, at + length <= end else { break }
            out.append((type, (at + 8)..<(at + length)))
            at += length
        }
        return out
    }

    private mutating func parseMeta(_ meta: [UInt8], headerSize: Int, fileOffset: Int) throws(MetadataError) {
        // `meta` is a full box: 4 bytes of version and flags before its children.
        for child in Self.children(meta, from: headerSize + 4, to: meta.count) {
            switch child.type {
            case "iinf": parseItemInfo(meta, child.body)
            case "iloc": try parseItemLocations(meta, child.body)
            case "idat": idat = (fileOffset + child.body.lowerBound, child.body.count)
            default: break
            }
        }
    }

    /// `iinf`: a full box with an entry count (16 or 32 bits), then `infe` boxes. Every read is
    /// bounded by the box that holds it: an empty or short box gives no entries, never a read
    /// past its end.
    private mutating func parseItemInfo(_ d: [UInt8], _ body: Range<Int>) {
        let box = d[body]
        guard let version = box.first else { return }
        let first = body.lowerBound + 4 + (version == 0 ? 2 : 4)
        for entry in Self.children(d, from: first, to: body.upperBound) where entry.type == "infe" {
            // infe versions 2 and 3: version and flags, item id (16 or 32 bits), protection index, type.
            let infe = d[entry.body]
            guard let v = infe.first, v >= 2 else { continue }
            let idSize = v == 2 ? 2 : 4
            guard let type = infe.fourCC(at: 4 + idSize + 2),
                  let id = v == 2 ? infe.uint16(at: 4, littleEndian: false).map(UInt32.init) : infe.uint32(at: 4, littleEndian: false)
            else { continue }
            types[id] = type
        }
    }

    /// Real files hold a few hundred items at most (an iPhone HEIC: tiles, thumbnails, a gain
    /// map, Exif, XMP); these bounds are far above that and far below what costs memory.
    static let maxItems = 65_536
    static let maxExtents = 262_144

    /// `iloc`. Counts are checked against the bytes the box has left before anything is
    /// allocated, so a small box cannot claim millions of items or extents; field sizes are
    /// the standard's 0, 4 or 8 bytes.
    private mutating func parseItemLocations(_ d: [UInt8], _ body: Range<Int>) throws(MetadataError) {
        var at = body.lowerBound
        func corrupt(_ why: String) -> MetadataError { MetadataError(path: "", reason: .corrupt("iloc \(why)")) }
        func read(_ size: Int) throws(MetadataError) -> Int {
            guard size <= body.upperBound - at else { throw corrupt("box is short") }
            var value = 0
            for i in 0..<size {
                // Offsets past 2^55 are no file offsets; refusing them keeps every sum below in range.
                guard value < 1 << 47 else { throw corrupt("value out of range") }
                value = value << 8 | Int(d[at + i])
            }
            at += size
            return value
        }
        let version = try read(1)
        guard version <= 2 else { throw corrupt("version \(version)") }
        _ = try read(3)
        let sizes = try read(1), more = try read(1)
        let (offsetSize, lengthSize, baseSize) = (sizes >> 4, sizes & 15, more >> 4)
        let indexSize = version == 1 || version == 2 ? more & 15 : 0
        for size in [offsetSize, lengthSize, baseSize, indexSize] where ![0, 4, 8].contains(size) {
            throw corrupt("field size \(size)")
        }
        let idSize = version < 2 ? 2 : 4
        let methodSize = version == 1 || version == 2 ? 2 : 0
        // id, construction method, data reference index, base offset, extent count.
        let itemBytes = idSize + methodSize + 2 + baseSize + 2
        let extentBytes = indexSize + offsetSize + lengthSize
        let itemCount = try read(idSize)
        guard itemCount <= Self.maxItems, itemCount <= (body.upperBound - at) / itemBytes else {
            throw corrupt("claims \(itemCount) items in \(body.upperBound - at) bytes")
        }
        var totalExtents = 0
        for _ in 0..<itemCount {
            let id = UInt32(try read(idSize))
            let method = try read(methodSize) & 15
            _ = try read(2)  // data_reference_index
            let base = try read(baseSize)
            let extentCount = try read(2)
            // Extents whose fields are all absent take no bytes: one such extent means "all the
            // data"; more than one is no layout.
            let fits = extentBytes == 0 ? extentCount <= 1 : extentCount <= (body.upperBound - at) / extentBytes
            totalExtents += extentCount
            guard fits, totalExtents <= Self.maxExtents else {
                throw corrupt("claims \(extentCount) extents for item \(id) in \(body.upperBound - at) bytes")
            }
            var extents: [Extent] = []
            extents.reserveCapacity(extentCount)
            for _ in 0..<extentCount {
                _ = try read(indexSize)
                let offset = try read(offsetSize), length = try read(lengthSize)
                extents.append(Extent(offset: base + offset, length: length))
            }
            locations[id] = Location(method: method, extents: extents)
        }
    }
}
