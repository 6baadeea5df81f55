/// A command's `--help` text taken apart into usage lines, paragraphs, options and the exit
/// statuses. The man page (``ManPage``) and the shell completions (``Completions``) are built
/// from it, so neither can say anything the help does not: a new option appears in both as
/// soon as its help line exists.
///
/// The shape it reads is the one every command's help has:
///
/// ```text
/// Usage: atlas import DIR... [--db PATH] [--jobs N]
///                            [--json]
///
/// Walks the folders, ...
///
/// Options:
///   --db PATH         The travel log (also ATLAS_DB; ...).
///   --follow-symlinks Follow symbolic links (each folder is entered once; ...).
///   --json            Print the summary as one JSON object.
///
/// Exit status: 0 done, 1 usage error, ...
/// ```
///
/// An option line starts with `-`; the lines below it that are indented further continue its
/// description. The word after the option's name is its argument when it is written like one
/// (`PATH`, `YYYY-MM-DD`, `year|month`, `[FILE|-]`) or when two spaces separate it from the
/// description.
struct HelpText {
    struct Option: Equatable {
        /// `--json`, or every spelling given on the line (`-h, --help`).
        var names: [String]
        /// `PATH`, `N`, `year|month`, `[FILE|-]`; nil for a flag.
        var argument: String?
        var description: String
        /// The fixed values it takes, from its argument or the usage (`--progress auto|always|never`).
        var choices: [String]
        /// Declared: whether its value is a path, and whether it may be given several times.
        var path: Bool? = nil
        var repeatable: Bool? = nil

        /// True when its value names a file or folder, for the shells to complete paths.
        var takesPath: Bool {
            if let path { return path }
            guard let argument else { return false }
            return ["PATH", "FILE", "DIR"].contains { argument.contains($0) }
        }
        /// True when the option may be given several times.
        var isRepeatable: Bool { repeatable ?? description.contains("repeatable") }
        var takesValue: Bool { argument != nil }
    }

    /// The usage lines, each with its continuation lines joined: `atlas resolve LAT LON [--json]`.
    var usage: [String] = []
    /// The paragraphs between the usage and the options, each joined into one line.
    var paragraphs: [String] = []
    var options: [Option] = []
    /// The text after `Exit status:`, joined into one line.
    var exitStatus: String?

    init(_ text: String) {
        let blocks = Self.blocks(text)
        for block in blocks {
            guard let first = block.first else { continue }
            if first.hasPrefix("Usage:") {
                for line in block {
                    let body = line.hasPrefix("Usage:") ? String(line.dropFirst("Usage:".count)) : line
                    let trimmed = body.trimmingSpaces
                    if trimmed.hasPrefix("atlas") || usage.isEmpty { usage.append(trimmed) } else { usage[usage.count - 1] += " " + trimmed }
                }
            } else if first.trimmingSpaces == "Options:" || first.trimmingSpaces == "Commands:" {
                if first.trimmingSpaces == "Options:" { options += Self.options(block.dropFirst()) }
            } else if first.hasPrefix("Exit status:") {
                exitStatus = block.map(\.trimmingSpaces).joined(separator: " ").dropFirst("Exit status:".count).trimmingSpaces
            } else {
                paragraphs.append(block.map(\.trimmingSpaces).joined(separator: " "))
            }
        }
        // Fixed values written in the usage (`[--count un|iso|all]`) for options whose help
        // line names a placeholder (`--count SCHEME`).
        let words = usage.joined(separator: " ").split(separator: " ").map { String($0).trimming("[]") }
        for (i, word) in words.enumerated() where i + 1 < words.count && word.hasPrefix("--") {
            let values = Self.choices(words[i + 1])
            guard !values.isEmpty, let k = options.firstIndex(where: { $0.names.contains(word) }), options[k].choices.isEmpty else { continue }
            options[k].choices = values
        }
    }

    /// The help of a declared command, from its declaration: nothing read back from prose.
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
                   path: option.completion == .path, repeatable: option.repeatable)
        }
        exitStatus = declaration.exitStatus
    }

    /// What to build the man page and the completions of `command` from: its declaration when
    /// it has one, else its help text read back.
    static func of(_ command: any Command.Type) -> HelpText {
        (command as? any DeclaredCommand.Type).map { HelpText($0.declaration) } ?? HelpText(command.help)
    }

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

    private static func options(_ lines: ArraySlice<String>) -> [Option] {
        var out: [Option] = []
        for line in lines {
            let trimmed = line.trimmingSpaces
            if trimmed.hasPrefix("-") {
                out.append(option(trimmed))
            } else if !out.isEmpty {
                out[out.count - 1].description += (out[out.count - 1].description.isEmpty ? "" : " ") + trimmed
            }
        }
        return out
    }

    /// One option line without its indentation: `--db PATH         The travel log`.
    static func option(_ line: String) -> Option {
        // The words, each with the number of spaces before it.
        var words: [(text: String, gap: Int)] = []
        var gap = 0
        for piece in line.split(separator: " ", omittingEmptySubsequences: false) {
            if piece.isEmpty { gap += 1; continue }
            words.append((String(piece), words.isEmpty ? 0 : gap + 1))
            gap = 0
        }
        // `--json`, `--photos|--no-photos`, `-h, --help`.
        var names: [String] = []
        var i = 0
        while i < words.count, words[i].text.hasPrefix("-") {
            names += words[i].text.trimming(",").split(separator: "|").map(String.init)
            i += 1
            guard words[i - 1].text.hasSuffix(","), i < words.count, words[i].gap == 1 else { break }
        }
        // One space, then a word written as an argument, or a word a column gap follows.
        var argument: String?
        if i < words.count, words[i].gap == 1,
           looksLikeArgument(words[i].text) || i + 1 == words.count || words[i + 1].gap >= 2 {
            argument = words[i].text
            i += 1
        }
        return Option(names: names, argument: argument, description: words[i...].map(\.text).joined(separator: " "),
                      choices: argument.map(choices) ?? [])
    }

    /// `PATH`, `N`, `YYYY-MM-DD`, `LAT,LON`, `year|month`, `[FILE|-]`, `<shell>`: no word of
    /// prose looks like these.
    private static func looksLikeArgument(_ word: String) -> Bool {
        if word.hasPrefix("[") || word.hasPrefix("<") || word.contains("|") { return true }
        return word.contains(where: \.isLetter) && !word.contains(where: \.isLowercase)
    }

    /// `auto|always|never` → its values; nothing for a placeholder (`PATH`, `[FILE|-]`).
    static func choices(_ argument: String) -> [String] {
        guard argument.contains("|"), !argument.hasPrefix("[") else { return [] }
        let values = argument.split(separator: "|").map(String.init)
        guard values.allSatisfy({ !$0.isEmpty && !$0.hasPrefix("-") && !$0.contains(where: \.isUppercase) }) else { return [] }
        return values
    }
}

extension StringProtocol {
    /// Without the spaces at either end.
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }

    /// Without the given characters at either end.
    func trimming(_ set: String) -> String {
        String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
    }
}
