import Foundation

/// Work started on its own thread now and waited for later: loading uses both cores without
/// making every caller async. The resolver loads cities on one core while the polygons decode on
/// the other; the boundary index finds its corner states on one while it files edges on the other.
///
/// ```swift
/// let cities = ParallelLoad { try loadCities() }
/// let polygons = try loadPolygons()
/// let (c, p) = (try cities.value(), polygons)
/// ```
///
/// `value()` may be called from any thread, any number of times.
package final class ParallelLoad<T, E: Error>: @unchecked Sendable {
    private var result: Result<T, E>?
    private let done = DispatchSemaphore(value: 0)

    package init(_ work: @escaping @Sendable () throws(E) -> T) {
        let thread = Thread { [self] in
            do throws(E) { result = .success(try work()) } catch { result = .failure(error) }
            done.signal()
        }
        thread.stackSize = 1 << 22
        thread.start()
    }

    /// Blocks until the work is done; rethrows its error.
    package func value() throws(E) -> T {
        done.wait()
        done.signal()  // later calls return at once
        return try result!.get()
    }
}
