import Foundation
import Testing
import SQLite
import TravelLog

/// Reading commands while an import creates, migrates and fills the log, as people run them
/// (a second terminal, a cron job): each answers from the log as it was at some commit, or says
/// there is no log yet; none fails on a log between schema versions.
@Suite(.serialized) struct ReadersDuringImportTests {
    /// What a reader may answer while the first import runs.
    private static func isAcceptable(_ result: AtlasBinary.Result) -> Bool {
        result.status == 0 || (result.status == 2 && result.stderr.contains("no travel log here yet"))
    }

    @Test func readersDuringAFirstImportSeeNoLogOrAWholeOne() throws {
        let library = try Library()
        try library.write(400, heic: false)
        let importer = Process()
        importer.executableURL = URL(fileURLWithPath: AtlasBinary.path)
        importer.arguments = ["import", library.root, "--db", library.database, "--progress", "never", "--batch-size", "20"]
        importer.standardOutput = FileHandle.nullDevice
        importer.standardError = FileHandle.nullDevice
        try importer.run()
        var answers: [AtlasBinary.Result] = []
        while importer.isRunning || answers.count < 4 {
            for command in [["countries"], ["stats", "--json"], ["errors"]] {
                answers.append(try AtlasBinary.run(command + ["--db", library.database]))
            }
        }
        importer.waitUntilExit()
        #expect(importer.terminationStatus == 0)
        for answer in answers where !Self.isAcceptable(answer) {
            Issue.record("a reader during the import exited \(answer.status): \(answer.stderr)")
        }
        #expect(try TravelLog(path: library.database, readOnly: true).photoCount() == 400)
    }

    /// An older log that an import (here, this test under the import lock) is bringing up to
    /// date: `atlas countries` waits for it instead of failing.
    @Test func aReaderWaitsForAnImportUpgradingAnOlderLog() throws {
        let library = try Library()
        do {
            let db = try Database(path: library.database, mode: .readWrite)
            for migration in TravelLog.migrations.prefix(4) { try db.execute(migration) }
            try db.execute("PRAGMA user_version = 4")
        }
        let lock = try #require(try ImportLock(logPath: library.database))
        let reader = Process()
        reader.executableURL = URL(fileURLWithPath: AtlasBinary.path)
        reader.arguments = ["countries", "--db", library.database]
        let err = Pipe()
        reader.standardError = err
        reader.standardOutput = FileHandle.nullDevice
        try reader.run()
        Thread.sleep(forTimeInterval: 0.5)
        _ = try TravelLog(path: library.database)
        lock.release()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        reader.waitUntilExit()
        #expect(reader.terminationStatus == 0, "\(message)")
    }

    static let strace: String? = ["/usr/bin/strace", "/bin/strace"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// SIGKILL at each of an import's first syncs (its migrations' commit among them): readers
    /// then answer, without writing to the file, and the next import finishes the job.
    @Test(.enabled(if: strace != nil, "strace is not installed"))
    func anImportKilledAtEachOfItsFirstSyncsLeavesALogThatReads() throws {
        let library = try Library()
        try library.write(30, heic: false)
        for when in [1, 2, 3, 5, 11] {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: library.database + suffix) }
            let killed = try AtlasBinary.run(program: Self.strace!, ["-f", "-o", "/dev/null", "-e", "trace=fdatasync,fsync",
                "-e", "inject=fdatasync,fsync:signal=KILL:when=\(when)",
                AtlasBinary.path, "import", library.root, "--db", library.database, "--progress", "never", "--batch-size", "5"],
                environment: nil)
            #expect(killed.status != 0, "the import at sync \(when) was not killed")
            let reader = try AtlasBinary.run(["countries", "--db", library.database])
            #expect(Self.isAcceptable(reader), "after a kill at sync \(when): \(reader.status) \(reader.stderr)")
            let again = try AtlasBinary.run(["import", library.root, "--db", library.database, "--progress", "never"])
            #expect(again.status == 0, "after a kill at sync \(when): \(again.stderr)")
            #expect(try TravelLog(path: library.database, readOnly: true).photoCount() == 30)
        }
    }
}
