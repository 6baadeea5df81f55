/// Hand-built little-endian TIFF structures for the shapes no camera library will write:
/// IFD0 past 64 KiB, loops, absurd counts, bad types.
struct TIFFBuilder {
    struct Entry {
        var tag: UInt16, type: UInt16, count: UInt32
        /// Inline value (≤ 4 bytes) or the data to place after the directory.
        var value: [UInt8]
        /// Write this raw value/offset field instead of laying out `value`.
        var rawField: UInt32? = nil
    }

    /// Little-endian rationals.
    static func rationals(_ pairs: [(UInt32, UInt32)]) -> [UInt8] { pairs.flatMap { le32($0.0) + le32($0.1) } }
    static func ascii(_ s: String) -> [UInt8] { Array(s.utf8) + [0] }

    /// A TIFF whose IFD0 starts `padding` bytes after the header, optionally followed by a GPS IFD.
    static func build(ifd0: [Entry], gps: [Entry]? = nil, padding: Int = 0, declaredCount: UInt16? = nil) -> [UInt8] {
        var out: [UInt8] = [0x49, 0x49, 42, 0] + le32(UInt32(8 + padding)) + [UInt8](repeating: 0, count: padding)
        var root = ifd0
        let gpsPlaceholder = root.count
        if gps != nil { root.append(Entry(tag: 0x8825, type: 4, count: 1, value: [0, 0, 0, 0])) }
        let rootStart = out.count
        out += directory(root, at: rootStart, declaredCount: declaredCount)
        if let gps {
            let gpsStart = out.count
            // Patch the pointer now that the GPS IFD's place is known.
            let field = rootStart + 2 + 12 * gpsPlaceholder + 8
            out.replaceSubrange(field..<field + 4, with: le32(UInt32(gpsStart)))
            out += directory(gps, at: gpsStart)
        }
        return out
    }

    static func directory(_ entries: [Entry], at start: Int, declaredCount: UInt16? = nil) -> [UInt8] {
        var table: [UInt8] = le16(declaredCount ?? UInt16(entries.count))
        var data: [UInt8] = []
        let dataStart = start + 2 + 12 * entries.count + 4
        for e in entries {
            table += le16(e.tag) + le16(e.type) + le32(e.count)
            if let raw = e.rawField {
                table += le32(raw)
            } else if e.value.count <= 4 {
                table += e.value + [UInt8](repeating: 0, count: 4 - e.value.count)
            } else {
                table += le32(UInt32(dataStart + data.count))
                data += e.value
            }
        }
        return table + le32(0) + data
    }

    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
}
