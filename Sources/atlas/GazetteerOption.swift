import Gazetteer

/// `--gazetteer PATH` (or `ATLAS_GAZETTEER`): which compiled gazetteer a command opens.
enum GazetteerOption {
    static let help = "  --gazetteer PATH  Use this gazetteer instead of the bundled one (also ATLAS_GAZETTEER)."

    static func open(_ arguments: inout Arguments) throws -> Gazetteer {
        try Gazetteer.open(path: arguments.option("--gazetteer"))
    }
}
