import Foundation
import SyntheticPhotos

/// make-photos: writes synthetic photo libraries with realistic metadata.
///
///   make-photos sample DIR                         the sample trip that ships in Samples/trip
///   make-photos bench DIR [--jpeg N] [--heic N]    a benchmark library (sparse full-size bodies)
let usage = """
    Usage: make-photos sample DIR
           make-photos bench DIR [--jpeg N] [--heic N] [--seed S]

    sample  Writes the sample trip (Samples/trip): a home region, a trip across several
            countries and regions with a layover at an airport, a photo taken in flight, one
            without a position and one with a placeholder 0,0 position.
    bench   Writes N camera-like JPEGs (default 20000) and N phone-like HEICs (default 5000)
            into DIR/jpeg and DIR/heic: tens of KB of Exif (maker note, thumbnail) and a
            full-size body kept sparse on disk, so only the header occupies blocks.
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
