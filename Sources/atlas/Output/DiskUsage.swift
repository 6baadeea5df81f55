import Foundation
import JSONWriter
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much disk the travel log and the gazetteer take, for `atlas verify` and `atlas stats`:
/// the first question of someone whose disk is filling up. The log counts with SQLite's files
/// beside it (`-wal`, `-shm`, `-journal`), which can outgrow it between checkpoints.
struct DiskUsage {
    /// Nil when the file cannot be found.
    let logBytes: Int?
    let gazetteerBytes: Int?

    init(logPath: String, gazetteerPath: String?) {
        let sizes = ["", "-wal", "-shm", "-journal"].compactMap { Self.size(logPath + $0) }
        logBytes = Self.size(logPath) == nil ? nil : sizes.reduce(0, +)
        gazetteerBytes = gazetteerPath.flatMap(Self.size)
    }

    /// stat(2), not FileManager's attributes, which look up the owner's name through NSS and
    /// so may open a socket (nscd): the atlas opens none.
    private static func size(_ path: String) -> Int? {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : nil
    }

    /// "log 1.2 MB, gazetteer 402.5 MB".
    var text: String {
        "log \(Self.text(logBytes)), gazetteer \(Self.text(gazetteerBytes))"
    }

    /// `{"log_bytes":…,"gazetteer_bytes":…}`, null for a file not found.
    var json: JSONValue {
        .object([("log_bytes", logBytes.map(JSONValue.int) ?? .null), ("gazetteer_bytes", gazetteerBytes.map(JSONValue.int) ?? .null)])
    }

    /// Decimal units, as file managers and `df -H` show them: "812 bytes", "4.1 kB", "402.5 MB".
    static func text(_ bytes: Int?) -> String {
        guard let bytes else { return "not found" }
        if bytes < 1000 { return "\(bytes) bytes" }
        var value = Double(bytes)
        for unit in ["kB", "MB", "GB", "TB"] {
            value /= 1000
            if value < 999.95 || unit == "TB" { return String(format: "%.1f %@", value, unit) }
        }
        return "\(bytes) bytes"
    }
}
