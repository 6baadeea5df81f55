import Foundation
import Testing
@testable import SQLite
import ScratchSpace

@Suite struct DatabaseTests {
    private func temporaryPath() -> String {
        Scratch.root.appendingPathComponent("sqlite-test-\(UUID().uuidString).sqlite").path
    }

    @Test func bindsAndReadsEveryType() throws {
        let db = try Database(path: temporaryPath(), mode: .readWrite)
        try db.execute("CREATE TABLE t(i INTEGER, r REAL, s TEXT, b BLOB, n INTEGER)")
        try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?)").bind(42, 2.5, "Zürich", [UInt8]([1, 2, 3]), nil).run()
        let s = try db.prepare("SELECT i, r, s, b, n FROM t")
        #expect(try s.step())
        #expect(s.int(0) == 42 && s.double(1) == 2.5 && s.string(2) == "Zürich" && s.blob(3) == [1, 2, 3])
        #expect(s.optionalInt(4) == nil && s.isNull(4))
        #expect(try !s.step())
    }

    @Test func memoryMappedReadsSeeTheSameBlobsAndTheMappingEnds() throws {
        let path = temporaryPath()
        let writer = try Database(path: path, mode: .readWrite)
        try writer.execute("CREATE TABLE t(k INTEGER PRIMARY KEY, b BLOB)")
        let big = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }   // spans many overflow pages
        try writer.prepare("INSERT INTO t VALUES (1, ?)").bind(big).run()
        let db = try Database(path: path, mode: .readOnlyImmutable)   // as the gazetteer is opened
        let read = try db.withMemoryMap {
            #expect(try db.prepare("PRAGMA mmap_size").scalarInt() ?? 0 > 0)
            let s = try db.prepare("SELECT b FROM t")
            _ = try s.step()
            return s.blob(0)
        }
        #expect(read == big)
        #expect(try db.prepare("PRAGMA mmap_size").scalarInt() == 0)
    }

    @Test func typedSettersBindEachTypeAndClearToNull() throws {
        let db = try Database(path: temporaryPath(), mode: .readWrite)
        try db.execute("CREATE TABLE t(i INTEGER, r REAL, s TEXT, e TEXT, b INTEGER, n TEXT)")
        let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?, ?, ?, ?)")
        insert.clearBindings()
        try insert.set(Int64(-7), at: 1); try insert.set(0.25, at: 2); try insert.set("Zürich 🏔", at: 3)
        try insert.set("", at: 4); try insert.set(true, at: 5); try insert.set(nil as String?, at: 6)
        try insert.run()
        insert.clearBindings()  // everything NULL again
        try insert.set(1, at: 1)
        try insert.run()
        let s = try db.prepare("SELECT i, r, s, e, b, n, typeof(e) FROM t ORDER BY rowid")
        #expect(try s.step())
        #expect(s.int(0) == -7 && s.double(1) == 0.25 && s.string(2) == "Zürich 🏔" && s.int(4) == 1)
        #expect(s.string(3) == "" && s.string(6) == "text")  // an empty string is no NULL
        #expect(s.isNull(5))
        #expect(try s.step())
        #expect(s.int(0) == 1 && s.isNull(1) && s.isNull(2) && s.isNull(3) && s.isNull(4))
    }

    @Test func boundTextStaysIntactUntilTheNextClearWhateverItsSize() throws {
        let db = try Database(path: temporaryPath(), mode: .readWrite)
        try db.execute("CREATE TABLE t(a TEXT, b TEXT, c TEXT)")
        let insert = try db.prepare("INSERT INTO t VALUES (?, ?, ?)")
        // Rows of growing text: the first ones outgrow the statement's buffer (and are copied
        // by SQLite), later ones fit after it grew; small strings live inline in Swift.
        var expected: [[String]] = []
        for i in 0..<40 {
            let row = ["r\(i)", String(repeating: "é", count: i * 97), "row \(i) — \(String(repeating: "x", count: 5_000 - i * 100))"]
            insert.clearBindings()
            for (k, text) in row.enumerated() { try insert.set(text, at: Int32(k + 1)) }
            try insert.run()
            // Run again without clearing: the bindings (and so the buffer) still hold.
            if i % 10 == 0 { try insert.run(); expected.append(row) }
            expected.append(row)
        }
        let s = try db.prepare("SELECT a, b, c FROM t ORDER BY rowid")
        var read: [[String]] = []
        while try s.step() { read.append([s.string(0) ?? "", s.string(1) ?? "", s.string(2) ?? ""]) }
        #expect(read.count == expected.count)
        let wrong = zip(read, expected).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(wrong.isEmpty, "rows read back wrong: \(wrong)")
    }

    @Test func aThrowingTransactionLeavesNothingBehind() throws {
        let db = try Database(path: temporaryPath(), mode: .readWrite)
        try db.execute("CREATE TABLE t(x INTEGER)")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try db.transaction {
                try db.prepare("INSERT INTO t VALUES (1)").run()
                throw Stop()
            }
        }
        #expect(try db.prepare("SELECT count(*) FROM t").scalarInt() == 0)
        try db.transaction { try db.prepare("INSERT INTO t VALUES (1)").run() }
        #expect(try db.prepare("SELECT count(*) FROM t").scalarInt() == 1)
    }

    @Test func errorsNameTheFile() throws {
        let path = temporaryPath()
        let db = try Database(path: path, mode: .readWrite)
        do {
            try db.execute("SELECT * FROM missing")
            Issue.record("no error")
        } catch let error as SQLiteError {
            #expect(error.path == path)
            #expect(error.message.contains("missing"))
        }
        #expect(throws: SQLiteError.self) { try Database(path: "/nonexistent/dir/x.sqlite", mode: .readOnly) }
    }

    @Test func immutableReadOnlyRefusesWrites() throws {
        let path = temporaryPath()
        try Database(path: path, mode: .readWrite).execute("CREATE TABLE t(x)")
        let ro = try Database(path: path, mode: .readOnlyImmutable)
        #expect(throws: SQLiteError.self) { try ro.execute("INSERT INTO t VALUES (1)") }
        #expect(try ro.prepare("SELECT count(*) FROM t").scalarInt() == 0)
    }

    @Test func pathsWithURICharactersOpen() throws {
        let dir = Scratch.root.appendingPathComponent("a?b#c%d-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let db = try Database(path: dir.appendingPathComponent("x.sqlite").path, mode: .readWrite)
        try db.execute("CREATE TABLE t(x)")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("x.sqlite").path))
    }

    /// SQLITE_FULL, and an I/O error whose cause was ENOSPC (the shared-memory file could not
    /// grow: SQLITE_IOERR_SHMSIZE, 4874), both say that the disk is full and name the file.
    @Test func everyKindOfFullDiskSaysSo() {
        let full = SQLiteError(code: 13, message: "database or disk is full", path: "/data/atlas.sqlite")
        let shm = SQLiteError(code: 4874, message: "disk I/O error", path: "/data/atlas.sqlite", systemErrno: ENOSPC)
        let quota = SQLiteError(code: 778, message: "disk I/O error", path: "/data/atlas.sqlite", systemErrno: EDQUOT)
        for error in [full, shm, quota] {
            #expect(error.diskIsFull && error.description.hasPrefix("/data/atlas.sqlite: the disk is full"), "\(error)")
        }
        let other = SQLiteError(code: 4874, message: "disk I/O error", path: "/data/atlas.sqlite", systemErrno: EIO)
        #expect(!other.diskIsFull && other.description.contains("disk I/O error"))
    }
}
