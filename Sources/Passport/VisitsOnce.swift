import Foundation
import TravelLog

/// A passport's ``Visits``, made the first time they are asked for and kept: a passport is a
/// value shared by threads, and most of its answers (trips, homes, the day rules) never need
/// them.
///
/// ```swift
/// let once = VisitsOnce()
/// let visits = once.value { Visits(days: days, marks: marks, flights: flights) }
/// ```
///
/// Thread-safe: the first caller makes the value under a lock; every later one reads it.
final class VisitsOnce: @unchecked Sendable {
    private let lock = NSLock()
    private var made: Visits?

    /// The kept visits, or what `make` returns the first time.
    func value(_ make: () -> Visits) -> Visits {
        lock.withLock {
            if let made { return made }
            let visits = make()
            made = visits
            return visits
        }
    }
}
