import Foundation
import SQLite
import Testing
@testable import TravelLog
import ScratchSpace

/// A travel log is recognised before anything is written: any other SQLite file (the gazetteer
/// above all) or any other file is refused and left byte for byte as it was.
@Suite struct TravelLogIdentityTests {
    private static func scratch(_ name: String) -> String {
        Scratch.root.appendingPathComponent("atlas-identity-\(UUID().uuidString)-\(name)").path
    }

    /// A small SQLite file with `tables`, as another program (or the gazetteer build) leaves it.
    private static func database(tables: [String]) throws -> String {
        let path = scratch("other.sqlite")
        let db = try Database(path: path, mode: .readWrite)
        for table in tables { try db.execute("CREATE TABLE \(table)(x)") }
        return path
    }

    private static func expectRefused(_ path: String, _ reason: String, readOnly: Bool) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect {
            _ = try TravelLog(path: path, readOnly: readOnly)
        } throws: { error in
            guard case TravelLogError.notATravelLog(let p, let why)? = error as? TravelLogError else { return false }
            return p == path && why.contains(reason)
        }
        #expect(throws: TravelLogError.self) { try TravelLog.check(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test(arguments: [false, true]) func otherFilesAreRefusedUntouched(readOnly: Bool) throws {
        try Self.expectRefused(try Self.database(tables: ["meta", "cities", "city_points", "boundaries"]), "gazetteer", readOnly: readOnly)
        try Self.expectRefused(try Self.database(tables: ["customers"]), "customers", readOnly: readOnly)
        let text = Self.scratch("notes.txt")
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: text))
        try Self.expectRefused(text, "not a SQLite database", readOnly: readOnly)
    }

    @Test func newAndOlderLogsOpenAndCarryTheApplicationID() throws {
        let fresh = Self.scratch("fresh.sqlite")
        let log = try TravelLog(path: fresh)
        #expect(try log.database.prepare("PRAGMA application_id").scalarInt() == Int(TravelLog.applicationID))
        // A log written before application ids: its schema says it is one, and it gets the id.
        try log.database.execute("PRAGMA application_id = 0")
        let older = try TravelLog(path: fresh)
        #expect(try older.database.prepare("PRAGMA application_id").scalarInt() == Int(TravelLog.applicationID))
        try TravelLog.check(path: fresh)
        // An empty file, as a crashed create may leave, is a new log.
        let empty = Self.scratch("empty.sqlite")
        FileManager.default.createFile(atPath: empty, contents: Data())
        try TravelLog.check(path: empty)
        #expect(try TravelLog(path: empty).schemaVersion() == TravelLog.migrations.count)
    }

    /// docs/reliability.md promises that a power cut loses at most the batch in flight: in WAL
    /// mode that takes a sync at every commit (NORMAL syncs only at checkpoints).
    @Test func everyCommitIsSynced() throws {
        let log = try TravelLog(path: Self.scratch("sync.sqlite"))
        #expect(try log.database.prepare("PRAGMA synchronous").scalarInt() == 2)      // FULL
        #expect(try log.database.prepare("PRAGMA journal_mode").scalarString() == "wal")
    }

    @Test func aFolderIsNamedAsOne() throws {
        let folder = Self.scratch("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for readOnly in [false, true] {
            #expect {
                _ = try TravelLog(path: folder, readOnly: readOnly)
            } throws: { "\($0)".contains("a folder; name the log's file") }
        }
    }

    @Test func anOlderLogReadByAReadingCommandIsBroughtUpToDateFirst() throws {
        let path = try Self.olderLog("old.sqlite")
        let log = try TravelLog(path: path, readOnly: true)
        #expect(try log.schemaVersion() == TravelLog.migrations.count)
        #expect(try log.errors().isEmpty)          // reads the newest tables
    }

    /// A log of schema 2, as an older atlas left it.
    private static func olderLog(_ name: String) throws -> String {
        let path = scratch(name)
        let db = try Database(path: path, mode: .readWrite)
        for migration in TravelLog.migrations.prefix(2) { try db.execute(migration) }
        try db.execute("PRAGMA user_version = 2")
        return path
    }

    /// While an import holds the log, it is the one that migrates (a reader that migrated too
    /// would take SQLite's write lock from under it): the reader waits for that migration, and
    /// then reads the newest tables.
    @Test func aReaderWaitsForTheImportThatIsUpgradingTheLog() throws {
        let path = try Self.olderLog("held.sqlite")
        let held = DispatchSemaphore(value: 0), upgraded = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            // As an import does: the lock, then the migrations a moment later.
            let lock = try? ImportLock(logPath: path)
            held.signal()
            Thread.sleep(forTimeInterval: 0.3)
            _ = try? TravelLog(path: path)
            lock?.release()
            upgraded.signal()
        }
        held.wait()
        #expect(try ImportLock(logPath: path) == nil)
        let log = try TravelLog(path: path, readOnly: true)
        #expect(try log.schemaVersion() == TravelLog.migrations.count)
        #expect(try log.errors().isEmpty && log.photoCount() == 0)
        upgraded.wait()
    }

    @Test func aReaderThatStopsWaitingSaysTheLogIsBeingUpgraded() throws {
        let path = try Self.olderLog("slow.sqlite")
        let lock = try #require(try ImportLock(logPath: path))
        defer { lock.release() }
        #expect {
            _ = try TravelLog(path: path, readOnly: true, patience: 100)
        } throws: { "\($0)".contains("being brought up to date from schema 2 by an atlas import") }
    }

    /// Every migration lands in one transaction: a connection that looks between them (another
    /// process's reader) finds the file at version 0 or at the newest.
    @Test func migrationsLandTogether() throws {
        let path = Self.scratch("together.sqlite")
        let reader = try Database(path: path, mode: .readWrite)
        _ = try TravelLog(path: path)
        #expect(try reader.prepare("PRAGMA user_version").scalarInt() == TravelLog.migrations.count)
        let older = try Self.olderLog("together-older.sqlite")
        let log = try TravelLog(path: older)
        #expect(try log.schemaVersion() == TravelLog.migrations.count && log.errors().isEmpty)
    }

    /// A file that an import created but had not yet committed its tables to (killed then, or
    /// still at it) reads as an empty log, and the reader writes nothing to it.
    @Test(arguments: [false, true])
    func aFileWithNoTablesYetReadsAsAnEmptyLog(identified: Bool) throws {
        let path = Self.scratch("bare.sqlite")
        do {
            let db = try Database(path: path, mode: .readWrite)
            try db.execute(identified ? "PRAGMA application_id = \(TravelLog.applicationID)" : "PRAGMA user_version = 0")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let log = try TravelLog(path: path, readOnly: true)
        #expect(try log.photoCount() == 0 && log.errors().isEmpty && log.placeDays().isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(try Database(path: path, mode: .readOnly).prepare("SELECT count(*) FROM sqlite_master").scalarInt() == 0)
    }

    /// A log on a read-only disk (a backup, a DVD): a read-only bind mount where this process may
    /// make one (root on Linux), else the test says it is skipped.
    @Test(.enabled(if: ReadOnlyMount.available, "cannot make a read-only bind mount here (needs root and mount)"))
    func aLogOnAReadOnlyDiskCanBeRead() throws {
        let source = Self.scratch("rw"), mount = Self.scratch("ro")
        for d in [source, mount] { try FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true) }
        _ = try TravelLog(path: source + "/atlas.sqlite")             // current schema, closed cleanly
        try ReadOnlyMount.bind(source, at: mount)
        defer { ReadOnlyMount.unmount(mount) }
        #expect(!FileManager.default.isWritableFile(atPath: mount))
        let log = try TravelLog(path: mount + "/atlas.sqlite", readOnly: true)
        #expect(try log.photoCount() == 0 && log.errors().isEmpty)
    }
}

/// Read-only bind mounts for the read-only-disk test.
enum ReadOnlyMount {
    static let available: Bool = {
        guard getuid() == 0 else { return false }
        let a = Scratch.root.appendingPathComponent("atlas-mount-probe-\(UUID().uuidString)").path
        let b = a + "-ro"
        defer { for d in [a, b] { try? FileManager.default.removeItem(atPath: d) } }
        guard (try? FileManager.default.createDirectory(atPath: a, withIntermediateDirectories: true)) != nil,
              (try? FileManager.default.createDirectory(atPath: b, withIntermediateDirectories: true)) != nil,
              (try? bind(a, at: b)) != nil else { return false }
        unmount(b)
        return true
    }()

    static func bind(_ source: String, at target: String) throws {
        for arguments in [["--bind", source, target], ["-o", "remount,bind,ro", target]] {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/mount")
            p.arguments = arguments
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitUntilExit()
            guard p.terminationStatus == 0 else {
                if arguments.first == "-o" { unmount(target) }
                throw CocoaError(.featureUnsupported)
            }
        }
    }

    static func unmount(_ target: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/umount")
        p.arguments = [target]
        try? p.run()
        p.waitUntilExit()
    }
}
