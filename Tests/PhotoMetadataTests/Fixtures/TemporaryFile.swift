import Foundation
import SyntheticPhotos
import ScratchSpace

typealias ExifFixture = SyntheticPhoto

func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
func le32(_ v: UInt32) -> [UInt8] { be32(v).reversed() }

/// Writes bytes to a fresh temporary file and removes it when the test's scope ends.
final class TemporaryFile {
    let path: String

    init(_ bytes: [UInt8], suffix: String = ".jpg") throws {
        path = Scratch.root.appendingPathComponent("atlas-test-\(UUID().uuidString)\(suffix)").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

extension SyntheticPhoto {
    /// Whether this libheif can write HEIC fixtures: tests that need one are skipped, and say
    /// so, without it.
    static let canEncodeHEVC = SyntheticPhoto(latitude: 0, longitude: 0).heic() != nil
}
