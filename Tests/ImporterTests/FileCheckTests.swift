import Foundation
import PhotoMetadata
import SyntheticPhotos
import Testing
import TravelLog
@testable import Importer
#if canImport(Glibc)
import Glibc
import ScratchSpace
#endif

/// Real files against stamps taken with `stat` here, then changed the ways a library changes:
/// deleted, replaced by a folder, grown, touched, rewritten in place with its time put back,
/// behind a symbolic-link loop or a folder without permission.
@Suite struct FileCheckTests {
    /// What the import stores of a file, from this test's own `stat` (nanoseconds included) and,
    /// for the fingerprint, the importer's reader.
    static func stamp(_ path: String, fingerprint: Bool = true) throws -> PhotoStamp {
        var s = stat()
        try #require(stat(path, &s) == 0)
        let digest = fingerprint ? try MetadataReader().read(path: path).exifDigest : nil
        return PhotoStamp(path: path, size: Int64(s.st_size), modifiedNs: Int64(s.st_mtim.tv_sec) * 1_000_000_000 + Int64(s.st_mtim.tv_nsec),
                          fingerprint: digest)
    }

    /// Sets a file's modification time to the nanosecond.
    static func setModified(_ path: String, ns: Int64) throws {
        let t = timespec(tv_sec: Int(ns / 1_000_000_000), tv_nsec: Int(ns % 1_000_000_000))
        var times = [t, t]   // access and modification
        try #require(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test func eachWayAFileChangesIsTold() throws {
        let library = try Library()
        let paths = try library.write(6, in: "a", heic: false)
        var stamps = try paths.map { try Self.stamp($0) }
        // 0 as imported; 1 deleted; 2 a folder now; 3 grown; 4 touched; 5 known missing.
        try FileManager.default.removeItem(atPath: paths[1])
        try FileManager.default.removeItem(atPath: paths[2])
        try FileManager.default.createDirectory(atPath: paths[2], withIntermediateDirectories: false)
        let handle = try #require(FileHandle(forWritingAtPath: paths[3]))
        try handle.seekToEnd()
        try handle.write(contentsOf: [0, 0, 0])
        try handle.close()
        try Self.setModified(paths[3], ns: stamps[3].modifiedNs)
        try Self.setModified(paths[4], ns: 1_720_000_000_123_456_789)
        stamps[5].isMissing = true

        let check = FileCheck(deep: false, jobs: 1)
        #expect(check.states(of: stamps) == [
            .asImported,
            .gone("no such file"),
            .gone("a folder is at its path now"),
            .changed("size \(stamps[3].size) → \(stamps[3].size + 3) bytes"),
            .changed("modified \(FileCheck.timeText(stamps[4].modifiedNs)) → 2024-07-03T09:46:40.123456789Z"),
            .knownMissing,
        ])
    }

    @Test func deepComparesTheExifFingerprint() throws {
        let library = try Library()
        let paths = try library.write(4, in: "a", heic: false)
        var stamps = try paths.map { try Self.stamp($0) }
        stamps[3].fingerprint = nil
        // 1: another position, the same size, its time put back: only its Exif tells.
        var other = Library.photo(1)
        other.latitude = (other.latitude ?? 0) + 1.5
        let rewritten = other.jpeg()
        try #require(Int64(rewritten.count) == stamps[1].size)
        try Data(rewritten).write(to: URL(fileURLWithPath: paths[1]))
        try Self.setModified(paths[1], ns: stamps[1].modifiedNs)
        // 2 and 3: zeros in place of the file, same size and time; 3 was stored without a fingerprint.
        for i in [2, 3] {
            try Data(count: Int(stamps[i].size)).write(to: URL(fileURLWithPath: paths[i]))
            try Self.setModified(paths[i], ns: stamps[i].modifiedNs)
        }
        let now = try #require(try MetadataReader().read(path: paths[1]).exifDigest)
        #expect(now != stamps[1].fingerprint)

        #expect(FileCheck(deep: false).states(of: stamps) == [.asImported, .asImported, .asImported, .asImported])
        let hex = { (v: UInt64) in String(repeating: "0", count: 16 - String(v, radix: 16).count) + String(v, radix: 16) }
        #expect(FileCheck(deep: true).states(of: stamps) == [
            .asImported,
            .exifChanged("Exif fingerprint \(hex(stamps[1].fingerprint!)) → \(hex(now))"),
            .exifChanged("not a recognised image format"),
            .asImported,
        ])
    }

    /// A folder on the path that loops (a symbolic link to itself) cannot be examined: the
    /// file may be there, so it is unreadable, not gone. Runs as root too.
    @Test func aFolderThatCannotBeEnteredIsUnreadableNotGone() throws {
        let library = try Library()
        let paths = try library.write(2, in: "loop", heic: false)
        let stamps = try paths.map { try Self.stamp($0) }
        try FileManager.default.removeItem(atPath: library.root + "/loop")
        try FileManager.default.createSymbolicLink(atPath: library.root + "/loop", withDestinationPath: library.root + "/loop")
        #expect(FileCheck().states(of: stamps) == Array(repeating: .unreadable("cannot be examined (Too many levels of symbolic links)"), count: 2))
    }

    /// Whether `chmod 000` keeps this process out of a folder: not for root.
    static let permissionsBind: Bool = {
        let folder = Scratch.root.appendingPathComponent("atlas-perm-\(UUID().uuidString)").path
        guard (try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)) != nil,
              FileManager.default.createFile(atPath: folder + "/f", contents: Data([1])) else { return false }
        defer {
            chmod(folder, 0o700)
            try? FileManager.default.removeItem(atPath: folder)
        }
        chmod(folder, 0)
        var s = stat()
        return stat(folder + "/f", &s) != 0 && errno == EACCES
    }()

    @Test(.enabled(if: FileCheckTests.permissionsBind, "chmod 000 does not keep this user (root) out of a folder"))
    func aFolderWithoutPermissionIsUnreadableNotGone() throws {
        let library = try Library()
        let paths = try library.write(3, in: "private/inner", heic: false)
        let stamps = try paths.map { try Self.stamp($0) }
        let folder = library.root + "/private"
        chmod(folder, 0)
        defer { chmod(folder, 0o755) }
        let reason = "folder \(folder) cannot be searched (Permission denied)"
        #expect(FileCheck().states(of: stamps) == Array(repeating: .unreadable(reason), count: 3))
    }

    /// Spread over threads, the states come back in the stamps' order.
    @Test func threadsKeepTheOrder() throws {
        let library = try Library()
        let paths = try library.write(5, in: "a", heic: false)
        let real = try paths.map { try Self.stamp($0) }
        // 1,500 stamps: real files, changed sizes and paths that are not there, interleaved.
        let stamps = (0..<1_500).map { i -> PhotoStamp in
            var s = real[i % 5]
            if i % 3 == 1 { s.size += Int64(i) }
            if i % 7 == 2 { s.path += ".\(i)" }
            return s
        }
        let serial = FileCheck(jobs: 1).states(of: stamps)
        #expect(FileCheck(jobs: 4).states(of: stamps) == serial)
        #expect(serial.filter { $0 == .asImported }.count == (0..<1_500).filter { $0 % 3 != 1 && $0 % 7 != 2 }.count)
    }

    @Test func timesAreUTC() {
        let formatter = ISO8601DateFormatter()
        for seconds: Int64 in [0, 86_399, 951_782_400, 1_720_000_000, 4_102_444_800] {
            #expect(FileCheck.timeText(seconds * 1_000_000_000) == formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))))
        }
        #expect(FileCheck.timeText(1_720_000_000_000_000_001) == "2024-07-03T09:46:40.000000001Z")
        #expect(FileCheck.timeText(-1) == "1969-12-31T23:59:59.999999999Z")
    }
}
