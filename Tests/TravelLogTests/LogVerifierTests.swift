import Foundation
import Gazetteer
import SQLite
import Testing
@testable import TravelLog

/// The log as `atlas verify` opens it: read-only and unchanged, whatever it finds: a sound
/// log, garbage over a page, a log from an older or a newer atlas, a file that is no log.
@Suite struct LogVerifierTests {
    /// A log of `count` photos (one marked missing), its connections closed so the file on
    /// disk is whole (no WAL left beside it).
    static func makeLog(_ t: TemporaryLog, count: Int = 300) throws -> [PhotoRecord] {
        var records: [PhotoRecord] = []
        do {
            let log = try TravelLog(path: t.path)
            try log.write {
                for i in 0..<count {
                    var r = sampleRecord(String(format: "/photos/%04d.jpg", count - 1 - i))
                    (r.size, r.modifiedNs) = (Int64(1_000 + i), 1_700_000_000_000_000_000 + Int64(i) * 1_000_003)
                    r.fingerprint = i % 7 == 0 ? nil : UInt64(i) &* 0x9E37_79B9_7F4A_7C15
                    r.takenLocal = String(format: "2024-07-%02dT10:00:00", 1 + i % 20)
                    try log.insert(r, run: nil)
                    records.append(r)
                }
                try log.database.execute("UPDATE photos SET missing_since = '2024-08-01T00:00:00' WHERE path = '/photos/0005.jpg'")
            }
        }
        let wal = (try? FileManager.default.attributesOfItem(atPath: t.path + "-wal"))?[.size] as? Int
        #expect(wal == nil || wal == 0)
        return records.sorted { $0.path < $1.path }
    }

    @Test func aSoundLogPassesAndIsNotChanged() throws {
        let t = try TemporaryLog()
        let records = try Self.makeLog(t)
        let before = try Data(contentsOf: URL(fileURLWithPath: t.path))
        let verifier = try LogVerifier(path: t.path)
        #expect(verifier.integrityProblems().isEmpty)
        #expect(verifier.aggregates() == .matching)
        #expect(verifier.staleDates == 0)
        var batches: [[PhotoStamp]] = []
        try verifier.forEachPhotoStamp(batchSize: 128) { batches.append($0) }
        #expect(batches.map(\.count) == [128, 128, 44])
        let stamps = batches.flatMap { $0 }
        #expect(stamps.map(\.path) == records.map(\.path))
        #expect(stamps.map(\.size) == records.map(\.size))
        #expect(stamps.map(\.modifiedNs) == records.map(\.modifiedNs))
        #expect(stamps.map(\.fingerprint) == records.map(\.fingerprint))
        #expect(stamps.filter(\.isMissing).map(\.path) == ["/photos/0005.jpg"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: t.path)) == before)
    }

    /// Garbage over page 3 of a copy: the page size is read from the file's header (bytes 16
    /// and 17, big-endian; 1 means 65,536), as SQLite's file format defines it.
    @Test func garbageOverAPageIsFound() throws {
        let t = try TemporaryLog()
        _ = try Self.makeLog(t, count: 2_000)
        let handle = try #require(FileHandle(forUpdatingAtPath: t.path))
        let header = try #require(try handle.read(upToCount: 100))
        let stored = Int(header[16]) << 8 | Int(header[17])
        let pageSize = stored == 1 ? 65_536 : stored
        let size = try handle.seekToEnd()
        #expect(size >= UInt64(4 * pageSize))
        try handle.seek(toOffset: UInt64(2 * pageSize))
        var state: UInt32 = 12_345
        try handle.write(contentsOf: (0..<pageSize).map { _ -> UInt8 in
            state = state &* 1_103_515_245 &+ 12_345
            return UInt8(truncatingIfNeeded: state >> 16)
        })
        try handle.close()

        let verifier = try LogVerifier(path: t.path)
        let problems = verifier.integrityProblems()
        #expect(!problems.isEmpty)
        // SQLite names the page it could not read; the pages only it linked to are then unused.
        #expect(problems.first { $0.hasPrefix("Page 3:") } != nil, "\(problems)")
        #expect(problems.allSatisfy { $0.hasPrefix("Page ") && !$0.contains("\n") })
    }

    @Test func anOlderLogIsReadAsItIsWithoutItsAggregates() throws {
        let t = try TemporaryLog()
        let records = try Self.makeLog(t, count: 20)
        let older = TravelLog.migrations.count - 1
        try Database(path: t.path, mode: .readWrite).execute("PRAGMA user_version = \(older)")
        let verifier = try LogVerifier(path: t.path)
        #expect(verifier.schemaVersion == older)
        guard case .notCompared(let why) = verifier.aggregates() else {
            Issue.record("an older log's aggregates are not compared")
            return
        }
        #expect(why.contains("schema \(older)"))
        var stamps: [PhotoStamp] = []
        try verifier.forEachPhotoStamp { stamps += $0 }
        #expect(stamps.map(\.path) == records.map(\.path))
        #expect(verifier.integrityProblems().isEmpty)
        // Not migrated: verifying never writes.
        #expect(try Database(path: t.path, mode: .readOnly).prepare("PRAGMA user_version").scalarInt() == older)
    }

    @Test func whatCannotBeOpenedIsRefusedWithItsPath() throws {
        let t = try TemporaryLog()
        #expect(throws: TravelLogError.self) { try LogVerifier(path: t.path) }  // nothing there
        _ = try Self.makeLog(t, count: 3)
        try Database(path: t.path, mode: .readWrite).execute("PRAGMA user_version = 99")
        let newer = #expect(throws: TravelLogError.self) { try LogVerifier(path: t.path) }
        #expect("\(newer!)".contains("schema version 99"))
        let text = t.directory + "/notes.txt"
        try Data(String(repeating: "not a database ", count: 100).utf8).write(to: URL(fileURLWithPath: text))
        let notLog = #expect(throws: TravelLogError.self) { try LogVerifier(path: text) }
        #expect("\(notLog!)".hasPrefix(text + ": not a travel log"))
    }
}
