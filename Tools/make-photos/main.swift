import CExif
import Foundation
import SyntheticPhotos

/// make-photos: writes synthetic photo libraries with realistic metadata.
///
///   make-photos sample DIR                         the sample trip that ships in Samples/trip
///   make-photos bench DIR [--jpeg N] [--heic N]    a benchmark library (sparse full-size bodies)
///   make-photos seeds DIR                          one small file per format, for the fuzzer
let usage = """
    Usage: make-photos sample DIR
           make-photos bench DIR [--jpeg N] [--heic N] [--seed S]
           make-photos seeds DIR

    sample  Writes the sample trip (Samples/trip): a home region, a trip across several
            countries and regions with a layover at an airport, a photo taken in flight, one
            without a position and one with a placeholder 0,0 position.
    bench   Writes N camera-like JPEGs (default 20000) and N phone-like HEICs (default 5000)
            into DIR/jpeg and DIR/heic: tens of KB of Exif (maker note, thumbnail) and a
            full-size body kept sparse on disk, so only the header occupies blocks.
    seeds   Writes one small file per format the reader knows (JPEG, a camera-like JPEG,
            big-endian TIFF, PNG, WebP with and without the Exif prefix, CR3, HEIC, AVIF):
            seeds for fuzz/run.sh.
    """

var args = Array(CommandLine.arguments.dropFirst())
if args.isEmpty || args.contains("--help") || args.contains("-h") {
    print(usage)
    exit(args.isEmpty ? 1 : 0)
}
@MainActor func option(_ name: String, default value: Int) -> Int {
    guard let i = args.firstIndex(of: name), i + 1 < args.count, let n = Int(args[i + 1]) else { return value }
    args.removeSubrange(i...(i + 1))
    return n
}

do {
    switch (args.first, args.count >= 2 ? args[1] : nil) {
    case ("sample", let dir?):
        try SampleTrip.write(to: URL(fileURLWithPath: dir))
    case ("seeds", let dir?):
        let root = URL(fileURLWithPath: dir)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let photo = SyntheticPhoto(latitude: -33.8688, longitude: 151.2093, altitude: 58, gpsDate: "2024:04:05", gpsTime: (1, 11, 12),
                                   offsetTimeOriginal: "+10:00")
        var camera = photo
        (camera.makerNoteBytes, camera.thumbnailBytes, camera.byteOrder) = (2_000, 4_000, EXIF_BYTE_ORDER_MOTOROLA)
        var files: [(String, [UInt8]?)] = [("seed.jpg", photo.jpeg()), ("seed-camera.jpg", camera.jpeg()), ("seed.tif", camera.tiff()),
                                           ("seed.png", photo.png()), ("seed.webp", photo.webp()), ("seed-prefixed.webp", photo.webp(prefixed: true)),
                                           ("seed.cr3", photo.cr3())]
        files += [("seed.heic", photo.heic()), ("seed.avif", photo.avif())]
        for case let (name, bytes?) in files { try Data(bytes).write(to: root.appendingPathComponent(name)) }
    case ("bench", let dir?):
        let jpeg = option("--jpeg", default: 20_000), heic = option("--heic", default: 5_000), seed = option("--seed", default: 1)
        var library = BenchLibrary(root: URL(fileURLWithPath: dir), seed: UInt64(seed))
        try library.write(jpegCount: jpeg, heicCount: heic)
    default:
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("make-photos: \(error)\n".utf8))
    exit(2)
}
