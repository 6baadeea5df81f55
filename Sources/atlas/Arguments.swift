/// The words after a subcommand, consumed option by option. Each command takes what it
/// knows and then calls ``finish()``, which rejects anything left that looks like an option.
///
/// ```swift
/// var args = Arguments(["--json", "a.jpg"])
/// let json = args.flag("--json")          // true
/// let files = try args.finish()           // ["a.jpg"]
/// ```
struct Arguments {
    private var words: [String]

    init(_ words: [String]) { self.words = words }

    var wantsHelp: Bool { words.contains("--help") || words.contains("-h") }

    /// True when `name` was given; removes it.
    mutating func flag(_ name: String) -> Bool {
        guard let i = words.firstIndex(of: name) else { return false }
        words.remove(at: i)
        return true
    }

    /// The value of `--name VALUE` or `--name=VALUE`; removes both.
    mutating func option(_ name: String) throws(UsageError) -> String? {
        if let i = words.firstIndex(where: { $0.hasPrefix(name + "=") }) {
            return String(words.remove(at: i).dropFirst(name.count + 1))
        }
        guard let i = words.firstIndex(of: name) else { return nil }
        guard i + 1 < words.count else { throw UsageError("\(name) needs a value") }
        let value = words[i + 1]
        words.removeSubrange(i...(i + 1))
        return value
    }

    /// Every value of a repeatable option.
    mutating func options(_ name: String) throws(UsageError) -> [String] {
        var values: [String] = []
        while let v = try option(name) { values.append(v) }
        return values
    }

    /// An integer option within `range`.
    mutating func integer(_ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
        guard let text = try option(name) else { return nil }
        guard let n = Int(text), range.contains(n) else { throw UsageError("\(name) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'") }
        return n
    }

    /// The remaining positional words; an unknown option is a usage error. `--` ends options.
    func finish() throws(UsageError) -> [String] {
        var out: [String] = []
        var optionsEnded = false
        for w in words {
            if !optionsEnded, w == "--" { optionsEnded = true; continue }
            // "-104.06" is a value (a western longitude), not an option.
            if !optionsEnded, w.hasPrefix("-"), w != "-", Double(w) == nil { throw UsageError("unknown option '\(w)'") }
            out.append(w)
        }
        return out
    }
}

/// A mistake in how a command was called: exit status 1, with the command's usage.
struct UsageError: Error {
    let message: String
    init(_ message: String) { self.message = message }
}
