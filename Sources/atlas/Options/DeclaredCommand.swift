/// A command whose options, usage and help come from one ``CommandDeclaration``: its name,
/// summary and help are the declaration's, and its words are parsed against the options it
/// declares (``Arguments/init(_:declaration:)``).
///
/// ```swift
/// enum ErrorsCommand: DeclaredCommand {
///     static let declaration = CommandDeclaration(name: "errors", …)
///     static func run(_ arguments: inout Arguments) throws -> ExitStatus { … }
/// }
/// ```
protocol DeclaredCommand: Command {
    static var declaration: CommandDeclaration { get }
}

extension DeclaredCommand {
    static var name: String { declaration.name }
    static var summary: String { declaration.summary }
    static var help: String { declaration.help }
}
