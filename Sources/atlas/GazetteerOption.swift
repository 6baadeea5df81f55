import Gazetteer

/// `--gazetteer PATH` (or `ATLAS_GAZETTEER`): which compiled gazetteer a command opens.
enum GazetteerOption {
    static let help = "  --gazetteer PATH  Use this gazetteer instead of the bundled one (also ATLAS_GAZETTEER)."

    /// Takes `--gazetteer` and opens it. Called after the command's other options: a mistyped
    /// option is then a usage error (status 1) even where no gazetteer can be found (status 2).
    static func open(_ arguments: inout Arguments) throws -> Gazetteer {
        let path = try arguments.option("--gazetteer")
        _ = try arguments.finish()
        return try Gazetteer.open(path: path)
    }
}
