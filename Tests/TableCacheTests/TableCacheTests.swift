import Foundation
import ScratchSpace
import Testing
@testable import TableCache

/// The cache's folder, key and files, in folders of the test's own: a table comes back as it
/// was written, and a damaged, foreign or missing one is never read.
@Suite struct TableCacheTests {
    /// A folder of the test's own, with a stand-in for the gazetteer whose identity keys it.
    private func fixture() throws -> (root: String, gazetteer: String) {
        let root = Scratch.root.appendingPathComponent("table-cache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let gazetteer = root + "/gazetteer.sqlite"
        try Data("a gazetteer".utf8).write(to: URL(fileURLWithPath: gazetteer))
        return (root + "/cache", gazetteer)
    }

    private func cache(_ f: (root: String, gazetteer: String)) -> TableCache {
        TableCache(gazetteerPath: f.gazetteer, environment: ["ATLAS_CACHE_DIR": f.root])!
    }

    @Test func aTableComesBackAsItWasWritten() throws {
        let f = try fixture()
        let cache = cache(f)
        #expect(cache.read("cities") { try $0.array(of: Int32.self) } == nil)
        #expect(cache.write("cities") { $0.append([4, 5, 6] as [Int32]); $0.append("end") })
        let back = cache.read("cities") { r -> ([Int32], String) in (Array(try r.column(of: Int32.self)), try r.string()) }
        #expect(back?.0 == [4, 5, 6] && back?.1 == "end")
        // Only the table and its folder: no temporary file left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: cache.folder) == ["cities.table"])
        let mode = try FileManager.default.attributesOfItem(atPath: cache.folder)[.posixPermissions] as? Int
        #expect(mode == 0o700)
    }

    /// A writer that died before renaming its file leaves it behind; the next write removes it,
    /// and leaves alone the file a living process is writing.
    @Test func abandonedTemporaryFilesAreRemoved() throws {
        let f = try fixture()
        let cache = cache(f)
        cache.write("a") { $0.append(1) }
        // A process that has exited, and this one's parent, which lives.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let abandoned = cache.folder + "/b.table.\(gone.processIdentifier).42", living = cache.folder + "/c.table.\(getppid()).7"
        for path in [abandoned, living] { try Data([1]).write(to: URL(fileURLWithPath: path)) }
        cache.write("d") { $0.append(2) }
        #expect(!FileManager.default.fileExists(atPath: abandoned))
        #expect(FileManager.default.fileExists(atPath: living))
    }

    /// A flipped byte anywhere fails the checksum (or the header): the file is removed and the
    /// caller derives the table again.
    @Test func aDamagedFileIsRemovedNotRead() throws {
        let f = try fixture()
        let cache = cache(f)
        let path = cache.folder + "/zones.table"
        cache.write("zones") { $0.append([Double](repeating: 1.5, count: 100)) }
        let good = try Data(contentsOf: URL(fileURLWithPath: path))
        for at in [0, 9, 17, 30, good.count - 1] {
            var bad = good
            bad[at] ^= 0x10
            try bad.write(to: URL(fileURLWithPath: path))
            #expect(cache.read("zones") { try $0.array(of: Double.self) } == nil, "byte \(at)")
            #expect(!FileManager.default.fileExists(atPath: path))
        }
        try good.prefix(good.count - 8).write(to: URL(fileURLWithPath: path))
        #expect(cache.read("zones") { try $0.array(of: Double.self) } == nil)
        // Whole but read as another layout: the decoder's error, or bytes it left unread.
        cache.write("zones") { $0.append([Double](repeating: 1.5, count: 100)) }
        #expect(cache.read("zones") { try $0.string() } == nil)
        cache.write("zones") { $0.append([Double](repeating: 1.5, count: 100)); $0.append(1) }
        #expect(cache.read("zones") { try $0.array(of: Double.self) } == nil)
    }

    /// Another gazetteer file (or the same one changed) keys another folder: nothing written
    /// for one is read for the other.
    @Test func anotherGazetteerReadsNoneOfTheTables() throws {
        let f = try fixture()
        let first = cache(f)
        first.write("places") { $0.append(1) }
        try Data("another gazetteer".utf8).write(to: URL(fileURLWithPath: f.gazetteer))
        let second = cache(f)
        #expect(second.folder != first.folder)
        #expect(second.read("places") { try $0.int() } == nil)
    }

    @Test func theFolderFollowsTheEnvironment() throws {
        let f = try fixture()
        #expect(TableCache(gazetteerPath: f.gazetteer, environment: ["ATLAS_CACHE_DIR": "", "HOME": "/home/x"]) == nil)
        #expect(TableCache(gazetteerPath: f.gazetteer, environment: ["XDG_CACHE_HOME": "/xdg", "HOME": "/home/x"])?.folder.hasPrefix("/xdg/travelatlas/") == true)
        #expect(TableCache(gazetteerPath: f.gazetteer, environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/x"])?.folder.hasPrefix("/home/x/.cache/travelatlas/") == true)
        #expect(TableCache(gazetteerPath: f.gazetteer, environment: [:]) == nil)
        #expect(TableCache(gazetteerPath: f.root + "/missing.sqlite", environment: ["HOME": "/home/x"]) == nil)
    }

    /// A machine that runs several builds keeps the folders of the most recent few, not one per
    /// build for ever.
    @Test func oldKeyFoldersAreDropped() throws {
        let f = try fixture()
        var folders: [String] = []
        for k in 0..<(TableCache.keptFolders + 2) {
            try Data("gazetteer \(k)".utf8).write(to: URL(fileURLWithPath: f.gazetteer))
            let cache = cache(f)
            #expect(cache.write("t") { $0.append(k) })
            folders.append(cache.folder)
            // Modification times a second apart, whatever the file system's resolution.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(k))], ofItemAtPath: cache.folder)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: f.root).map { f.root + "/" + $0 }
        #expect(Set(left) == Set(folders.suffix(TableCache.keptFolders)))
    }
}
