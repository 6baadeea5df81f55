import CExif
import Foundation
import SyntheticPhotos

/// make-photos: writes synthetic photo libraries with realistic metadata.
///
///   make-photos sample DIR                         the sample trip that ships in Samples/trip
///   make-photos bench DIR [--jpeg N] [--heic N] [--mov N] [--mp4 N] [--xmp N] [--takeout N]
///                                                  a benchmark library (sparse full-size bodies)
///   make-photos seeds DIR                          one small file per format, for the fuzzer
let usage = """
    Usage: make-photos sample DIR
           make-photos bench DIR [--jpeg N] [--heic N] [--mov N] [--mp4 N] [--xmp N] [--takeout N] [--seed S]
           make-photos seeds DIR

    sample  Writes the sample trip (Samples/trip): a home region, a trip across several
            countries and regions with a layover at an airport, a photo taken in flight, one
            without a position and one with a placeholder 0,0 position.
    bench   Writes N camera-like JPEGs (default 20000) and N phone-like HEICs (default 5000)
            into DIR/jpeg and DIR/heic: tens of KB of Exif (maker note, thumbnail) and a
            full-size body kept sparse on disk, so only the header occupies blocks.
            Opt-in (default 0): --mov N iPhone-style MOVs (moov after the media data,
            keys + ilst) into DIR/mov, --mp4 N Android-style MP4s (moov first, ©xyz) into
            DIR/mp4, both 20–200 MB with the media data sparse; --xmp N XMP sidecars
            (darktable and ExifTool shapes) into DIR/xmp; --takeout N Google Takeout JSON
            sidecars into DIR/takeout. The same seed gives the same files.
    seeds   Writes one small file per format the reader knows (JPEG, a camera-like JPEG,
            big-endian TIFF, PNG, WebP with and without the Exif prefix, CR3, HEIC, AVIF)
            and per video layout (iPhone keys, ffmpeg's udta keys, ©xyz, loci, fragmented
            with 64-bit sizes, QuickTime without ftyp): seeds for fuzz/run.sh.
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
        files += videoSeeds().map { ($0.0, $0.1) }
        for case let (name, bytes?) in files { try Data(bytes).write(to: root.appendingPathComponent(name)) }
    case ("bench", let dir?):
        let jpeg = option("--jpeg", default: 20_000), heic = option("--heic", default: 5_000), seed = option("--seed", default: 1)
        let mov = option("--mov", default: 0), mp4 = option("--mp4", default: 0)
        let xmp = option("--xmp", default: 0), takeout = option("--takeout", default: 0)
        var library = BenchLibrary(root: URL(fileURLWithPath: dir), seed: UInt64(seed))
        try library.write(jpegCount: jpeg, heicCount: heic)
        if mov + mp4 > 0 { try library.writeVideos(movCount: mov, mp4Count: mp4, seed: UInt64(seed)) }
        if xmp + takeout > 0 { try library.writeSidecars(xmpCount: xmp, takeoutCount: takeout, seed: UInt64(seed)) }
    default:
        FileHandle.standardError.write(Data((usage + "\n").utf8))
        exit(1)
    }
} catch {
    FileHandle.standardError.write(Data("make-photos: \(error)\n".utf8))
    exit(2)
}

/// One small video per place a position lives and per layout, with a short stand-in `mdat`.
func videoSeeds() -> [(String, [UInt8])] {
    var iPhone = SyntheticVideo()
    (iPhone.location, iPhone.creationDate, iPhone.make, iPhone.model) = ("-33.9249+018.4241+3400.000/", "2024-07-02T09:30:00-0500", "Apple", "iPhone 15")
    (iPhone.created, iPhone.mediaBytes) = (SyntheticVideo.seconds1904(year: 2024, month: 7, day: 2, hour: 14, minute: 30), 64)
    var ffmpegKeys = iPhone
    ffmpegKeys.keysInUserData = true
    var android = SyntheticVideo()
    (android.xyz, android.created, android.mediaBytes) = ("+59.3293+018.0686/", iPhone.created, 64)
    var loci = SyntheticVideo()
    (loci.brand, loci.layout, loci.loci, loci.movieHeaderVersion, loci.mediaBytes) = ("isom", .moovFirst, (45.5017, -73.5673, 12), 1, 64)
    var fragmented = iPhone
    (fragmented.brand, fragmented.layout, fragmented.largeSizes) = ("mp42", .fragmented, true)
    var old = android
    (old.brand, old.layout) = (nil, .moovFirst)
    return [("seed.mov", iPhone.bytes()), ("seed-udta-keys.mov", ffmpegKeys.bytes()), ("seed-xyz.mov", android.bytes()),
            ("seed-loci.mp4", loci.bytes()), ("seed-fragmented.mp4", fragmented.bytes()), ("seed-old.mov", old.bytes())]
}
