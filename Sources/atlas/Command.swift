import Foundation

/// One `atlas` subcommand: its name, its help text, and how it runs. Each lives in its own
/// file and only calls the libraries.
protocol Command {
    static var name: String { get }
    /// One line for `atlas --help`.
    static var summary: String { get }
    /// The full `--help` text.
    static var help: String { get }
    /// Runs with the words after the subcommand; returns the exit status.
    static func run(_ arguments: inout Arguments) throws -> ExitStatus
}

extension Command {
    /// The `Usage:` lines at the top of ``help``: what a usage error shows.
    static var usage: String {
        help.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .joined(separator: "\n")
    }
}

/// The exit statuses every command shares.
enum ExitStatus: Int32 {
    case success = 0
    case usage = 1
    case fatal = 2
    /// The work was done, but some inputs failed (listed on stderr).
    case partial = 3
    /// Stdout, stderr or the `--output` file could not be written (a full disk, a bad
    /// descriptor): one line on stderr says why, when stderr itself still works.
    case output = 4
    /// Stopped by Ctrl-C after committing what it had done (the shell's 128 + SIGINT).
    case interrupted = 130
}
