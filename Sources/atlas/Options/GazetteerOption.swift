import Gazetteer

/// `--gazetteer PATH` (or `ATLAS_GAZETTEER`): which compiled gazetteer a command opens.
enum GazetteerOption {
    /// The Options line of ``SharedOptions/gazetteer``, for the commands whose help is still written by hand.
    static let help = CommandDeclaration.optionLines(SharedOptions.gazetteer.declaration).joined(separator: "\n")

    /// Takes `--gazetteer` and opens it. Called after the command's other options: a mistyped
    /// option is then a usage error (status 1) even where no gazetteer can be found (status 2).
    static func open(_ arguments: inout Arguments) throws -> Gazetteer {
        let path = try arguments.value(SharedOptions.gazetteer)
        _ = try arguments.finish()
        return try Gazetteer.open(path: path)
    }
}
