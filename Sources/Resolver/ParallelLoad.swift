import Foundation
import Heap

/// Work started on its own thread now and waited for later: loading uses both cores (cities on
/// one, polygons on the other) without making every caller async, and an import reads the
/// places visited while it builds an index.
///
/// ```swift
/// let cities = ParallelLoad { try loadCities() }
/// let polygons = try loadPolygons()
/// let (c, p) = (try cities.value(), polygons)
/// ```
package final class ParallelLoad<T>: @unchecked Sendable {
    private let promise = Promise<T>()

    /// With `growingHeap`, the thread's heap grows in huge pages when a passport command keeps
    /// its memory for the run (``LoadingHeap/growThisThread()``); the resolver's load does not.
    package init(growingHeap: Bool = true, _ work: @escaping @Sendable () throws -> T) {
        let thread = Thread { [promise] in
            if growingHeap { LoadingHeap.growThisThread() }
            promise.fulfil(Result { try work() })
        }
        thread.stackSize = 1 << 22
        thread.start()
    }

    /// Blocks until the work is done; rethrows its error.
    package func value() throws -> T { try promise.value() }
}
