import SQLite

/// Why the travel log could not be used: all are fatal for a command (exit status 2).
public enum TravelLogError: Error, CustomStringConvertible {
    case missing(String)
    case newerSchema(String, Int)
    case inUse(String)
    case sqlite(SQLiteError)
    case unknownPhoto(String)
    /// The path holds a file that is no travel log: it was left untouched.
    case notATravelLog(String, String)
    /// A log from an older atlas where it cannot be upgraded (a read-only disk).
    case needsUpgrade(String, Int)
    /// A log from an older atlas that an import was still bringing up to date when the reader
    /// stopped waiting.
    case upgrading(String, Int)
    /// A stored track whose points are not whole (a damaged row): the log and the track's path.
    case damagedTrack(String, String)
    case damagedHistory(String, Int64)

    public var description: String {
        switch self {
        case .missing(let path): "\(path): no travel log here yet (run 'atlas import' first)"
        case .newerSchema(let path, let v): "\(path): schema version \(v) is newer than this program knows (\(TravelLog.migrations.count)); upgrade atlas"
        case .inUse(let path): "\(path): in use by another atlas import; wait for it to finish and run this again"
        case .sqlite(let e): e.primaryCode == 5 ? "\(e.path): in use by another atlas process (database is locked)" : e.description
        case .unknownPhoto(let what): "no photo '\(what)' in the travel log"
        case .needsUpgrade(let path, let v): "\(path): written by an older atlas (schema \(v), this one reads \(TravelLog.migrations.count)) on a disk that cannot be written; copy it where it can, and any atlas command brings it up to date"
        case .upgrading(let path, let v): "\(path): being brought up to date from schema \(v) by an atlas import; run this again when it is done"
        case .damagedTrack(let path, let track): "\(path): the stored points of the track \(track) are damaged; import that file again (or remove it) to replace them"
        case .damagedHistory(let path, let id): "\(path): the stored points of location history \(id) are damaged; import its file again (or remove it) to replace them"
        case .notATravelLog(let path, let why): "\(path): not a travel log (\(why)); nothing was written to it"
        }
    }
}
