/// One option of a command as declared: its name, whether it takes a value, how the usage,
/// the help, the man page and the completions show it. Made by an ``Option`` or a ``Flag``,
/// never by hand, so that what parses a value and what documents it are one thing.
///
/// ```swift
/// SharedOptions.json.declaration.name         // "--json"
/// SharedOptions.year.declaration.placeholder  // "YYYY"
/// ```
struct OptionDeclaration: Sendable {
    /// What a shell offers for the option's value.
    enum Completion: Sendable, Equatable {
        /// Nothing: a number, a date, a place, free text.
        case none
        /// The shell's file and folder names.
        case path
    }

    /// `--json`.
    let name: String
    /// `PATH`, `N`, `YYYY`; nil for a flag.
    let placeholder: String?
    /// The description in the Options block, one paragraph that the help wraps.
    let help: String
    /// The fixed values the option takes (`auto`, `always`, `never`), for the usage, the
    /// completions and "did you mean".
    var choices: [String] = []
    var completion: Completion = .none
    /// Given several times, every value counts (`--exclude`); else the last one wins.
    var repeatable = false
    /// Takes `LAT LON` in two words when both are numbers (`--near -33.86 151.21`).
    var takesPosition = false
    /// Shown in the usage line (expert options such as `--gazetteer` are in the Options block only).
    var inUsage = true
    /// The flag it goes with (`--format` with `--track` in `atlas export`): given alone it is refused.
    var requires: String? = nil
    /// A value it takes and one it refuses, from its parser (``ValueParser/valid``).
    var valid: String? = nil
    var invalid: String? = nil

    var takesValue: Bool { placeholder != nil }

    /// `--db PATH`, `--json`: how the usage line and the Options block write it.
    var synopsis: String { placeholder.map { "\(name) \($0)" } ?? name }
}
