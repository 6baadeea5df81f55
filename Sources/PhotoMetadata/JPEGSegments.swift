/// The header segments of a JPEG, walked marker by marker up to the start of the image data:
/// where the Exif APP1 lies and the frame size. Only segment headers and the Exif payload are
/// read; nothing past the start-of-scan.
///
/// libexif's own file loader stops at APPn segments it does not know (APP6–APP9 before APP1
/// are common on phones), so the walk is done here.
///
/// ```swift
/// let segments = try JPEGSegments(reader: file)
/// segments.exif   // where the TIFF structure inside "Exif\0\0" lies, if any
/// ```
struct JPEGSegments {
    /// Where the bytes after `Exif\0\0` of the first Exif APP1 segment lie in the file.
    private(set) var exif: Range<Int>?
    private(set) var width: Int?
    private(set) var height: Int?

    init(reader: some ByteReader) throws(MetadataError) {
        var offset = 2  // after SOI
        /// The marker and segment length at `at` (0xFF, marker, length high, length low), read
        /// from the reader's window without copying.
        func header(_ at: Int) throws(MetadataError) -> UInt32? { try reader.slice(at: at, count: 4).uint32(at: 0, littleEndian: false) }

        while offset + 4 <= reader.size {
            guard var head = try header(offset), head >> 24 == 0xFF else { return }  // garbage between segments: stop
            // Markers may be preceded by any number of 0xFF fill bytes.
            while head >> 16 & 0xFF == 0xFF {
                offset += 1
                guard let next = try header(offset) else { return }
                head = next
            }
            let marker = UInt8(head >> 16 & 0xFF)
            if marker == 0xDA || marker == 0xD9 { return }  // start of scan / end of image
            if marker == 0x01 || (0xD0...0xD7).contains(marker) { offset += 2; continue }  // no length
            let length = Int(head & 0xFFFF)
            guard length >= 2 else { throw MetadataError(path: "", reason: .corrupt("JPEG segment length \(length) at offset \(offset)")) }
            let payload = offset + 4
            if marker == 0xE1, exif == nil, length > 8 {
                // Only the signature is read here; the TIFF reader fetches the entries it needs.
                if try reader.slice(at: payload, count: 6).elementsEqual([0x45, 0x78, 0x69, 0x66, 0, 0]) {
                    // A file cut inside its Exif segment is damaged, not a photo without GPS.
                    guard payload + length - 2 <= reader.size else {
                        throw MetadataError(path: "", reason: .truncated("JPEG ends inside its Exif segment"))
                    }
                    exif = (payload + 6)..<(payload + length - 2)
                }
            } else if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), width == nil {
                let frame = try reader.slice(at: payload, count: 5)
                if let h = frame.uint16(at: 1, littleEndian: false), let w = frame.uint16(at: 3, littleEndian: false) {
                    (height, width) = (Int(h), Int(w))
                }
            }
            offset = payload + length - 2
        }
        if exif == nil && width == nil {
            throw MetadataError(path: "", reason: .truncated("JPEG ends inside its header segments"))
        }
    }
}
