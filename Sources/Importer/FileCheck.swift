import Foundation
import PhotoMetadata
import TravelLog
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Compares the photo files with what an import stored of them (``PhotoStamp``): still at
/// their path, same size, same modification time and, when `deep`, the same Exif fingerprint,
/// read again with the importer's own reader and digest (``MetadataReader``,
/// ``ImageMetadata/exifDigest``). Only reads: files are `stat`ed, and opened only when `deep`.
///
/// ```swift
/// let check = FileCheck(deep: false)
/// for (stamp, state) in zip(stamps, check.states(of: stamps)) where state != .asImported {
///     print(stamp.path, state)
/// }
/// ```
///
/// A file the system will not let us examine (a folder on its path without search
/// permission) is ``FileState/unreadable(_:)``, never gone: what cannot be seen may still be
/// there. `Sendable`; ``states(of:)`` spreads the files over `jobs` threads.
public struct FileCheck: Sendable {
    /// Re-read each unchanged file's Exif and compare its fingerprint (photos stored without
    /// one are not compared).
    public var deep: Bool
    public var jobs: Int

    public init(deep: Bool = false, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.deep = deep
        self.jobs = max(1, jobs)
    }

    /// The state of each stamp, in the stamps' order.
    public func states(of stamps: [PhotoStamp]) -> [FileState] {
        var states = [FileState](repeating: .asImported, count: stamps.count)
        // A stat costs a microsecond or two: files go to the threads in runs, not one by one.
        let run = deep ? 16 : 256
        let runs = (stamps.count + run - 1) / run
        guard jobs > 1, runs > 1 else { return stamps.map(state) }
        states.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let out = buffer
            DispatchQueue.concurrentPerform(iterations: runs) { r in
                for i in r * run..<min(stamps.count, (r + 1) * run) { out[i] = state(of: stamps[i]) }
            }
        }
        return states
    }

    /// The state of one file.
    public func state(of stamp: PhotoStamp) -> FileState {
        if stamp.isMissing { return .knownMissing }
        var status = stat()
        guard FileName.withCString(stamp.path, { stat($0, &status) }) == 0 else {
            let code = errno
            switch code {
            case ENOENT, ENOTDIR: return .gone("no such file")
            case EACCES: return .unreadable(Self.unsearchableFolder(above: stamp.path).map { "folder \($0) cannot be searched (\(Self.reason(EACCES)))" }
                                            ?? "cannot be examined (\(Self.reason(EACCES)))")
            default: return .unreadable("cannot be examined (\(Self.reason(code)))")
            }
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return .gone(status.st_mode & S_IFMT == S_IFDIR ? "a folder is at its path now" : "no regular file at its path now")
        }
        let size = Int64(status.st_size)
        #if canImport(Darwin)
        let modified = Int64(status.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(status.st_mtimespec.tv_nsec)
        #else
        let modified = Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
        #endif
        var changes: [String] = []
        if size != stamp.size { changes.append("size \(stamp.size) → \(size) bytes") }
        if modified != stamp.modifiedNs { changes.append("modified \(Self.timeText(stamp.modifiedNs)) → \(Self.timeText(modified))") }
        if !changes.isEmpty { return .changed(changes.joined(separator: ", ")) }
        guard deep, let fingerprint = stamp.fingerprint else { return .asImported }
        do {
            let metadata = try MetadataReader().read(path: stamp.path, size: Int(size))
            guard let now = metadata.exifDigest else { return .exifChanged("no Exif now") }
            return now == fingerprint ? .asImported : .exifChanged("Exif fingerprint \(Self.hex(fingerprint)) → \(Self.hex(now))")
        } catch {
            if case .unreadable(let why) = error.reason { return .unreadable("cannot be read (\(why))") }
            return .exifChanged(error.message)
        }
    }

    /// The highest folder on `path` that exists but cannot be searched, or nil.
    static func unsearchableFolder(above path: String) -> String? {
        var folder = ""
        for component in path.split(separator: "/", omittingEmptySubsequences: true).dropLast() {
            folder += "/" + component
            if FileName.withCString(folder, { access($0, X_OK) }) != 0 { return folder }
        }
        return nil
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// A modification time as UTC `2024-07-01T10:00:00Z`, with the nanoseconds when there are any.
    static func timeText(_ ns: Int64) -> String {
        let seconds = ns >= 0 ? ns / 1_000_000_000 : (ns + 1) / 1_000_000_000 - 1
        let fraction = ns - seconds * 1_000_000_000
        var t = time_t(seconds)
        var parts = tm()
        guard gmtime_r(&t, &parts) != nil else { return "\(ns) ns" }
        func two(_ v: Int32) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var text = "\(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))"
        if fraction != 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: 9 - digits.count) + digits
        }
        return text + "Z"
    }
}
