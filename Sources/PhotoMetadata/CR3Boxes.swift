/// The metadata boxes of a Canon CR3 (an ISO base-media file, not HEIF): inside `moov`, the
/// Canon `uuid` box holds CMT1 (IFD0), CMT2 (Exif IFD) and CMT4 (GPS IFD), each a small TIFF.
///
/// ```swift
/// let dirs = try CR3Boxes.directories(reader: file)
/// ```
enum CR3Boxes {
    private static let canonUUID: [UInt8] = [0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0, 0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48]
    private static let maxMoovBytes = 16 * 1024 * 1024

    static func directories(reader: some ByteReader) throws(MetadataError) -> TIFFDirectories? {
        var offset = 0
        while offset + 8 <= reader.size {
            let head = try reader.bytes(at: offset, count: 8)
            guard let size = head.uint32(at: 0, littleEndian: false).map(Int.init), size >= 8 else { break }
            if head.fourCC(at: 4) == "moov" {
                guard size <= maxMoovBytes else { throw MetadataError(path: "", reason: .corrupt("moov box of \(size) bytes")) }
                let moov = try reader.bytes(at: offset, count: size)
                guard moov.count == size else { throw MetadataError(path: "", reason: .truncated("moov box")) }
                return try parse(moov)
            }
            offset += size
        }
        return nil
    }

    private static func parse(_ moov: [UInt8]) throws(MetadataError) -> TIFFDirectories? {
        var at = 8
        while at + 24 <= moov.count, let size = moov.uint32(at: at, littleEndian: false).map(Int.init), size >= 8, at + size <= moov.count {
            if moov.fourCC(at: at + 4) == "uuid", Array(moov[(at + 8)..<(at + 24)]) == canonUUID {
                var boxes: [String: [UInt8]] = [:]
                var inner = at + 24
                while inner + 8 <= at + size, let length = moov.uint32(at: inner, littleEndian: false).map(Int.init), length >= 8, inner + length <= at + size {
                    if let type = moov.fourCC(at: inner + 4), type.hasPrefix("CMT") { boxes[type] = Array(moov[(inner + 8)..<(inner + length)]) }
                    inner += length
                }
                guard let cmt1 = boxes["CMT1"] else { return nil }
                return try TIFFDirectories(ifd0: cmt1, exif: boxes["CMT2"], gps: boxes["CMT4"])
            }
            at += size
        }
        return nil
    }
}
