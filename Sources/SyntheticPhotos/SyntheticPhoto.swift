import CExif
import CHeif
import Foundation

/// A photo's metadata written into real image files through libexif (and libheif for HEIC),
/// for tests, benchmarks and the sample library: readers then see the bytes a camera writes.
///
/// ```swift
/// var photo = SyntheticPhoto(latitude: 35.0116, longitude: 135.7681)
/// photo.dateTimeOriginal = "2024:04:05 10:11:12"
/// try Data(photo.jpeg()).write(to: url)
/// ```
///
/// A value type; building bytes touches no shared state except libheif's one-time set-up.
public struct SyntheticPhoto {
    public var latitude: Double?
    public var longitude: Double?
    /// Override the refs; nil writes the ref from the sign, "" omits the tag.
    public var latitudeRef: String?
    public var longitudeRef: String?
    /// Raw rationals instead of `latitude` (to write 0/0 and other oddities).
    public var rawLatitude: [(UInt32, UInt32)]?
    public var altitude: Double?
    public var gpsStatus: String?
    public var gpsDate: String?
    public var gpsTime: (UInt32, UInt32, UInt32)?
    public var speed: (value: UInt32, ref: String)?
    public var dateTimeOriginal: String? = "2024:04:05 10:11:12"
    public var offsetTimeOriginal: String?
    public var make: String? = "TravelAtlas"
    public var model: String? = "Fixture Cam"
    public var includeGPS = true
    public var byteOrder: ExifByteOrder = EXIF_BYTE_ORDER_INTEL
    /// Camera-like weight: the usual exposure tags, a maker note and an IFD1 thumbnail of
    /// about these many bytes each (0 leaves them out).
    public var makerNoteBytes = 0
    public var thumbnailBytes = 0

    public init(latitude: Double? = 35.0116, longitude: Double? = 135.7681, latitudeRef: String? = nil, longitudeRef: String? = nil,
                rawLatitude: [(UInt32, UInt32)]? = nil, altitude: Double? = nil, gpsStatus: String? = nil, gpsDate: String? = nil,
                gpsTime: (UInt32, UInt32, UInt32)? = nil, speed: (value: UInt32, ref: String)? = nil,
                dateTimeOriginal: String? = "2024:04:05 10:11:12", offsetTimeOriginal: String? = nil,
                make: String? = "TravelAtlas", model: String? = "Fixture Cam", includeGPS: Bool = true,
                byteOrder: ExifByteOrder = EXIF_BYTE_ORDER_INTEL, makerNoteBytes: Int = 0, thumbnailBytes: Int = 0) {
        (self.latitude, self.longitude, self.latitudeRef, self.longitudeRef) = (latitude, longitude, latitudeRef, longitudeRef)
        (self.rawLatitude, self.altitude, self.gpsStatus, self.gpsDate, self.gpsTime, self.speed) = (rawLatitude, altitude, gpsStatus, gpsDate, gpsTime, speed)
        (self.dateTimeOriginal, self.offsetTimeOriginal, self.make, self.model) = (dateTimeOriginal, offsetTimeOriginal, make, model)
        (self.includeGPS, self.byteOrder, self.makerNoteBytes, self.thumbnailBytes) = (includeGPS, byteOrder, makerNoteBytes, thumbnailBytes)
    }

    /// `Exif\0\0` + TIFF, as libexif saves it.
    public func exifBlock() -> [UInt8] {
        let data = exif_data_new()!
        defer { exif_data_unref(data) }
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        exif_data_set_byte_order(data, byteOrder)
        let ifd = data.pointee.ifd
        if let make { add(ascii: make, tag: 0x010F, to: ifd.0) }
        if let model { add(ascii: model, tag: 0x0110, to: ifd.0) }
        if let dateTimeOriginal { add(ascii: dateTimeOriginal, tag: 0x9003, to: ifd.2) }
        if let offsetTimeOriginal { add(ascii: offsetTimeOriginal, tag: 0x9011, to: ifd.2) }
        if makerNoteBytes > 0 { addCameraTags(to: data) }
        if includeGPS {
            add(bytes: [2, 3, 0, 0], format: EXIF_FORMAT_BYTE, tag: 0x0000, to: ifd.3)
            if let lat = rawLatitude.map({ $0 }) ?? latitude.map({ Self.dms(abs($0)) }) {
                if latitudeRef != "" { add(ascii: latitudeRef ?? ((latitude ?? 0) < 0 ? "S" : "N"), tag: 0x0001, to: ifd.3) }
                add(rationals: lat, tag: 0x0002, to: ifd.3)
            }
            if let longitude {
                if longitudeRef != "" { add(ascii: longitudeRef ?? (longitude < 0 ? "W" : "E"), tag: 0x0003, to: ifd.3) }
                add(rationals: Self.dms(abs(longitude)), tag: 0x0004, to: ifd.3)
            }
            if let altitude {
                add(bytes: [altitude < 0 ? 1 : 0], format: EXIF_FORMAT_BYTE, tag: 0x0005, to: ifd.3)
                add(rationals: [(UInt32((abs(altitude) * 100).rounded()), 100)], tag: 0x0006, to: ifd.3)
            }
            if let gpsTime { add(rationals: [(gpsTime.0, 1), (gpsTime.1, 1), (gpsTime.2, 1)], tag: 0x0007, to: ifd.3) }
            if let gpsStatus { add(ascii: gpsStatus, tag: 0x0009, to: ifd.3) }
            if let speed {
                add(ascii: speed.ref, tag: 0x000C, to: ifd.3)
                add(rationals: [(speed.value, 1)], tag: 0x000D, to: ifd.3)
            }
            if let gpsDate { add(ascii: gpsDate, tag: 0x001D, to: ifd.3) }
        }
        var buffer: UnsafeMutablePointer<UInt8>?
        var size: UInt32 = 0
        exif_data_save_data(data, &buffer, &size)
        defer { free(buffer) }
        return Array(UnsafeBufferPointer(start: buffer, count: Int(size)))
    }

    /// The TIFF structure alone: also a valid (pixel-less) TIFF file.
    public func tiff() -> [UInt8] { Array(exifBlock().dropFirst(6)) }

    /// A small real JPEG with this metadata in APP1, after a JFIF APP0 as cameras write it.
    public func jpeg() -> [UInt8] {
        let block = exifBlock()
        let app1: [UInt8] = [0xFF, 0xE1, UInt8((block.count + 2) >> 8), UInt8((block.count + 2) & 0xFF)] + block
        return [0xFF, 0xD8] + app1 + Array(Self.tinyJPEG.dropFirst(2))
    }

    /// A PNG with an `eXIf` chunk (CRC left zero: the reader does not check it, viewers do).
    public func png() -> [UInt8] {
        let tiff = tiff()
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            be32(UInt32(body.count)) + Array(type.utf8) + body + [0, 0, 0, 0]
        }
        let ihdr = be32(1) + be32(1) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr) + chunk("eXIf", tiff) + chunk("IDAT", [0x78, 0x9C, 0x63, 0, 0, 0, 2, 0, 1]) + chunk("IEND", [])
    }

    /// A WebP (extended format) with an `EXIF` chunk, with or without the `Exif\0\0` prefix.
    public func webp(prefixed: Bool = false) -> [UInt8] {
        let payload = prefixed ? exifBlock() : tiff()
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            Array(type.utf8) + le32(UInt32(body.count)) + body + (body.count % 2 == 1 ? [0] : [])
        }
        let body = Array("WEBP".utf8) + chunk("VP8X", [0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0]) + chunk("EXIF", payload)
        return Array("RIFF".utf8) + le32(UInt32(body.count)) + body
    }

    /// A Canon CR3 reduced to what holds its metadata: `ftyp` (crx) and a `moov` whose Canon
    /// `uuid` box holds CMT1 (IFD0), CMT2 (Exif IFD) and CMT4 (GPS IFD), each a TIFF whose
    /// first directory is that one. No pixels. CMT2 and CMT4 are this photo's TIFF with the
    /// header pointing at the Exif or GPS directory (offsets inside stay valid).
    public func cr3() -> [UInt8] {
        let tiff = tiff()
        let little = tiff.first == 0x49
        func read(_ at: Int, _ size: Int) -> Int {
            let bytes = tiff[at..<at + size]
            return (little ? bytes.reversed() : Array(bytes)).reduce(0) { $0 << 8 | Int($1) }
        }
        func pointing(at tag: UInt16) -> [UInt8]? {
            let ifd0 = read(4, 4)
            guard let i = (0..<read(ifd0, 2)).first(where: { read(ifd0 + 2 + 12 * $0, 2) == Int(tag) }) else { return nil }
            let offset = UInt32(read(ifd0 + 2 + 12 * i + 8, 4))
            return Array(tiff[0..<4]) + (little ? le32(offset) : be32(offset)) + Array(tiff[8...])
        }
        func box(_ type: String, _ body: [UInt8]) -> [UInt8] { be32(UInt32(body.count + 8)) + Array(type.utf8) + body }
        let canon: [UInt8] = [0x85, 0xC0, 0xB6, 0x87, 0x82, 0x0F, 0x11, 0xE0, 0x81, 0x11, 0xF4, 0xCE, 0x46, 0x2B, 0x6A, 0x48]
        var cmt = box("CMT1", tiff)
        if let exif = pointing(at: 0x8769) { cmt += box("CMT2", exif) }
        if let gps = pointing(at: 0x8825) { cmt += box("CMT4", gps) }
        let ftyp = box("ftyp", Array("crx ".utf8) + [0, 0, 0, 1] + Array("crx isom".utf8))
        return ftyp + box("moov", box("uuid", canon + cmt))
    }

    /// A real HEIC (HEVC-coded 64×64 image) with this metadata as its Exif item, or nil when
    /// this libheif has no HEVC encoder.
    public func heic() -> [UInt8]? { heif(heif_compression_HEVC) }

    /// A real AVIF (AV1-coded 64×64 image) with this metadata as its Exif item, or nil when
    /// this libheif has no AV1 encoder.
    public func avif() -> [UInt8]? { heif(heif_compression_AV1) }

    private func heif(_ compression: heif_compression_format) -> [UInt8]? {
        _ = heif_init(nil)
        guard heif_have_encoder_for_format(compression) != 0 else { return nil }
        let context = heif_context_alloc()
        defer { heif_context_free(context) }
        var image: OpaquePointer?
        guard heif_image_create(64, 64, heif_colorspace_YCbCr, heif_chroma_420, &image).code == heif_error_Ok, let image else { return nil }
        defer { heif_image_release(image) }
        for (channel, side) in [(heif_channel_Y, Int32(64)), (heif_channel_Cb, 32), (heif_channel_Cr, 32)] {
            _ = heif_image_add_plane(image, channel, side, side, 8)
            var stride: Int32 = 0
            let plane = heif_image_get_plane(image, channel, &stride)!
            for i in 0..<Int(stride * side) { plane[i] = UInt8(truncatingIfNeeded: i * 7) }
        }
        var encoder: OpaquePointer?
        guard heif_context_get_encoder_for_format(context, compression, &encoder).code == heif_error_Ok, let encoder else { return nil }
        defer { heif_encoder_release(encoder) }
        _ = heif_encoder_set_lossy_quality(encoder, 30)
        var handle: OpaquePointer?
        guard heif_context_encode_image(context, image, encoder, nil, &handle).code == heif_error_Ok, let handle else { return nil }
        defer { heif_image_handle_release(handle) }
        let block = exifBlock()
        _ = block.withUnsafeBytes { heif_context_add_exif_metadata(context, handle, $0.baseAddress, Int32($0.count)) }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fixture-\(UUID().uuidString).heic").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard heif_context_write_to_file(context, path).code == heif_error_Ok else { return nil }
        return try? Array(Data(contentsOf: URL(fileURLWithPath: path)))
    }

    // MARK: - libexif entry helpers

    /// What a real camera adds around the fields TravelAtlas reads.
    private func addCameraTags(to data: UnsafeMutablePointer<ExifData>) {
        let ifd = data.pointee.ifd
        add(ascii: "TravelAtlas synthetic 1.0", tag: 0x0131, to: ifd.0)                           // Software
        add(ascii: dateTimeOriginal ?? "2024:01:01 00:00:00", tag: 0x0132, to: ifd.0)            // DateTime
        add(rationals: [(72, 1)], tag: 0x011A, to: ifd.0)                                         // XResolution
        add(rationals: [(72, 1)], tag: 0x011B, to: ifd.0)                                         // YResolution
        add(rationals: [(1, 250)], tag: 0x829A, to: ifd.2)                                        // ExposureTime
        add(rationals: [(28, 10)], tag: 0x829D, to: ifd.2)                                        // FNumber
        add(rationals: [(66, 10)], tag: 0x920A, to: ifd.2)                                        // FocalLength
        add(ascii: dateTimeOriginal ?? "2024:01:01 00:00:00", tag: 0x9004, to: ifd.2)            // DateTimeDigitized
        add(ascii: "Synthetic Lens 24-70mm F2.8", tag: 0xA434, to: ifd.2)                         // LensModel
        var random = SplitMix64(seed: UInt64(makerNoteBytes))
        add(bytes: (0..<makerNoteBytes).map { _ in UInt8(truncatingIfNeeded: random.next()) }, format: EXIF_FORMAT_UNDEFINED, tag: 0x927C, to: ifd.2)
        if thumbnailBytes > 0 {
            // A JPEG thumbnail, brought to size with a comment segment.
            let padding = max(0, thumbnailBytes - Self.tinyJPEG.count - 4)
            let comment: [UInt8] = [0xFF, 0xFE, UInt8((padding + 2) >> 8), UInt8((padding + 2) & 0xFF)] + [UInt8](repeating: 0x20, count: padding)
            let thumbnail = [0xFF, 0xD8] + comment + Array(Self.tinyJPEG.dropFirst(2))
            let buffer = malloc(thumbnail.count)!.assumingMemoryBound(to: UInt8.self)
            buffer.initialize(from: thumbnail, count: thumbnail.count)
            data.pointee.data = buffer
            data.pointee.size = UInt32(thumbnail.count)
        }
    }

    private func add(ascii: String, tag: UInt16, to content: UnsafeMutablePointer<ExifContent>?) {
        add(bytes: Array(ascii.utf8) + [0], format: EXIF_FORMAT_ASCII, tag: tag, to: content)
    }

    private func add(rationals: [(UInt32, UInt32)], tag: UInt16, to content: UnsafeMutablePointer<ExifContent>?) {
        var bytes = [UInt8](repeating: 0, count: 8 * rationals.count)
        bytes.withUnsafeMutableBufferPointer { buffer in
            for (i, r) in rationals.enumerated() {
                exif_set_rational(buffer.baseAddress! + 8 * i, byteOrder, ExifRational(numerator: r.0, denominator: r.1))
            }
        }
        add(bytes: bytes, format: EXIF_FORMAT_RATIONAL, tag: tag, to: content, components: rationals.count)
    }

    private func add(bytes: [UInt8], format: ExifFormat, tag: UInt16, to content: UnsafeMutablePointer<ExifContent>?, components: Int? = nil) {
        let entry = exif_entry_new()!
        defer { exif_entry_unref(entry) }
        entry.pointee.tag = ExifTag(rawValue: UInt32(tag))
        entry.pointee.format = format
        entry.pointee.components = UInt(components ?? bytes.count)
        entry.pointee.size = UInt32(bytes.count)
        // libexif frees entry data with its default allocator, which is calloc/free.
        let data = calloc(bytes.count, 1)!.assumingMemoryBound(to: UInt8.self)
        data.initialize(from: bytes, count: bytes.count)
        entry.pointee.data = data
        exif_content_add_entry(content, entry)
    }

    /// Degrees, minutes and seconds (to 1/10000 s) as rationals.
    public static func dms(_ value: Double) -> [(UInt32, UInt32)] {
        let degrees = value.rounded(.down)
        let minutes = ((value - degrees) * 60).rounded(.down)
        let seconds = (value - degrees - minutes / 60) * 3600
        return [(UInt32(degrees), 1), (UInt32(minutes), 1), (UInt32((seconds * 10000).rounded()), 10000)]
    }

    /// A 16×8 baseline JPEG (Pillow, quality 50): real segments and entropy-coded data.
    public static let tinyJPEG: [UInt8] = Array(Data(base64Encoded: """
        /9j/4AAQSkZJRgABAQAAAQABAAD/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIABADASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAAAAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRomJygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExcbHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwCSiiivGPWP/9k=
        """, options: .ignoreUnknownCharacters)!)
}

private func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
private func le32(_ v: UInt32) -> [UInt8] { be32(v).reversed() }

/// A small, fast, seeded generator: the same seed gives the same files on every machine.
public struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
