import Foundation
import Testing
#if canImport(Glibc)
import Glibc
import ScratchSpace
#endif

/// What `atlas` does when its output cannot be written, and where `export --output` may write:
/// the binary as people run it (``CommandTests/binary``).
@Suite(.serialized) struct CommandOutputTests {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// `atlas ARGS` with stdout on `stdout` (a pipe, captured, when nil); stderr captured.
    func atlas(_ arguments: [String], stdout: FileHandle? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandTests.binary)
        process.arguments = arguments
        let out = Pipe(), err = Pipe()
        process.standardOutput = stdout ?? out
        process.standardError = err
        try process.run()
        if stdout != nil { try out.fileHandleForWriting.close() }
        let outData = stdout == nil ? out.fileHandleForReading.readDataToEndOfFile() : Data()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self))
    }

    func temporaryDirectory() throws -> String {
        let dir = Scratch.root.appendingPathComponent("atlas-out-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Exit status 4 and one plain line on stderr, for commands that wrote with `FileHandle`
    /// (trapped: 132) and with `print` (lost the output, exited 0).
    @Test(arguments: [["export"], ["countries"], ["countries", "--json"], ["stats"], ["errors"]])
    func stdoutOnAFullDeviceIsAnOutputError(_ command: [String]) throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? full.close() }
        let db = PassportTests.itinerary.database
        // `errors` has nothing to list here: a full stdout it never writes to is no error.
        let result = try atlas(command + ["--db", db], stdout: full)
        if command == ["errors"] {
            #expect(result.status == 0, "\(result.stderr)")
            return
        }
        #expect(result.status == 4, "\(command): \(result.stderr)")
        #expect(result.stderr == "atlas \(command[0]): cannot write to stdout: No space left on device\n")
        #expect(!result.stderr.contains("NSCocoaErrorDomain"))
    }

    @Test func searchWithStdoutOnAFullDevice() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        defer { try? full.close() }
        let result = try atlas(["search", "kyoto"], stdout: full)
        #expect(result.status == 4)
        #expect(result.stderr == "atlas search: cannot write to stdout: No space left on device\n")
    }

    /// When stderr fails too, the status says it alone.
    @Test func stderrOnAFullDeviceExitsQuietlyWithTheOutputStatus() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandTests.binary)
        process.arguments = ["search", "no-such-place-anywhere-qqq"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 4)
    }

    /// A query echoed in a message cannot send escape sequences to the terminal.
    @Test func controlCharactersInAnEchoedQueryAreEscaped() throws {
        let result = try atlas(["search", "zz\u{1B}]0;owned\u{07}qq"])
        #expect(result.status == 0)
        #expect(result.stderr.contains(#"'zz\x1b]0;owned\x07qq'"#), "\(result.stderr)")
        #expect(!result.stderr.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
    }

    @Test func exportRefusesATargetThatIsNotARegularFile() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = PassportTests.itinerary.database
        let fifo = dir + "/fifo", link = dir + "/link", real = dir + "/real.json"
        #expect(mkfifo(fifo, 0o600) == 0)
        try Data("old".utf8).write(to: URL(fileURLWithPath: real))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
        for (target, what) in [(fifo, "a FIFO"), ("/dev/null", "a character device"), (link, "a symbolic link"), (dir, "a directory")] {
            let result = try atlas(["export", "--db", db, "--output", target])
            #expect(result.status == 1, "\(target)")
            #expect(result.stderr.hasPrefix("atlas export: --output '\(target)' is \(what), not a regular file"), "\(result.stderr)")
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(lstat(link, &info) == 0 && info.st_mode & S_IFMT == S_IFLNK)
        #expect(FileManager.default.contents(atPath: real) == Data("old".utf8))
    }

    @Test func exportWritesStdoutForADashAndReplacesARegularFileWhole() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = PassportTests.itinerary.database
        let dash = try atlas(["export", "--db", db, "--output", "-"])
        #expect(dash.status == 0 && dash.stdout.hasPrefix("{") && dash.stdout.hasSuffix("}\n"))
        #expect(!FileManager.default.fileExists(atPath: "-"))
        let file = dir + "/record.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        #expect(chmod(file, 0o640) == 0)
        #expect(try atlas(["export", "--db", db, "--output", file]).status == 0)
        #expect(FileManager.default.contents(atPath: file) == Data(dash.stdout.utf8))
        var info = stat()
        #expect(stat(file, &info) == 0 && info.st_mode & 0o777 == 0o640)
        // Nothing left beside it, and a directory that is not there is a plain reason, status 4.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["record.json"])
        let missing = try atlas(["export", "--db", db, "--output", dir + "/no/such/dir/x.json"])
        #expect(missing.status == 4)
        #expect(missing.stderr.contains("No such file or directory") && !missing.stderr.contains("NSCocoaErrorDomain"), "\(missing.stderr)")
    }
}
