import Foundation
import SyntheticPhotos

/// A benchmark library: camera-like JPEGs and phone-like HEICs whose headers are real and
/// whose full-size bodies are sparse (a hole on disk), so 25,000 "4 MB" photos fit anywhere
/// while every reader still sees files of real size and layout.
struct BenchLibrary {
    let root: URL
    var random: SplitMix64

    init(root: URL, seed: UInt64) {
        self.root = root
        random = SplitMix64(seed: seed)
    }

    mutating func write(jpegCount: Int, heicCount: Int) throws {
        let jpegDir = root.appendingPathComponent("jpeg"), heicDir = root.appendingPathComponent("heic")
        for dir in [jpegDir, heicDir] { try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true) }

        for i in 0..<jpegCount {
            var photo = randomPhoto()
            photo.makerNoteBytes = Int.random(in: 6_000...16_000, using: &random)
            photo.thumbnailBytes = Int.random(in: 8_000...24_000, using: &random)
            let bytes = photo.jpeg()
            // The scan data runs to the end of a 2–6 MB file and closes with EOI.
            let size = Int.random(in: 2_000_000...6_000_000, using: &random)
            try writeSparse(Array(bytes.dropLast(2)), trailer: [0xFF, 0xD9], size: size,
                            to: jpegDir.appendingPathComponent(String(format: "IMG_%05d.JPG", i)))
        }

        // HEVC encoding is slow, so one HEIC is encoded and each file gets its own Exif patched in.
        var templatePhoto = randomPhoto()
        (templatePhoto.make, templatePhoto.model) = ("Apple", "iPhone 15 Pro")
        templatePhoto.makerNoteBytes = 2_000
        guard let template = templatePhoto.heic() else { throw CocoaError(.featureUnsupported) }
        let templateBlock = templatePhoto.exifBlock()
        guard let exifAt = template.firstRange(of: templateBlock)?.lowerBound,
              let mdatAt = template.firstRange(of: Array("mdat".utf8))?.lowerBound.advanced(by: -4) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        for i in 0..<heicCount {
            var photo = randomPhoto()
            (photo.make, photo.model, photo.makerNoteBytes) = ("Apple", "iPhone 15 Pro", 2_000)
            let block = photo.exifBlock()
            guard block.count == templateBlock.count else { throw CocoaError(.fileWriteUnknown) }
            var bytes = template
            bytes.replaceSubrange(exifAt..<exifAt + block.count, with: block)
            // mdat is the last box: widen it over the sparse body.
            let size = Int.random(in: 1_500_000...4_000_000, using: &random)
            let mdatSize = UInt32(size - mdatAt)
            bytes.replaceSubrange(mdatAt..<mdatAt + 4, with: [UInt8(mdatSize >> 24), UInt8(mdatSize >> 16 & 0xFF), UInt8(mdatSize >> 8 & 0xFF), UInt8(mdatSize & 0xFF)])
            try writeSparse(bytes, trailer: [], size: size, to: heicDir.appendingPathComponent(String(format: "IMG_%05d.HEIC", i)))
        }
        print("wrote \(jpegCount) JPEG and \(heicCount) HEIC files to \(root.path)")
    }

    /// A photo somewhere on land-ish latitudes, with fixed-width fields so every Exif block of
    /// one kind has the same length.
    private mutating func randomPhoto() -> SyntheticPhoto {
        var photo = SyntheticPhoto(latitude: Double.random(in: -55...70, using: &random), longitude: Double.random(in: -179...179, using: &random))
        photo.altitude = Double(Int.random(in: 0...3000, using: &random))
        let day = Int.random(in: 1...28, using: &random), hour = Int.random(in: 0...23, using: &random)
        photo.dateTimeOriginal = String(format: "2023:%02d:%02d %02d:%02d:%02d", Int.random(in: 1...12, using: &random), day, hour, 30, 15)
        photo.offsetTimeOriginal = "+01:00"
        photo.gpsDate = String(format: "2023:01:%02d", day)
        photo.gpsTime = (UInt32(hour), 30, 15)
        (photo.make, photo.model) = ("Canon", "Canon EOS R5")
        return photo
    }

    func writeSparse(_ head: [UInt8], trailer: [UInt8], size: Int, to url: URL) throws {
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: url.path]) }
        defer { close(fd) }
        _ = head.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
        ftruncate(fd, off_t(size))
        if !trailer.isEmpty { _ = trailer.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, off_t(size - trailer.count)) } }
    }
}
