/// A command as declared once: its name, summary, the forms of its usage, what it does, its
/// options and its exit statuses. The help (``help``), the usage lines of a usage error, the
/// man page, the completions and the parser's list of options all come from it.
///
/// ```swift
/// static let declaration = CommandDeclaration(
///     name: "errors", summary: "List the files the travel log could not read, and why",
///     about: "Lists every file an import recorded with an error…",
///     options: [SharedOptions.db, SharedOptions.json("One JSON object per line: path, kind, message, missing.")],
///     exitStatus: "0 listed (even when empty), 1 usage error, 2 no travel log or unreadable.")
/// ```
struct CommandDeclaration: Sendable {
    let name: String
    /// One line for `atlas --help`.
    let summary: String
    /// The arguments of each form of the command (`["DIR..."]`, `["ID", "rename ID TITLE"]`):
    /// the first form's usage line lists the options.
    var forms: [String] = [""]
    /// What the command does: paragraphs separated by blank lines, as the help prints them.
    let about: String
    /// Its options, in the order the help lists them (`--help` is added).
    let options: [OptionDeclaration]
    /// After `Exit status:`.
    let exitStatus: String

    /// The declaration of `name`, if the command has the option.
    func option(_ name: String) -> OptionDeclaration? { options.first { $0.name == name } }
}
