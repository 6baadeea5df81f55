/// An option without a value: given or not.
///
/// ```swift
/// static let dryRun = Flag("--dry-run", "Read and resolve, report what would change, write nothing.")
/// let dry = arguments.flag(dryRun)
/// ```
struct Flag: Sendable {
    let declaration: OptionDeclaration

    init(_ name: String, _ help: String, inUsage: Bool = true) {
        declaration = OptionDeclaration(name: name, placeholder: nil, help: help, inUsage: inUsage)
    }
}
