import Foundation

/// The `atlas` executable built beside the test bundle (`swift build` puts every product of
/// the package in the same directory: `.build/<triple>/debug/`), and a way to run it: shared
/// by the test targets that run the program as people do.
public enum AtlasBinary {
    public static var path: String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        // On Linux the bundle is `TravelAtlasPackageTests.xctest`, a file in the build directory;
        // on macOS a directory whose executable lies in Contents/MacOS.
        while !directory.path.isEmpty, directory.path != "/" {
            let candidate = directory.appendingPathComponent("atlas").path
            if FileManager.default.isExecutableFile(atPath: candidate), !candidate.hasSuffix(".xctest") { return candidate }
            directory.deleteLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath + "/.build/debug/atlas"
    }

    public struct Result: Sendable {
        public let status: Int32
        public let stdout: String
        public let stderr: String
        public var killedBySignal = false
    }

    public static func launch(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs atlas with `arguments`; `environment` adds to (or, with "", removes from) the
    /// test's own. A process killed by a signal has `killedBySignal` set.
    public static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try run(program: path, arguments,
                environment: environment.isEmpty ? nil
                    : ProcessInfo.processInfo.environment.merging(environment) { $1 }.filter { !$0.value.isEmpty })
    }

    /// Runs `program` with `arguments` and exactly `environment` (nil: the test's own), from
    /// `directory` (nil: the test's own).
    public static func run(program: String, _ arguments: [String], environment: [String: String]?, directory: String? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.environment = environment
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                      stderr: String(decoding: errData, as: UTF8.self), killedBySignal: process.terminationReason == .uncaughtSignal)
    }
}
