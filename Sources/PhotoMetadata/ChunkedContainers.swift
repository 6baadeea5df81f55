/// The Exif block of the chunked formats: PNG (`eXIf` chunk) and WebP (RIFF `EXIF` chunk).
/// Only chunk headers are read until the Exif chunk is found.
///
/// ```swift
/// let tiff = try ChunkedContainers.pngExif(reader: file)
/// ```
enum ChunkedContainers {
    /// Chunks are skipped header by header; a file with more than this many is not a photo.
    private static let maxChunks = 100_000
    private static let maxExifBytes = 16 * 1024 * 1024

    /// The TIFF structure inside a PNG's `eXIf` chunk, or nil when there is none.
    static func pngExif(reader: some ByteReader) throws(MetadataError) -> [UInt8]? {
        var offset = 8
        for _ in 0..<maxChunks {
            let head = try reader.slice(at: offset, count: 8)
            guard head.count == 8 else { throw MetadataError(path: "", reason: .truncated("PNG ends before IEND")) }
            let length = Int(head.uint32(at: 0, littleEndian: false)!)
            switch head.fourCC(at: 4) {
            case "eXIf": return try payload(reader, at: offset + 8, length: length, what: "PNG eXIf chunk")
            case "IEND": return nil
            default: offset += 12 + length  // length, type, data, CRC
            }
        }
        return nil
    }

    /// The TIFF structure inside a WebP's `EXIF` chunk, or nil when there is none.
    static func webpExif(reader: some ByteReader) throws(MetadataError) -> [UInt8]? {
        // The RIFF header gives the size of what follows it: a file that ends before that
        // ended inside a chunk, maybe the EXIF one.
        let riffEnd = try reader.slice(at: 4, count: 4).uint32(at: 0, littleEndian: true).map { 8 + Int($0) } ?? 0
        var offset = 12
        for _ in 0..<maxChunks {
            let head = try reader.slice(at: offset, count: 8)
            guard head.count == 8 else {
                // Past the RIFF's end, what is left is trailing bytes, not chunks.
                guard offset >= riffEnd else { throw MetadataError(path: "", reason: .truncated("WebP ends inside its chunks")) }
                return nil
            }
            let length = Int(head.uint32(at: 4, littleEndian: true)!)
            if head.fourCC(at: 0) == "EXIF" {
                let data = try payload(reader, at: offset + 8, length: length, what: "WebP EXIF chunk")
                // Some writers keep the JPEG-style "Exif\0\0" prefix.
                return data.starts(with: [0x45, 0x78, 0x69, 0x66, 0, 0]) ? Array(data.dropFirst(6)) : data
            }
            offset += 8 + length + (length & 1)
        }
        return nil
    }

    private static func payload(_ reader: some ByteReader, at offset: Int, length: Int, what: String) throws(MetadataError) -> [UInt8] {
        guard length <= maxExifBytes else { throw MetadataError(path: "", reason: .corrupt("\(what) claims \(length) bytes")) }
        let data = try reader.bytes(at: offset, count: length)
        guard data.count == length else { throw MetadataError(path: "", reason: .truncated(what)) }
        return data
    }
}
