import Foundation

/// Figures that need a fresh process each time (a cold open, a load): the benchmark starts
/// itself again with a flag, and the child measures once and prints its numbers on one line.
///
/// ```swift
/// if CommandLine.arguments.contains("--load-once") { print(milliseconds); exit(0) }
/// let loads = try FreshProcess.figures(flag: "--load-once", count: 1, runs: 7).map { $0[0] }
/// ```
public enum FreshProcess {
    /// The `count` numbers each of `runs` children printed, child by child. A child that
    /// prints anything else stops the benchmark: a figure missing is no figure of zero.
    public static func figures(flag: String, count: Int, runs: Int) throws -> [[Double]] {
        try (0..<runs).map { _ in
            let child = Process()
            child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            child.arguments = [flag]
            let pipe = Pipe()
            child.standardOutput = pipe
            try child.run()
            child.waitUntilExit()
            let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            let numbers = text.split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            guard numbers.count == count else { fatalError("\(flag) run printed '\(text)', not \(count) numbers") }
            return numbers
        }
    }
}

/// The middle value (the upper of the two middle ones for an even count).
public func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
