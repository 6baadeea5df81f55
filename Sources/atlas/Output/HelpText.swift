/// A command's help in parts — usage lines, paragraphs, options, exit statuses — taken from its
/// ``CommandDeclaration``, never read back from prose: what the man page (``ManPage``) and the
/// shell completions (``Completions``) are written from.
///
/// ```swift
/// let help = HelpText.of(CountriesCommand.self)
/// help.usage.first       // "atlas countries [--year YYYY] [--continent PLACE] …"
/// help.optionNames       // ["--year", "--continent", "--sort", …, "--help"]
/// ```
struct HelpText {
    struct Option: Equatable {
        /// `--json`.
        var names: [String]
        /// `PATH`, `N`, `year|month`; nil for a flag.
        var argument: String?
        var description: String
        /// The fixed values it takes (`auto`, `always`, `never`).
        var choices: [String]
        /// True when its value names a file or folder, for the shells to complete paths.
        var takesPath: Bool
        /// True when the option may be given several times.
        var isRepeatable: Bool

        var takesValue: Bool { argument != nil }
    }

    /// The usage lines, each with its continuation lines joined: `atlas resolve LAT LON [--json]`.
    var usage: [String] = []
    /// The paragraphs of what the command does, each joined into one line.
    var paragraphs: [String] = []
    var options: [Option] = []
    /// The text after `Exit status:`.
    var exitStatus: String?

    init(_ declaration: CommandDeclaration) {
        usage = declaration.usageLines.map { line in
            line.hasPrefix("Usage:") ? String(line.dropFirst("Usage:".count)).trimmingSpaces : line.trimmingSpaces
        }
        // A wrapped usage line continues the line before it.
        usage = usage.reduce(into: []) { lines, line in
            if line.hasPrefix("atlas") || lines.isEmpty { lines.append(line) } else { lines[lines.count - 1] += " " + line }
        }
        paragraphs = Self.blocks(declaration.about).map { $0.map(\.trimmingSpaces).joined(separator: " ") }
        options = (declaration.options + [CommandDeclaration.helpOption]).map { option in
            Option(names: [option.name], argument: option.placeholder, description: option.help, choices: option.choices,
                   takesPath: option.completion == .path, isRepeatable: option.repeatable)
        }
        exitStatus = declaration.exitStatus
    }

    /// What to build the man page and the completions of `command` from: its declaration.
    static func of(_ command: any Command.Type) -> HelpText { HelpText(command.declaration) }

    /// Every option name, in the order the help gives them.
    var optionNames: [String] { options.flatMap(\.names) }

    /// Runs of non-blank lines.
    private static func blocks(_ text: String) -> [[String]] {
        var out: [[String]] = [[]]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.trimmingSpaces.isEmpty {
                if !(out.last?.isEmpty ?? true) { out.append([]) }
            } else {
                out[out.count - 1].append(line)
            }
        }
        return out.filter { !$0.isEmpty }
    }
}

extension StringProtocol {
    /// Without the spaces at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
