import Foundation

/// Where the tests write their files: one directory of the test process under the system's
/// temporary directory, removed when the process exits. A run that was killed leaves its
/// directory behind; the next run removes those of processes that are gone. Before it, every
/// run left a few thousand logs and libraries in `/tmp`, gigabytes after a few dozen runs.
///
/// ```swift
/// let library = Scratch.root.appendingPathComponent("atlas-lib-\(UUID().uuidString)")
/// // /tmp/travelatlas-tests-4242/atlas-lib-…
/// ```
///
/// Thread-safe: `root` is made once, on first use.
public enum Scratch {
    public static let root: URL = {
        let base = FileManager.default.temporaryDirectory
        let prefix = "travelatlas-tests-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? [] where name.hasPrefix(prefix) {
            // Another run's, while its process lives (or belongs to someone else: EPERM), is left alone.
            guard let pid = pid_t(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: base.appendingPathComponent(name))
        }
        let root = base.appendingPathComponent(prefix + String(getpid()))
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: Scratch.root) }
        return root
    }()
}
