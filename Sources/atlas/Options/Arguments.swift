import Gazetteer

/// The words after a subcommand, read once into options and arguments, then taken by the
/// command option by option. Each command asks for what it knows and then calls ``finish()``,
/// which rejects any option left (with the nearest known one as a suggestion).
///
/// ```swift
/// var args = Arguments(["--note", "-h", "a.jpg", "--", "--odd-name.jpg"], declaration: MarkCommand.declaration)
/// let note = try args.value(MarkCommand.note)   // "-h": a value, not a request for help
/// let files = try args.finish()                  // ["a.jpg", "--odd-name.jpg"]
/// ```
///
/// The rules, the same in every command:
/// - `--` ends the options: every word after it is an argument, whatever it looks like.
/// - An option that takes a value (one declared with a placeholder) takes the next word, even one that looks
///   like an option (`--note -h`, `--db --json`), or the text after `=` (`--db=x.sqlite`).
/// - `--help` or `-h` where an option may stand shows the command's help, whatever else is given.
/// - An option that takes a place or a position (``OptionDeclaration/takesPosition``) takes two words when
///   they are one position only together (``Position/continues(_:with:)``): `--near -33.86 151.21` is
///   `--near "-33.86 151.21"`, and so is `--near -33.86, 151.21`.
/// - An option declared to go with a flag (``OptionDeclaration/requires``) is refused without it.
/// - Repeated options: the last value wins (`--limit 5 --limit 10` is 10), except `--exclude`
///   and `--track`, which collect them all; a flag given twice is given; of two flags that say opposite
///   things (`--photos`, `--no-photos`) the last wins.
/// - A word that starts with `-` and then a digit or a point is an argument, never an option: a
///   number (`-104.06`, `-1e-5`) or a coordinate as map apps copy it (`"-33.8568, 151.2153"`,
///   `-33.86,151.21`, `-33°51'S`), so that the south and the west are written as the north and
///   the east; `-` alone too (stdin).
struct Arguments {
    /// An option as given: its name, its value (nil for a flag, or a value option at the very
    /// end), and where it stood.
    private struct Given {
        let name: String
        let value: String?
        let inline: Bool
        let position: Int
    }

    private var given: [Given] = []
    /// The names of the options given, read or not.
    private var givenNames: Set<String> = []
    private var arguments: [String] = []
    /// `--help` or `-h` stood where an option may.
    private(set) var wantsHelp = false
    private var problem: UsageError?

    /// The options the command declares (``CommandDeclaration/options``).
    private let declared: [OptionDeclaration]
    /// Options the command read that its declaration lacks: a test failure, said by ``finish()``.
    private var undeclared: [String] = []

    /// Every option the command read and was given, with its value as the command line writes
    /// it back (``ValueParser/show``; `true` for a flag), in the order read.
    private(set) var seen: [(name: String, value: String)] = []
    /// Set by `atlas --parse` (hidden): ``finish()``, once the words are good, stops the command
    /// with ``seen`` (``UsageError/parsed``) instead of letting it run.
    var probing = false

    /// The words of a command: its declared options alone take values, and no other option is known.
    init(_ words: [String], declaration: CommandDeclaration) {
        self.init(words, declared: declaration.options, values: Set(declaration.options.filter(\.takesValue).map(\.name)),
                  positions: Set(declaration.options.filter(\.takesPosition).map(\.name)))
    }

    private init(_ words: [String], declared: [OptionDeclaration], values: Set<String>, positions: Set<String>) {
        self.declared = declared
        var i = 0
        while i < words.count {
            let word = words[i]
            i += 1
            if word == "--" {
                arguments += words[i...]
                break
            }
            if word == "--help" || word == "-h" {
                wantsHelp = true
                continue
            }
            guard word.hasPrefix("-"), !Self.readsAsArgument(word) else {
                arguments.append(word)
                continue
            }
            if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
                given.append(Given(name: String(word[..<equals]), value: String(word[word.index(after: equals)...]), inline: true, position: i))
            } else if values.contains(word) {
                let position = i
                var value = i < words.count ? words[i] : nil
                i += 1
                if positions.contains(word), let first = value, i < words.count, Position.continues(first, with: words[i]) {
                    value = first + " " + words[i]
                    i += 1
                }
                given.append(Given(name: word, value: value, inline: false, position: position))
            } else {
                given.append(Given(name: word, value: nil, inline: false, position: i))
            }
        }
        givenNames = Set(given.map(\.name))
    }

    /// `-` alone (stdin), or `-` before a digit or a point: no option starts so, and a
    /// coordinate often does.
    private static func readsAsArgument(_ word: String) -> Bool {
        guard let second = word.dropFirst().first else { return true }
        return second.isASCII && (second.isNumber || second == ".")
    }

    /// True when the flag `name` was given (once or more); takes it.
    mutating func flag(_ name: String) -> Bool {
        if !declared.contains(where: { $0.name == name && !$0.takesValue }) { undeclared.append(name) }
        let found = given.filter { $0.name == name }
        if let inline = found.first(where: \.inline), problem == nil {
            problem = UsageError("\(name) takes no value, not '\(inline.value ?? "")'")
        }
        given.removeAll { $0.name == name }
        if !found.isEmpty { seen.append((name, "true")) }
        return !found.isEmpty
    }

    /// Of flags that say opposite things (`--photos`, `--no-photos`), the one given last, if any;
    /// takes them all.
    mutating func lastFlag(_ flags: Flag...) -> Flag? {
        let names = flags.map(\.declaration.name)
        let last = given.filter { names.contains($0.name) }.max { $0.position < $1.position }
        for name in names { _ = flag(name) }
        return flags.first { $0.declaration.name == last?.name }
    }

    /// True when the option `name` was given, read or not.
    func isGiven(_ name: String) -> Bool { givenNames.contains(name) }

    /// The value of `--name VALUE` or `--name=VALUE`, the last one when repeated; takes them all.
    private mutating func option(_ name: String) throws(UsageError) -> String? {
        try options(name).last
    }

    /// Every value of a repeatable option, in order.
    private mutating func options(_ name: String) throws(UsageError) -> [String] {
        if !declared.contains(where: { $0.name == name && $0.takesValue }) { undeclared.append(name) }
        let found = given.filter { $0.name == name }
        given.removeAll { $0.name == name }
        return try found.map { g throws(UsageError) in
            guard let value = g.value else { throw UsageError("\(name) needs a value") }
            return value
        }
    }

    /// The value of a declared option, parsed (the last one when repeated), nil when not given.
    mutating func value<Value>(_ wanted: Option<Value>) throws(UsageError) -> Value? {
        guard let text = try option(wanted.declaration.name) else { return nil }
        let value = try wanted.parse(text)
        seen.append((wanted.declaration.name, wanted.parser.show(value)))
        return value
    }

    /// Every value of a repeatable declared option, parsed, in order.
    mutating func values<Value>(_ wanted: Option<Value>) throws(UsageError) -> [Value] {
        var out: [Value] = []
        for text in try options(wanted.declaration.name) { out.append(try wanted.parse(text)) }
        for value in out { seen.append((wanted.declaration.name, wanted.parser.show(value))) }
        return out
    }

    /// True when the declared flag was given.
    mutating func flag(_ flag: Flag) -> Bool { self.flag(flag.declaration.name) }

    /// The arguments (every word that is no option or option value); an option the command did
    /// not ask for is a usage error that names the nearest known one.
    func finish() throws(UsageError) -> [String] {
        if !undeclared.isEmpty { throw UsageError("the command reads \(undeclared.joined(separator: ", ")) but does not declare it") }
        if let problem { throw problem }
        for g in given {
            guard let declaration = declared.first(where: { $0.name == g.name }) else { continue }
            if declaration.takesValue, g.value == nil { throw UsageError("\(g.name) needs a value") }
            if let flag = declaration.requires, !givenNames.contains(flag) {
                throw UsageError("\(g.name) goes with \(flag)")
            }
        }
        if let unknown = given.first {
            let names = declared.map(\.name)
            throw UsageError("unknown option '\(unknown.name.shown)'" + Suggestion.didYouMean(unknown.name, among: names + ["--help"]))
        }
        if probing { throw UsageError(parsed: seen) }
        return arguments
    }
}

/// A mistake in how a command was called: exit status 1, with the command's usage lines when
/// `showsUsage` (a mistyped option, a missing argument), without for a place that is unknown or
/// ambiguous, where the usage would only hide the answer.
struct UsageError: Error {
    let message: String
    var showsUsage = true
    /// Not a mistake: what `atlas --parse` stops the command with (``Arguments/probing``).
    var parsed: [(name: String, value: String)]? = nil

    init(_ message: String, showsUsage: Bool = true) {
        self.message = message
        self.showsUsage = showsUsage
    }

    init(parsed: [(name: String, value: String)]) {
        self.init("")
        self.parsed = parsed
    }
}
