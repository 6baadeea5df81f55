import TravelLog

/// `--db PATH` (or `ATLAS_DB`, else `$XDG_DATA_HOME/travel-atlas/atlas.sqlite`): which travel
/// log a command opens.
enum DatabaseOption {
    /// The Options line of ``SharedOptions/db``, for the commands whose help is still written by hand.
    static let help = CommandDeclaration.optionLines(SharedOptions.db.declaration).joined(separator: "\n")

    static func path(_ arguments: inout Arguments) throws(UsageError) -> String {
        try arguments.value(SharedOptions.db) ?? TravelLog.defaultPath()
    }
}
