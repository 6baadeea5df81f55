/// An option that takes a value, declared with the parser that turns its word into a `Value`:
/// the parser also gives the placeholder, the choices and the completion that the usage, the
/// help, the man page and the completions show.
///
/// ```swift
/// static let jobs = Option("--jobs", .integer(in: 1...256), "Files read in parallel (default: the number of cores).")
/// let jobs = try arguments.value(jobs) ?? ProcessInfo.processInfo.activeProcessorCount
/// ```
struct Option<Value>: Sendable {
    let declaration: OptionDeclaration
    let parser: ValueParser<Value>

    init(_ name: String, _ parser: ValueParser<Value>, _ help: String, repeatable: Bool = false, takesPosition: Bool = false,
         inUsage: Bool = true, requires: String? = nil) {
        self.parser = parser
        declaration = OptionDeclaration(name: name, placeholder: parser.placeholder, help: help, choices: parser.choices,
                                        completion: parser.completion, repeatable: repeatable, takesPosition: takesPosition,
                                        inUsage: inUsage, requires: requires, valid: parser.valid, invalid: parser.invalid)
    }

    /// The value of `text` given to this option, or the usage error that says what it takes.
    func parse(_ text: String) throws(UsageError) -> Value {
        try parser.parse(declaration.name, text)
    }
}
