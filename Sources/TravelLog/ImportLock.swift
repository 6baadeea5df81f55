#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock (`flock`) on `<log>.lock`, held by the process that imports or
/// re-resolves. SQLite already keeps the file consistent; this lock keeps two imports from
/// interleaving their bookkeeping (one would mark the other's files missing). The kernel
/// drops it when the process dies, SIGKILL included, so it never goes stale.
///
/// ```swift
/// guard let lock = try ImportLock(logPath: path) else { throw TravelLogError.inUse(path) }
/// defer { lock.release() }
/// ```
public final class ImportLock {
    private var descriptor: Int32

    /// Takes the lock, or returns nil at once when another process holds it.
    public init?(logPath: String) throws {
        descriptor = open(logPath + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw TravelLogError.missing(logPath + ".lock") }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            // deinit runs for an instance whose init failed after setting every property.
            close(descriptor)
            descriptor = -1
            return nil
        }
    }

    public func release() {
        guard descriptor >= 0 else { return }
        flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
