import Foundation

/// A program on `PATH` that some tests compare with or make fixtures with (ffmpeg, exiftool);
/// those tests are skipped, and say so, where it is not installed.
enum ExternalTool {
    static func path(_ name: String) -> String? {
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return directories.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let ffmpeg = path("ffmpeg")
    static let exiftool = path("exiftool")

    /// Runs `tool` and returns its standard output; throws when it exits with a failure.
    static func run(_ tool: String, _ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(tool: tool, status: process.terminationStatus) }
        return data
    }

    struct Failure: Error { let tool: String, status: Int32 }
}
