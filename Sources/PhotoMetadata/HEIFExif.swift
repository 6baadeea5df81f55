import CHeif

/// The Exif block and image size of a HEIF/HEIC/AVIF file, through libheif: the primary
/// image's "Exif" metadata item, whose first 4 bytes give the offset of the TIFF header.
///
/// libheif 1.15 rejects some valid files (recent iPhone HEICs with a gain-map item); for
/// those, ``BMFFItems`` finds the Exif item from the box structure directly.
///
/// libheif reads through ``HEIFByteStream`` rather than its own file stream: its `ifstream`
/// makes a seek system call per box, which cost more than all the parsing.
///
/// libheif is opened on the first HEIF file read, not linked (`CHeif`'s `atlas_heif_load`):
/// without it, the Exif item still comes from the box structure, and the size is unknown.
///
/// ```swift
/// let heif = try HEIFExif(reader: file)
/// heif.exif   // TIFF bytes
/// ```
struct HEIFExif {
    private(set) var exif: [UInt8]?
    private(set) var width: Int?
    private(set) var height: Int?

    /// libheif, opened and its plugin registry (process-wide) initialised once, before any
    /// context; or why it could not be opened. Immutable once made.
    private static let library: Result<atlas_heif_api, MetadataError> = {
        var api = atlas_heif_api()
        if let failure = atlas_heif_load(&api) {
            return .failure(MetadataError(path: "", reason: .corrupt("libheif could not be opened: " + String(cString: failure))))
        }
        _ = api.initialise(nil)
        return .success(api)
    }()

    init(reader: some ByteReader) throws(MetadataError) {
        let heif: atlas_heif_api
        switch Self.library {
        case .success(let api): heif = api
        case .failure(let failure):
            // The box structure alone still finds the Exif item.
            guard let block = try? BMFFItems(reader: reader).exifItem() else { throw failure }
            exif = HEIFExif.tiff(inExifItem: block)
            return
        }
        let context = heif.context_alloc()
        defer { heif.context_free(context) }
        let stream = HEIFByteStream(reader)
        let status = withExtendedLifetime(stream) {
            heif.context_read_from_reader(context, HEIFByteStream.functions, Unmanaged.passUnretained(stream).toOpaque(), nil)
        }
        if let failure = stream.failure { throw failure }
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
        guard heif.context_get_primary_image_handle(context, &handle).code == heif_error_Ok, let handle else {
            throw MetadataError(path: "", reason: .corrupt("no primary image"))
        }
        defer { heif.image_handle_release(handle) }
        width = Int(heif.image_handle_get_width(handle))
        height = Int(heif.image_handle_get_height(handle))

        let count = Int(heif.image_handle_get_number_of_metadata_blocks(handle, "Exif"))
        guard count > 0 else { return }
        var ids = [heif_item_id](repeating: 0, count: count)
        _ = heif.image_handle_get_list_of_metadata_block_IDs(handle, "Exif", &ids, Int32(count))
        let size = heif.image_handle_get_metadata_size(handle, ids[0])
        guard size <= Self.maxExifBytes else { throw MetadataError(path: "", reason: .corrupt("Exif item of \(size) bytes")) }
        var block = [UInt8](repeating: 0, count: size)
        guard size == 0 || heif.image_handle_get_metadata(handle, ids[0], &block).code == heif_error_Ok else {
            throw MetadataError(path: "", reason: .corrupt("unreadable Exif item"))
        }
        // libheif 1.15 hands back nothing for an extent of length 0, which ISO BMFF defines as
        // "to the end of the file": the box reader knows that rule.
        if block.count < 4, let whole = try BMFFItems(reader: reader).exifItem() { block = whole }
        guard let tiff = HEIFExif.tiff(inExifItem: block) else {
            throw MetadataError(path: "", reason: .corrupt("Exif item of \(block.count) bytes holds no TIFF header"))
        }
        exif = tiff
    }

    /// Far above any camera's Exif (64 KB in a JPEG), far below what costs memory.
    static let maxExifBytes = 16 * 1024 * 1024

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

/// A ``ByteReader`` as libheif's `heif_reader` (a position plus the reader's windowed reads).
///
/// Not thread-safe: one per context.
final class HEIFByteStream {
    private let reader: any ByteReader
    private var position = 0
    /// An I/O error, kept to be reported instead of libheif's generic "read error".
    private(set) var failure: MetadataError?

    init(_ reader: some ByteReader) { self.reader = reader }

    /// The C function table; it must outlive every context, so it is allocated once.
    nonisolated(unsafe) static let functions: UnsafeMutablePointer<heif_reader> = {
        let table = UnsafeMutablePointer<heif_reader>.allocate(capacity: 1)
        table.initialize(to: heif_reader(
            reader_api_version: 1,
            get_position: { user in HEIFByteStream.with(user) { Int64($0.position) } },
            read: { data, size, user in HEIFByteStream.with(user) { $0.read(into: data, count: size) } ? 0 : 1 },
            seek: { position, user in
                HEIFByteStream.with(user) { stream in
                    guard position >= 0, position <= Int64(stream.reader.size) else { return 1 }
                    stream.position = Int(position)
                    return 0
                }
            },
            wait_for_file_size: { target, user in
                HEIFByteStream.with(user) { target <= Int64($0.reader.size) } ? heif_reader_grow_status_size_reached : heif_reader_grow_status_size_beyond_eof
            }))
        return table
    }()

    /// The stream behind libheif's `userdata`, used without a retain and a release per call
    /// (libheif calls back a few dozen times a file): the context that calls holds it.
    private static func with<R>(_ user: UnsafeMutableRawPointer?, _ body: (HEIFByteStream) -> R) -> R {
        Unmanaged<HEIFByteStream>.fromOpaque(user!)._withUnsafeGuaranteedRef(body)
    }

    /// Copies `count` bytes at the position into `data`. A read of zero bytes succeeds without
    /// touching `data`, which libheif may pass as NULL then (an `iloc` extent of length 0):
    /// refusing it makes libheif 1.15 fail an assertion and abort the process.
    private func read(into data: UnsafeMutableRawPointer?, count: Int) -> Bool {
        guard count >= 0, count <= reader.size - position else { return false }
        guard count > 0 else { return true }
        guard let data else { return false }
        do {
            let bytes = try reader.slice(at: position, count: count)
            guard bytes.count == count else { return false }
            bytes.withUnsafeBytes { data.copyMemory(from: $0.baseAddress!, byteCount: count) }
        } catch {
            failure = error
            return false
        }
        position += count
        return true
    }
}
