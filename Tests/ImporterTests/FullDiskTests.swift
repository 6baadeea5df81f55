import Foundation
import Testing
import TravelLog
import ScratchSpace

/// A log on a disk with a few kilobytes free: the import fails with a sentence that says so and
/// names the file, whichever of SQLite's writes (the database, its WAL, its shared memory) met
/// the full disk first.
@Suite(.serialized) struct FullDiskTests {
    /// A small tmpfs of its own, where this process may mount one (root on Linux).
    static let canMount: Bool = {
        guard getuid() == 0, let disk = try? SmallDisk(freeBytes: 4096) else { return false }
        disk.unmount()
        return true
    }()

    @Test(.enabled(if: canMount, "cannot mount a tmpfs here (needs root and mount)"))
    func anImportOnAFullDiskSaysTheDiskIsFull() throws {
        let library = try Library()
        try library.write(20, heic: false)
        for free in [2048, 6144, 12_288, 40_960] {
            let disk = try SmallDisk(freeBytes: free)
            defer { disk.unmount() }
            let log = disk.path + "/atlas.sqlite"
            let result = try AtlasBinary.run(["import", library.root, "--db", log, "--progress", "never"])
            #expect(result.status == 2, "\(free) bytes free: \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("\(log): the disk is full"), "\(free) bytes free: \(result.stderr)")
        }
    }
}

/// A tmpfs mounted in a fresh folder, filled up to `freeBytes` of room.
struct SmallDisk {
    let path: String

    init(freeBytes: Int) throws {
        path = Scratch.root.appendingPathComponent("atlas-disk-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        guard Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", path]) else {
            try? FileManager.default.removeItem(atPath: path)
            throw CocoaError(.featureUnsupported)
        }
        var disk = statvfs()
        guard statvfs(path, &disk) == 0 else { unmount(); throw CocoaError(.fileReadUnknown) }
        let room = Int(disk.f_bavail) * Int(disk.f_frsize)
        FileManager.default.createFile(atPath: path + "/filler", contents: Data(count: max(0, room - freeBytes)))
    }

    func unmount() {
        _ = Self.run("/bin/umount", [path])
        try? FileManager.default.removeItem(atPath: path)
    }

    private static func run(_ program: String, _ arguments: [String]) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: program)
        p.arguments = arguments
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }
}
