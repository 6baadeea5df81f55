import CHeif

/// The Exif block and image size of a HEIF/HEIC/AVIF file, through libheif: the primary
/// image's "Exif" metadata item, whose first 4 bytes give the offset of the TIFF header.
///
/// libheif 1.15 rejects some valid files (recent iPhone HEICs with a gain-map item); for
/// those, ``BMFFItems`` finds the Exif item from the box structure directly.
///
/// ```swift
/// let heif = try HEIFExif(input: .file("/photos/IMG_0001.HEIC"), reader: file)
/// heif.exif   // TIFF bytes
/// ```
struct HEIFExif {
    enum Input {
        case file(String)
        case memory([UInt8])
    }

    private(set) var exif: [UInt8]?
    private(set) var width: Int?
    private(set) var height: Int?

    /// libheif's plugin registry is process-wide; initialise it once, before any context.
    private static let initialised: Bool = {
        _ = heif_init(nil)
        return true
    }()

    init(input: Input, reader: some ByteReader) throws(MetadataError) {
        _ = Self.initialised
        let context = heif_context_alloc()
        defer { heif_context_free(context) }
        let status: heif_error
        switch input {
        case .file(let path):
            status = heif_context_read_from_file(context, path, nil)
        case .memory(let bytes):
            status = bytes.withUnsafeBytes { heif_context_read_from_memory_without_copy(context, $0.baseAddress, $0.count, nil) }
        }
        guard status.code == heif_error_Ok else {
            let message = status.message.map { String(cString: $0) } ?? "libheif error \(status.code.rawValue)"
            // Fall back on the box structure; if that also fails, libheif's reason is the one to report.
            guard let block = try? BMFFItems(reader: reader).exifItem() else {
                throw MetadataError(path: "", reason: .corrupt(message))
            }
            exif = HEIFExif.tiff(inExifItem: block)
            return
        }
        var handle: OpaquePointer?
        guard heif_context_get_primary_image_handle(context, &handle).code == heif_error_Ok, let handle else {
            throw MetadataError(path: "", reason: .corrupt("no primary image"))
        }
        defer { heif_image_handle_release(handle) }
        width = Int(heif_image_handle_get_width(handle))
        height = Int(heif_image_handle_get_height(handle))

        let count = Int(heif_image_handle_get_number_of_metadata_blocks(handle, "Exif"))
        guard count > 0 else { return }
        var ids = [heif_item_id](repeating: 0, count: count)
        _ = heif_image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &ids, Int32(count))
        let size = heif_image_handle_get_metadata_size(handle, ids[0])
        guard size > 4, size <= 16 * 1024 * 1024 else { return }
        var block = [UInt8](repeating: 0, count: size)
        guard heif_image_handle_get_metadata(handle, ids[0], &block).code == heif_error_Ok else {
            throw MetadataError(path: "", reason: .corrupt("unreadable Exif item"))
        }
        exif = HEIFExif.tiff(inExifItem: block)
    }

    /// The TIFF structure inside a HEIF Exif item. The declared offset is 6 (`Exif\0\0`) for most
    /// writers, 0 for some, and 10 for one phone maker that keeps a JPEG APP1 header; when the
    /// offset does not land on a TIFF header, the first one in the item's opening bytes is used.
    static func tiff(inExifItem item: [UInt8]) -> [UInt8]? {
        func isTIFF(_ i: Int) -> Bool {
            i >= 0 && i + 4 <= item.count
                && (item[i..<i + 4].elementsEqual([0x49, 0x49, 42, 0]) || item[i..<i + 4].elementsEqual([0x4D, 0x4D, 0, 42]))
        }
        if let declared = item.uint32(at: 0, littleEndian: false), declared < UInt32(item.count), isTIFF(4 + Int(declared)) {
            return Array(item[(4 + Int(declared))...])
        }
        guard let start = (0..<min(item.count, 64)).first(where: isTIFF) else { return nil }
        return Array(item[start...])
    }
}
