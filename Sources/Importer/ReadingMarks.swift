import Foundation
import PhotoMetadata
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The file each import worker is reading, kept in `<log>.reading`, a small file mapped into
/// memory: a worker writes the path before it reads and clears it after, with no system call,
/// and what was written survives the process (the kernel owns the pages). A process that dies
/// while reading leaves the path behind, so the next import can find the file that killed it.
///
/// ```swift
/// let marks = try ReadingMarks(logPath: log.path, workers: 4)
/// marks.begin(worker: 0, path: file.path); defer { marks.end(worker: 0) }
/// ```
///
/// Each worker touches only its own slot: safe from as many threads as there are workers.
final class ReadingMarks: @unchecked Sendable {
    /// PATH_MAX bytes: the walk never hands over a longer path.
    static let slotBytes = Int(PATH_MAX)
    struct Failure: Error, CustomStringConvertible {
        let path: String, reason: String
        var description: String { "\(path): cannot keep the import's reading marks: \(reason)" }
    }

    let path: String
    private let base: UnsafeMutableRawPointer
    private let length: Int

    /// Creates (or resets) the marks for `workers` workers.
    init(logPath: String, workers: Int) throws {
        path = logPath + ".reading"
        length = max(1, workers) * Self.slotBytes
        let fd = FileName.withCString(path) { open($0, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
        defer { close(fd) }
        guard ftruncate(fd, off_t(length)) == 0,
              let mapped = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            throw Failure(path: path, reason: String(cString: strerror(errno)))
        }
        base = mapped
    }

    func begin(worker: Int, path: String) {
        let slot = base + worker * Self.slotBytes
        let bytes = Array(FileName.bytes(path).prefix(Self.slotBytes - 1))
        guard let first = bytes.first else { return }
        // The first byte last: a slot is either empty or holds a whole path.
        bytes.withUnsafeBytes { (slot + 1).copyMemory(from: $0.baseAddress! + 1, byteCount: bytes.count - 1) }
        slot.storeBytes(of: 0, toByteOffset: bytes.count, as: UInt8.self)
        slot.storeBytes(of: first, as: UInt8.self)
    }

    func end(worker: Int) {
        (base + worker * Self.slotBytes).storeBytes(of: 0, as: UInt8.self)
    }

    /// Unmaps and removes the marks: the run ended without dying.
    func remove() {
        munmap(base, length)
        _ = FileName.withCString(path) { unlink($0) }
    }

    /// The paths a previous run was reading when it died (none when it ended normally).
    static func leftover(logPath: String) -> [String] {
        guard let data = FileManager.default.contents(atPath: logPath + ".reading") else { return [] }
        var paths: [String] = []
        var at = 0
        while at < data.count {
            let slot = data[data.startIndex + at..<data.startIndex + min(data.count, at + slotBytes)]
            let name = slot.prefix { $0 != 0 }
            if !name.isEmpty { paths.append(FileName.string(name)) }
            at += slotBytes
        }
        return paths.sorted()
    }
}
