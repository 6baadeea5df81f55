import Foundation
import TravelLog

/// What an import is pointed at, chosen before it runs: the folders it walks (``roots(_:)``),
/// the extra tracks (``files(_:)``) and the travel log it writes, or reads for a dry run
/// (``open(log:dryRun:)``).
///
/// ```swift
/// let roots = try ImportTarget.roots(["~/Pictures/2024", "~/Pictures"])   // ["/home/me/Pictures"]
/// let target = try ImportTarget.open(log: "atlas.sqlite", dryRun: true)    // read-only, or no log yet
/// defer { target.lock?.release() }
/// ```
public enum ImportTarget {
    /// A folder, file or track given that does not exist.
    public struct Missing: Error, Sendable, Equatable {
        /// As given.
        public let path: String
    }

    /// The folders given, canonical (``LibraryWalker/canonical(_:)``: links and `..` resolved),
    /// each once, in the order given, without any that lies inside another given folder,
    /// which would be walked twice.
    public static func roots(_ folders: [String]) throws(Missing) -> [String] {
        var roots: [String] = []
        for root in try files(folders) where !roots.contains(root) { roots.append(root) }
        return roots.filter { root in !roots.contains { root != $0 && root.hasPrefix($0 + "/") } }
    }

    /// The files given (`--track`), canonical.
    public static func files(_ paths: [String]) throws(Missing) -> [String] {
        try paths.map { path throws(Missing) in
            guard let canonical = LibraryWalker.canonical(path) else { throw Missing(path: path) }
            return canonical
        }
    }

    /// The log an import uses, and the lock it holds while it runs.
    public struct Opened {
        /// Nil for a dry run where no log exists yet: it creates nothing.
        public let log: TravelLog?
        /// Held by an import that writes; ``ImportLock/release()`` when done.
        public let lock: ImportLock?
    }

    /// The log at `path`: for a dry run read-only, or none when there is none (a dry run
    /// writes nothing, not even an empty log); else locked first, so that a second import
    /// changes nothing (no migration, no index) before it knows the log is free, its folder
    /// made, and a file that is no travel log refused. Throws ``TravelLogError/inUse(_:)``
    /// when another import holds it.
    public static func open(log path: String, dryRun: Bool) throws -> Opened {
        if dryRun {
            return Opened(log: FileManager.default.fileExists(atPath: path) ? try TravelLog(path: path, readOnly: true) : nil, lock: nil)
        }
        try TravelLog.check(path: path)
        try? FileManager.default.createDirectory(atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path,
                                                 withIntermediateDirectories: true)
        guard let lock = try ImportLock(logPath: path) else { throw TravelLogError.inUse(path) }
        do {
            return Opened(log: try TravelLog(path: path), lock: lock)
        } catch {
            lock.release()
            throw error
        }
    }
}
