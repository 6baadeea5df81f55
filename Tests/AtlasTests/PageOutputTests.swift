import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Swift's Glibc module hides the pseudo-terminal calls (<stdlib.h> declares them only under
// _XOPEN_SOURCE); their C signatures are plain integers and a string.
@_silgen_name("posix_openpt") private func openTerminal(_ flags: Int32) -> Int32
@_silgen_name("grantpt") private func grantTerminal(_ fd: Int32) -> Int32
@_silgen_name("unlockpt") private func unlockTerminal(_ fd: Int32) -> Int32
@_silgen_name("ptsname") private func terminalName(_ fd: Int32) -> UnsafeMutablePointer<CChar>?

/// `atlas map` and `atlas report` write a file named for what it holds, and no page into a
/// terminal.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct PageOutputTests {
    @Test(arguments: [
        (["map", "--output", "x.png"], "atlas map: --output 'x.png': map writes HTML, so the file should end in .html or .htm, not .png"),
        (["map", "--format", "svg", "--output", "x.html"], "atlas map: --output 'x.html': map writes SVG, so the file should end in .svg, not .html"),
        (["map", "--format", "html", "--output", "x.svg"], "atlas map: --output 'x.svg': map writes HTML, so the file should end in .html or .htm, not .svg"),
        (["report", "--output", "r.svg"], "atlas report: --output 'r.svg': report writes HTML, so the file should end in .html or .htm, not .svg"),
    ])
    func anExtensionThatIsNotTheFormatIsRefused(_ words: [String], _ message: String) throws {
        let directory = SampleLog.temporaryDirectory()
        let result = try AtlasBinary.run(program: AtlasBinary.path, words + ["--db", SampleLog.database], environment: nil, directory: directory)
        #expect(result.status == 1 && result.stdout.isEmpty, "\(result.stderr)")
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test func namesThatFitAreWritten() throws {
        let directory = SampleLog.temporaryDirectory()
        for words in [["map", "--output", "m.HTM"], ["map", "--output", "m.svg"], ["map", "--output", "plain"], ["report", "--output", "r.html"]] {
            let result = try AtlasBinary.run(program: AtlasBinary.path, words + ["--db", SampleLog.database], environment: nil, directory: directory)
            #expect(result.status == 0, "\(words): \(result.stderr)")
        }
        #expect(try Set(FileManager.default.contentsOfDirectory(atPath: directory)) == ["m.HTM", "m.svg", "plain", "r.html"])
    }

    /// stdout a terminal (a pseudo-terminal here): a usage error that says to use --output,
    /// and nothing printed; `--output -` prints anyway.
    @Test(arguments: [["map"], ["report"], ["map", "--format", "svg"]])
    func aTerminalGetsAdviceNotAPage(_ words: [String]) throws {
        let (status, stdout, stderr) = try Self.runOnTerminal(words + ["--db", SampleLog.database])
        #expect(status == 1 && stdout.isEmpty, "\(stdout.prefix(200))")
        #expect(stderr.hasPrefix("atlas \(words[0]): \(words[0]) writes a whole \(words.contains("svg") ? "SVG" : "HTML") page, not text for a terminal: give --output FILE."),
                "\(stderr)")
        let forced = try Self.runOnTerminal(words + ["--output", "-", "--db", SampleLog.database])
        #expect(forced.status == 0 && forced.stdout.contains("<svg"), "\(forced.stderr)")
    }

    /// Runs atlas with stdout on a new pseudo-terminal; what it wrote there and to stderr.
    static func runOnTerminal(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let master = openTerminal(O_RDWR | O_NOCTTY)
        try #require(master >= 0 && grantTerminal(master) == 0 && unlockTerminal(master) == 0)
        defer { close(master) }
        let name = try #require(terminalName(master))
        let slave = open(String(cString: name), O_RDWR | O_NOCTTY)
        try #require(slave >= 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: AtlasBinary.path)
        process.arguments = arguments
        process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        let err = Pipe()
        process.standardError = err
        // Read the terminal while the program writes, so a large page cannot fill it and block.
        nonisolated(unsafe) var output: [UInt8] = []
        let reader = Thread {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(master, &buffer, buffer.count)
                if n <= 0 { break }
                output += buffer[..<n]
            }
        }
        try process.run()
        reader.start()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        close(slave)
        while !reader.isFinished { usleep(10_000) }
        return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }
}
