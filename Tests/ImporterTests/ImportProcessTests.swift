import Foundation
import PhotoMetadata
import SQLite
import Testing
import TravelLog
@testable import Importer
#if canImport(Glibc)
import Glibc
#endif

/// The built `atlas` binary as people run it: exit statuses, SIGKILL at random moments, two
/// imports at once. The binary is found beside the test bundle (see ``AtlasBinary``), which
/// `swift test` builds with every other product.
@Suite(.serialized) struct ImportProcessTests {
    @Test func exitStatuses() throws {
        let library = try Library()
        try library.write(6)
        let ok = try AtlasBinary.run(["import", library.root, "--db", library.database, "--json", "--progress", "never"])
        #expect(ok.status == 0, "\(ok.stderr)")
        #expect(ok.stdout.contains("\"added\":6"))
        #expect(ok.stdout.contains("\"new_countries\":[{"))
        // No errors is a message, not data: stdout stays empty for a pipe.
        let none = try AtlasBinary.run(["errors", "--db", library.database])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.contains("No file errors"))

        try library.writeFile("broken.jpg", [0xFF, 0xD8, 0xFF, 0xE1, 0x10])
        let partial = try AtlasBinary.run(["import", library.root, "--db", library.database, "--progress", "never"])
        #expect(partial.status == 3)
        #expect(partial.stdout.contains("truncated"))
        #expect(partial.stderr.contains("1 file or folder could not be read for the first time; 'atlas errors' lists it"), "\(partial.stderr)")
        // Nothing new since: status 0, the old error counted on stderr (a cron job stays green).
        let again = try AtlasBinary.run(["import", library.root, "--db", library.database, "--progress", "never"])
        #expect(again.status == 0 && again.stderr.contains("1 file in the log cannot be read"), "\(again.stderr)")
        let errors = try AtlasBinary.run(["errors", "--db", library.database, "--json"])
        #expect(errors.status == 0 && errors.stdout.contains("broken.jpg") && errors.stdout.contains("\"kind\":\"truncated\""))

        #expect(try AtlasBinary.run(["import", "--db", library.database]).status == 1)
        #expect(try AtlasBinary.run(["import", library.root + "/nope", "--db", library.database]).status == 1)
        #expect(try AtlasBinary.run(["import", library.root, "--jobs", "0", "--db", library.database]).status == 1)
        #expect(try AtlasBinary.run(["import", library.root, "--batch-size", "0", "--db", library.database]).status == 1)
        #expect(try AtlasBinary.run(["import", library.root, "--db", library.database, "--gazetteer", "/nonexistent.sqlite"]).status == 2)
        #expect(try AtlasBinary.run(["import", library.root, "--db", "/proc/nope/atlas.sqlite"]).status == 2)
        #expect(try AtlasBinary.run(["import", "--help"]).status == 0)

        let set = try AtlasBinary.run(["set-place", LibraryWalker.canonical(library.root)! + "/IMG_00000.jpg", "country:JP", "--db", library.database])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try AtlasBinary.run(["set-place", "/no/such.jpg", "country:JP", "--db", library.database]).status == 1)
        let reresolve = try AtlasBinary.run(["reresolve", "--db", library.database, "--json"])
        #expect(reresolve.status == 0 && reresolve.stdout.contains("\"examined\":6"))
    }

    @Test func sigkillAtRandomMomentsLosesNothingAndDuplicatesNothing() throws {
        let library = try Library()
        let count = 2500
        for folder in 0..<5 { try library.write(count / 5, in: "roll\(folder)", startingAt: folder * (count / 5), heic: false) }
        var generator = SystemRandomNumberGenerator()
        var kills: [Int] = []
        // Kill points: once before anything is committed, then at random photo counts while
        // batches are being written (watched through a reader connection, as WAL allows).
        let targets = [0] + (0..<4).map { _ in Int.random(in: 1..<count - 500, using: &generator) }.sorted()
        for target in targets {
            let process = try AtlasBinary.launch(["import", library.root, "--db", library.database, "--jobs", "1", "--progress", "never", "--batch-size", "500"])
            if target == 0 {
                usleep(UInt32.random(in: 50_000...400_000, using: &generator))
            } else {
                let deadline = Date().addingTimeInterval(30)
                while process.isRunning, Date() < deadline, (try? Self.photoCount(library.database)) ?? 0 < target { usleep(2_000) }
            }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                kills.append((try? Self.photoCount(library.database)) ?? 0)
            }
            process.waitUntilExit()
            #expect(try TravelLog(path: library.database).integrityCheck() == ["ok"])
        }
        let final = try AtlasBinary.run(["import", library.root, "--db", library.database, "--json", "--progress", "never"])
        #expect(final.status == 0, "\(final.stderr)")
        let log = try TravelLog(path: library.database)
        #expect(try log.photoCount() == count)
        #expect(try log.database.prepare("SELECT count(DISTINCT path) FROM photos").scalarInt() == count)
        #expect(try log.integrityCheck() == ["ok"])
        #expect(try log.runs().last?.status == .done)
        // Every killed run is known for what it is.
        #expect(try log.runs().filter { $0.status == .running }.isEmpty)
        #expect(kills.count >= 3, "the import finished before it could be killed: \(kills)")
        print("crash test: SIGKILL with \(kills) photos committed")
    }

    @Test func ctrlCStopsAfterABatchAndSaysHowToResume() throws {
        // Enough files that the signal, sent once the first batch is in, comes well before the
        // last: the resolver loads from the start, and 1,500 were sometimes all read by then.
        let files = 4000
        let library = try Library()
        try library.write(files, heic: false)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: AtlasBinary.path)
        process.arguments = ["import", library.root, "--db", library.database, "--jobs", "1", "--progress", "never", "--batch-size", "500"]
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline, (try? Self.photoCount(library.database)) ?? 0 == 0 { usleep(2_000) }
        kill(process.processIdentifier, SIGINT)
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let committed = try Self.photoCount(library.database)
        #expect(process.terminationStatus == 130, "\(message)")
        #expect(message.contains("interrupted") && message.contains("atlas import"))
        #expect(committed > 0 && committed < files)
        let log = try TravelLog(path: library.database)
        #expect(try log.runs().last?.status == .interrupted)
        let rest = try AtlasBinary.run(["import", library.root, "--db", library.database, "--json", "--progress", "never"])
        #expect(rest.status == 0 && rest.stdout.contains("\"unchanged\":\(committed)"))
        #expect(try log.photoCount() == files)
    }

    static func photoCount(_ path: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        return try TravelLog(path: path, readOnly: true).photoCount()
    }

    @Test func twoImportsAtOnceNeverCorruptTheLog() throws {
        let library = try Library()
        try library.write(600, heic: false)
        let a = Process(), b = Process()
        var outputs: [Pipe] = []
        for p in [a, b] {
            p.executableURL = URL(fileURLWithPath: AtlasBinary.path)
            p.arguments = ["import", library.root, "--db", library.database, "--progress", "never"]
            let err = Pipe()
            p.standardError = err
            p.standardOutput = FileHandle.nullDevice
            outputs.append(err)
            try p.run()
        }
        let messages = outputs.map { String(decoding: $0.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self) }
        a.waitUntilExit()
        b.waitUntilExit()
        let statuses = [a.terminationStatus, b.terminationStatus]
        // One imports; the other imports too (it came second) or says the log is in use.
        #expect(statuses.contains(0))
        for (status, message) in zip(statuses, messages) where status != 0 {
            #expect(status == 2 && message.contains("in use"), "\(message)")
        }
        let log = try TravelLog(path: library.database)
        #expect(try log.photoCount() == 600)
        #expect(try log.integrityCheck() == ["ok"])
    }

    @Test func aHeldLogIsLeftAloneAtOnce() throws {
        let library = try Library()
        try library.write(3, heic: false)
        // Another import holds the lock: the second says so at once and writes nothing, not even
        // the log's migrations.
        let lock = try #require(try ImportLock(logPath: library.database))
        defer { lock.release() }
        let started = Date()
        let second = try AtlasBinary.run(["import", library.root, "--db", library.database, "--progress", "never"])
        #expect(second.status == 2 && second.stderr.contains("in use"), "\(second.stderr)")
        #expect(Date().timeIntervalSince(started) < TimeInterval(TravelLog.busyTimeoutMilliseconds) / 2_000)
        #expect(!FileManager.default.fileExists(atPath: library.database))
    }

    @Test func theGazetteerOrAnyOtherFileIsNeverALog() throws {
        let library = try Library()
        try library.write(2, heic: false)
        let other = library.root + "-other.sqlite"
        let db = try SQLite.Database(path: other, mode: .readWrite)
        try db.execute("CREATE TABLE city_points(part, data); CREATE TABLE boundaries(id)")
        let before = try Data(contentsOf: URL(fileURLWithPath: other))
        for command in [["import", library.root], ["reresolve"], ["mark", "country:IS"], ["countries"]] {
            let run = try AtlasBinary.run(command + ["--db", other])
            #expect(run.status == 2 && run.stderr.contains("not a travel log"), "\(command): \(run.stderr)")
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: other)) == before)
        for suffix in ["-wal", "-shm", ".lock"] { #expect(!FileManager.default.fileExists(atPath: other + suffix), "\(suffix)") }
    }

    /// The whole case at once: a file that kills the reader, a name that is not UTF-8
    /// (and, for an ordinary user, an unreadable folder; root reads every folder) among good
    /// photos; a path over PATH_MAX is `WalkSkipTests`'. The first run dies on the bad file; the next one probes it in a process of its own,
    /// records it as crashed, and imports every good photo; `atlas errors` lists every bad one.
    @Test func aFileThatKillsTheReaderIsRecordedAndEverythingElseImported() throws {
        let library = try Library()
        try library.write(4, heic: false)
        try Data(try Library.photo(9).jpeg()).write(to: URL(fileURLWithPath: library.root + "/poison.jpg"))
        let odd = library.root + "/" + FileName.string(Array("IMG_".utf8) + [0xE9] + Array(".jpg".utf8))
        let bytes = try Library.photo(11).jpeg()
        let fd = FileName.withCString(odd) { open($0, O_WRONLY | O_CREAT, 0o644) }
        #expect(fd >= 0 && bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count)
        close(fd)
        let unreadable = getuid() != 0
        if unreadable {
            try library.write(2, in: "locked", startingAt: 20, heic: false)
            chmod(library.root + "/locked", 0)
        }
        defer { if unreadable { chmod(library.root + "/locked", 0o755) } }
        let poison = ["ATLAS_CRASH_FOR_TESTING": "poison.jpg"]
        let arguments = ["import", library.root, "--db", library.database, "--jobs", "1", "--progress", "never"]

        let died = try AtlasBinary.run(arguments, environment: poison)
        #expect(died.killedBySignal, "\(died.status) \(died.stderr)")
        let next = try AtlasBinary.run(arguments + ["--json"], environment: poison)
        #expect(next.status == 3, "\(next.stderr)")
        let errors = try AtlasBinary.run(["errors", "--db", library.database, "--json"])
        #expect(errors.stdout.contains("poison.jpg") && errors.stdout.contains("\"kind\":\"crashed\""), "\(errors.stdout)")
        if unreadable { #expect(errors.stdout.contains("locked") && errors.stdout.contains("\"kind\":\"unreadable\"")) }
        let log = try TravelLog(path: library.database, readOnly: true)
        #expect(try log.totals().positioned == 5)          // the four photos and the one named in Latin-1
        // The crashed file is passed over from now on, even with the reader mended.
        let third = try AtlasBinary.run(arguments)
        #expect(third.status == 0 && !third.killedBySignal && third.stderr.contains("cannot be read; 'atlas errors' lists"), "\(third.stderr)")
        #expect(!FileManager.default.fileExists(atPath: library.database + ".reading"))
    }
}
