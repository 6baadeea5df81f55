import Foundation
import ScratchSpace

/// A temporary directory of pages for one test, removed by ``remove()``.
struct Fixtures {
    let directory = Scratch.root.appendingPathComponent("browser-fixtures-\(UUID().uuidString)")

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Writes `content` to `name` in the directory and returns its URL.
    func page(_ name: String, _ content: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        try Data(content.utf8).write(to: url)
        return url
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }
}
