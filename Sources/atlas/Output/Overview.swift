/// `atlas --help`: the program's usage, its commands with their summaries, and the rules they
/// share, kept as parts so that the man page (``ManPage``) takes them as they are.
///
/// ```swift
/// Console.out(Overview.text(commands: commands))
/// ```
enum Overview {
    static let tagline = "an offline travel atlas for photo libraries"
    static let usage = ["atlas COMMAND [OPTIONS]", "atlas help COMMAND", "atlas --version"]
    static let notes = """
        Run 'atlas help COMMAND' (or 'atlas COMMAND --help') for a command's options. Options may
        come in any order; '--' ends them. An option given twice keeps its last value. Every
        command exits with status 4 when its output cannot be written (stdout, stderr or --output:
        a full disk, a bad descriptor).
        """

    static func text(commands: [any Command.Type]) -> String {
        let usageLines = usage.enumerated().map { ($0.offset == 0 ? "Usage: " : "       ") + $0.element }
        let list = commands.map { "  " + $0.name.padding(toLength: 14, withPad: " ", startingAt: 0) + $0.summary }
        return (["atlas — \(tagline)", ""] + usageLines + ["", "Commands:"] + list + ["", notes]).joined(separator: "\n")
    }
}
