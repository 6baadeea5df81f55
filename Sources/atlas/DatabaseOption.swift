import TravelLog

/// `--db PATH` (or `ATLAS_DB`, else `$XDG_DATA_HOME/travel-atlas/atlas.sqlite`): which travel
/// log a command opens.
enum DatabaseOption {
    static let help = "  --db PATH         The travel log (also ATLAS_DB; default $XDG_DATA_HOME/travel-atlas/atlas.sqlite)."

    static func path(_ arguments: inout Arguments) throws(UsageError) -> String {
        try arguments.option("--db") ?? TravelLog.defaultPath()
    }
}
