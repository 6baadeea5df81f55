import Foundation

/// Values kept until the process exits instead of freed when their command is done: freeing a
/// passport of 50,000 place-day rows, string by string, took 50 M instructions (11% of `atlas
/// countries` on the million-photo spread log), for memory the exit hands back at once.
///
/// ```swift
/// let passport = KeptUntilExit.keep(try Passport.reading(logAt: path))
/// ```
///
/// Safe from any thread: a lock guards the list.
enum KeptUntilExit {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var kept: [any Sendable] = []

    @discardableResult
    static func keep<T: Sendable>(_ value: T) -> T {
        lock.withLock { kept.append(value) }
        return value
    }
}
