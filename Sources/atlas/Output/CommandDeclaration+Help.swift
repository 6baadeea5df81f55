/// The help text of a declared command, written from its declaration:
///
/// ```text
/// Usage: atlas countries [--year YYYY] [--continent PLACE] [--db PATH] [--json]
///
/// Lists every country visited…
///
/// Options:
///   --year YYYY       Only countries visited that year (days and photos of that year).
///   --db PATH         The travel log (also ATLAS_DB; default $XDG_DATA_HOME/travel-atlas/atlas.sqlite).
///   --help            Show this help.
///
/// Exit status: 0 listed (even when empty), 1 usage error, 2 no travel log or unreadable.
/// ```
extension CommandDeclaration {
    /// The widest a usage line grows before it wraps.
    static let usageWidth = 110
    /// The widest a line of the Options block grows.
    static let width = 98
    /// Where an option's description starts.
    static let descriptionColumn = 20

    /// The option `--help`, which every command takes where an option may stand.
    static let helpOption = OptionDeclaration(name: "--help", placeholder: nil, help: "Show this help.", inUsage: false)

    /// Every usage line: the first form with the options, wrapped under its first argument.
    var usageLines: [String] {
        var lines: [String] = []
        for (i, form) in forms.enumerated() {
            let head = "atlas \(name)" + (form.isEmpty ? "" : " " + form)
            let words = i == 0 ? options.filter(\.inUsage).map { "[\($0.synopsis)]" } : []
            let prefix = i == 0 ? "Usage: " : "       "
            var line = prefix + head
            let indent = String(repeating: " ", count: prefix.count + "atlas \(name) ".count)
            for word in words {
                if line.count + 1 + word.count > Self.usageWidth {
                    lines.append(line)
                    line = indent + word
                } else {
                    line += " " + word
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// The usage lines as a usage error shows them.
    var usage: String { usageLines.joined(separator: "\n") }

    /// The full `--help`.
    var help: String {
        var out = usageLines
        out += ["", about, "", "Options:"]
        for option in options + [Self.helpOption] { out += Self.optionLines(option) }
        out += [""] + Self.wrapped("Exit status: " + exitStatus, width: Self.width, indent: "")
        return out.joined(separator: "\n")
    }

    /// `  --db PATH         The travel log…`, the description wrapped under itself.
    static func optionLines(_ option: OptionDeclaration) -> [String] {
        let head = "  " + option.synopsis
        let indent = String(repeating: " ", count: descriptionColumn)
        let body = wrapped(option.help, width: width - descriptionColumn, indent: "")
        if head.count < descriptionColumn {
            let padded = head + String(repeating: " ", count: descriptionColumn - head.count)
            return [padded + (body.first ?? "")] + body.dropFirst().map { indent + $0 }
        }
        return [head] + body.map { indent + $0 }
    }

    /// `text` in lines of at most `width` characters (a longer word stands alone), the lines
    /// after the first indented by `indent`.
    static func wrapped(_ text: String, width: Int, indent: String) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count > width {
                lines.append(line)
                line = indent + word
            } else {
                line += " " + word
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }
}
