import Foundation

/// Work started on its own thread now and waited for later: loading uses both cores (cities on
/// one, polygons on the other) without making every caller async.
///
/// ```swift
/// let cities = ParallelLoad { try loadCities() }
/// let polygons = try loadPolygons()
/// let (c, p) = (try cities.value(), polygons)
/// ```
final class ParallelLoad<T>: @unchecked Sendable {
    private let promise = Promise<T>()

    init(_ work: @escaping @Sendable () throws -> T) {
        let thread = Thread { [promise] in promise.fulfil(Result { try work() }) }
        thread.stackSize = 1 << 22
        thread.start()
    }

    /// Blocks until the work is done; rethrows its error.
    func value() throws -> T { try promise.value() }
}
