import Foundation

/// One `atlas` subcommand: its ``declaration`` (name, summary, forms, options, exit statuses)
/// and how it runs. Its help, the usage a usage error shows, its man page section and its
/// completions all come from the declaration, and its words are parsed against the options it
/// declares (``Arguments/init(_:declaration:)``). Each lives in its own file and only calls the
/// libraries.
///
/// ```swift
/// enum ErrorsCommand: Command {
///     static let declaration = CommandDeclaration(name: "errors", …)
///     static func run(_ arguments: inout Arguments) throws -> ExitStatus { … }
/// }
/// ```
protocol Command {
    static var declaration: CommandDeclaration { get }
    /// Runs with the words after the subcommand; returns the exit status.
    static func run(_ arguments: inout Arguments) throws -> ExitStatus
    /// Whether the command reads the passport, answers and exits: the heap then keeps what is
    /// freed, in huge pages, until exit (`LoadingHeap.keepForTheRun()`). Not for imports and
    /// streams, whose runs are long: a million-photo import so kept peaked at 366 MB, not 259.
    static var answersAndExits: Bool { get }
}

extension Command {
    static var answersAndExits: Bool { false }
    static var name: String { declaration.name }
    /// One line for `atlas --help`.
    static var summary: String { declaration.summary }
    /// The full `--help` text.
    static var help: String { declaration.help }
    /// The `Usage:` lines: what a usage error shows.
    static var usage: String { declaration.usage }
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
