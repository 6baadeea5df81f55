import Dispatch
import Heap

/// The results of `first` and `second`, run at once on two threads: two independent parts of
/// one answer (the export's day ledger beside the rest of its record, the two halves of a batch
/// of photos) then take the time
/// of the longer on a two-core machine. Both must only read what they share.
///
/// ```swift
/// let (json, daysPresent) = concurrently({ writeTheRest() }, { TravelRecord.daysJSON(passport) })
/// ```
public func concurrently<A, B>(_ first: () -> A, _ second: () -> B) -> (A, B) {
    let (a, b) = (Slot<A>(), Slot<B>())
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            nonisolated(unsafe) let (first, second) = (first, second)
            DispatchQueue.concurrentPerform(iterations: 2) { i in
                LoadingHeap.growThisThread()
                if i == 0 { a.value = first() } else { b.value = second() }
            }
        }
    }
    return (a.value!, b.value!)
}

/// `make(i)` for each `i` in `0..<count`, on every core, each index taken in order by the
/// next thread free: pieces of one answer of unequal sizes (the continents of the travel
/// record's tree, its members, runs of a history's days) take about their sum over the cores,
/// or the longest. `make` must only read what the pieces share.
///
/// ```swift
/// let pieces = inParallel(count: continents.count) { render(continents[$0]) }
/// ```
public func inParallel<T>(count: Int, _ make: (Int) -> T) -> [T] {
    let slots = (0..<count).map { _ in Slot<T>() }
    withoutActuallyEscaping(make) { make in
        nonisolated(unsafe) let make = make
        DispatchQueue.concurrentPerform(iterations: count) { i in
            LoadingHeap.growThisThread()
            slots[i].value = make(i)
        }
    }
    return slots.map { $0.value! }
}

/// A result written by one thread and read after it is done.
private final class Slot<T>: @unchecked Sendable {
    var value: T?
}

/// A value one side of ``concurrently(_:_:)`` makes and the other waits for: the trips an
/// export finds on one core, which the other needs for the years in review.
///
/// ```swift
/// let trips = Handoff<[Trip]>()
/// concurrently({ trips.put(passport.trips(homes: homes)) }, { use(trips.take()) })
/// ```
///
/// Only `concurrently`'s first closure may put: its iterations are claimed in order, so the
/// first starts before or beside the second, even on one thread, and a take never waits for a
/// put that cannot come. Thread-safe.
final class Handoff<T>: @unchecked Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private var value: T?

    func put(_ value: T) {
        self.value = value
        ready.signal()
    }

    func take() -> T {
        ready.wait()
        defer { ready.signal() }
        return value!
    }
}
