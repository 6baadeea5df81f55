@_exported import AtlasProcess
import Foundation
import SyntheticPhotos
import ScratchSpace

/// A generated photo library in a fresh temporary directory, removed with the value: real JPEG
/// and HEIC files (libexif, libheif) along a route, each with its own position and time so
/// every file has its own fingerprint.
final class Library {
    let root: String
    var database: String { root + ".sqlite" }

    /// Places along a plausible trip: Lyon, Geneva, Milan, Lisbon, Kyoto.
    static let stops: [(Double, Double)] = [(45.7640, 4.8357), (46.2044, 6.1432), (45.4642, 9.1900), (38.7223, -9.1393), (35.0116, 135.7681)]

    init() throws {
        root = Scratch.root.appendingPathComponent("atlas-lib-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
        for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: database + suffix) }
    }

    static func photo(_ i: Int) -> SyntheticPhoto {
        let (lat, lon) = stops[i % stops.count]
        let jitter = Double(i / stops.count) * 0.0001
        return SyntheticPhoto(latitude: lat + jitter, longitude: lon + jitter,
                              dateTimeOriginal: String(format: "2024:07:%02d %02d:%02d:%02d", 1 + i % 28, i / 3600 % 24, i / 60 % 60, i % 60),
                              offsetTimeOriginal: "+02:00")
    }

    /// Writes `count` photos into `folder` (relative); every fifth one a HEIC.
    @discardableResult
    func write(_ count: Int, in folder: String = "", startingAt first: Int = 0, heic: Bool = true) throws -> [String] {
        let directory = folder.isEmpty ? root : root + "/" + folder
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return try (first..<first + count).map { i in
            let photo = Self.photo(i)
            let asHEIC = heic && i % 5 == 4
            let path = directory + String(format: "/IMG_%05d.%@", i, asHEIC ? "heic" : "jpg")
            try Data(asHEIC ? photo.heic()! : photo.jpeg()).write(to: URL(fileURLWithPath: path))
            return path
        }
    }

    func writeFile(_ relative: String, _ bytes: [UInt8]) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }
}
