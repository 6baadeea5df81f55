/// A box type of an ISO base-media file (MP4, QuickTime, HEIF, CR3): four bytes, compared as
/// a number. Not a `String`: QuickTime's `©xyz` starts with the byte 0xA9, which is no UTF-8.
///
/// The types the readers look for are constants made from integers (``moov``, ``userDataXYZ``):
/// a string literal is decoded scalar by scalar every time it is evaluated, which cost a
/// quarter of a MOV's instructions when each comparison of a box loop made one.
///
/// ```swift
/// let xyz: FourCC = "\u{A9}xyz"   // each character one byte, U+0000…U+00FF
/// xyz == .userDataXYZ             // true
/// ```
struct FourCC: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    let value: UInt32

    init(_ value: UInt32) { self.value = value }

    /// Four characters of U+0000…U+00FF, one byte each (Latin-1): for tests and messages, not
    /// for a reader's loop (see the constants).
    init(stringLiteral text: String) {
        var value: UInt32 = 0
        var count = 0
        for scalar in text.unicodeScalars {
            value = value << 8 | (scalar.value & 0xFF)
            count += 1
        }
        precondition(count == 4, "a box type is four bytes: \(text)")
        self.value = value
    }

    static let moov = FourCC(0x6D6F_6F76)
    static let mvhd = FourCC(0x6D76_6864)
    static let meta = FourCC(0x6D65_7461)
    static let udta = FourCC(0x7564_7461)
    /// `©xyz`: QuickTime's ISO 6709 position in the user data.
    static let userDataXYZ = FourCC(0xA978_797A)
    static let loci = FourCC(0x6C6F_6369)
    static let keys = FourCC(0x6B65_7973)
    static let ilst = FourCC(0x696C_7374)
    static let data = FourCC(0x6461_7461)

    /// Printable in messages: ASCII and © as themselves, every other byte as `\xNN`, so a
    /// hostile file cannot put control characters into an error.
    var description: String {
        var out = ""
        for shift in [24, 16, 8, 0] {
            let byte = UInt8(truncatingIfNeeded: value >> UInt32(shift))
            switch byte {
            case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(byte))
            case 0xA9: out += "©"
            default: out += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return out
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// One box: its type, where it starts in the file, and where its body lies.
struct Box {
    let type: FourCC
    let start: Int
    /// 8, or 16 with a 64-bit size.
    let headerSize: Int
    let end: Int

    var body: Range<Int> { (start + headerSize)..<end }
}

/// Walks the boxes of an ISO base-media file through a ``ByteReader``, reading only their
/// 8- or 16-byte headers: a box that is not wanted (`mdat`, a track, a fragment) is stepped
/// over by its size, never read.
///
/// ```swift
/// let boxes = BoxReader(source)
/// try boxes.children(of: boxes.file, depth: 0) { box throws(MetadataError) in
///     print(box.type, box.body)
///     return true   // go on
/// }
/// ```
///
/// Every size is checked against the box that holds it before it is used: a size 0 runs to the
/// end of that box (at the top, of the file), a size 1 is followed by a 64-bit size, sizes 2–7
/// are corrupt, and no box reaches past its parent. Walks are bounded by ``maxBoxes`` headers in
/// all and ``maxDepth`` levels, so no input makes one long. One reader per file and thread.
final class BoxReader {
    let source: any ByteReader
    /// Box headers read so far.
    private(set) var visited = 0
    /// A video's `moov` holds some hundreds of boxes, a fragmented one some thousands at the top;
    /// a file that needs more headers than this before its metadata is no file to wait on.
    static let maxBoxes = 100_000
    /// `moov/udta/meta/ilst/item/data` is six deep; nothing this reader wants is deeper.
    static let maxDepth = 8

    init(_ source: some ByteReader) { self.source = source }

    /// The whole file, as the parent of the top-level boxes.
    var file: Range<Int> { 0..<source.size }

    /// Calls `visit` with each child box inside `parent`, in order, until it returns false.
    /// `depth` is 0 for the top level. Bytes left at the end of a box that are too few for a
    /// header (QuickTime ends `udta` with four zero bytes) are no box; at the top, they are a
    /// file cut inside a header.
    func children(of parent: Range<Int>, depth: Int, _ visit: (Box) throws(MetadataError) -> Bool) throws(MetadataError) {
        guard depth <= Self.maxDepth else { throw Self.corrupt("boxes nested more than \(Self.maxDepth) deep") }
        var offset = parent.lowerBound
        while offset < parent.upperBound {
            guard let box = try header(at: offset, in: parent, depth: depth) else { return }
            guard try visit(box) else { return }
            offset = box.end
        }
    }

    /// The box at `offset`, or nil when `parent` ends less than a header after it.
    private func header(at offset: Int, in parent: Range<Int>, depth: Int) throws(MetadataError) -> Box? {
        let room = parent.upperBound - offset
        let head = try source.slice(at: offset, count: min(8, room))
        guard head.count == 8, let size32 = head.uint32(at: 0, littleEndian: false), let raw = head.uint32(at: 4, littleEndian: false) else {
            if depth == 0 { throw MetadataError(path: "", reason: .truncated("the file ends inside a box header")) }
            return nil
        }
        visited += 1
        guard visited <= Self.maxBoxes else { throw Self.corrupt("more than \(Self.maxBoxes) boxes") }
        let type = FourCC(raw)
        let size: UInt64, headerSize: Int
        switch size32 {
        case 0:
            (size, headerSize) = (UInt64(room), 8)
        case 1:
            let large = try source.slice(at: offset + 8, count: min(8, room - 8))
            guard let value = large.uint64BE(at: 0) else { throw overrun(type, depth: depth, what: "its 64-bit size") }
            guard value >= 16 else { throw Self.corrupt("'\(type)' box with a 64-bit size of \(value) bytes") }
            (size, headerSize) = (value, 16)
        case 2..<8:
            throw Self.corrupt("'\(type)' box of \(size32) bytes")
        default:
            (size, headerSize) = (UInt64(size32), 8)
        }
        // Compared as UInt64 before any sum: a 64-bit size near 2^64 is only "too large".
        guard size <= UInt64(room) else { throw overrun(type, depth: depth, what: "its \(size) bytes") }
        return Box(type: type, start: offset, headerSize: headerSize, end: offset + Int(size))
    }

    private func overrun(_ type: FourCC, depth: Int, what: String) -> MetadataError {
        depth == 0 ? MetadataError(path: "", reason: .truncated("the file ends inside the '\(type)' box (\(what))"))
            : Self.corrupt("'\(type)' box runs past the box that holds it (\(what))")
    }

    /// The first `limit` bytes of `box`'s body, or all of it when shorter: what a parser needs
    /// of a box whose tail it ignores.
    func head(of box: Box, limit: Int) throws(MetadataError) -> [UInt8] {
        try exact(at: box.body.lowerBound, count: min(limit, box.body.count), box)
    }

    /// The whole body of `box`, which must not exceed `limit` bytes: metadata is small, and a
    /// box that claims more is not read into memory.
    func body(of box: Box, limit: Int) throws(MetadataError) -> [UInt8] {
        guard box.body.count <= limit else { throw Self.corrupt("'\(box.type)' box of \(box.body.count) bytes (at most \(limit) expected)") }
        return try exact(at: box.body.lowerBound, count: box.body.count, box)
    }

    /// The file's size can be stale (a walk's `stat`, a file shrinking while read): a short read
    /// inside a box is a truncated file.
    private func exact(at offset: Int, count: Int, _ box: Box) throws(MetadataError) -> [UInt8] {
        let bytes = try source.bytes(at: offset, count: count)
        guard bytes.count == count else { throw MetadataError(path: "", reason: .truncated("the file ends inside the '\(box.type)' box")) }
        return bytes
    }

    static func corrupt(_ why: String) -> MetadataError { MetadataError(path: "", reason: .corrupt(why)) }
}
