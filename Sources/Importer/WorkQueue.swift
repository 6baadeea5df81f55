import Foundation

/// A first-in first-out queue between threads, optionally bounded: `push` waits while it is
/// full, `pop` waits while it is empty and returns nil once it is closed and drained. The bound
/// is what keeps an import's memory flat whatever the library size.
///
/// ```swift
/// let q = WorkQueue<String>(capacity: 256)
/// q.push("a.jpg"); q.close()
/// while let path = q.pop() { print(path) }
/// ```
///
/// Thread-safe (one condition variable).
final class WorkQueue<Element>: @unchecked Sendable {
    private let condition = NSCondition()
    /// Taken items are cleared at once (nil): a slot kept its item until the next compaction, and
    /// the output queue of an import so held up to a thousand chunks of readings already written,
    /// freed at its end on one core.
    private var items: [Element?] = []
    private var head = 0
    private var closed = false
    private let capacity: Int

    init(capacity: Int = .max) { self.capacity = capacity }

    var count: Int {
        condition.lock()
        defer { condition.unlock() }
        return items.count - head
    }

    func push(_ item: Element) {
        condition.lock()
        while items.count - head >= capacity { condition.wait() }
        items.append(item)
        condition.broadcast()
        condition.unlock()
    }

    func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while items.count == head && !closed { condition.wait() }
        return take()
    }

    /// Everything queued now, without waiting.
    func drain() -> [Element] {
        condition.lock()
        defer { condition.unlock() }
        var out: [Element] = []
        while let item = take() { out.append(item) }
        return out
    }

    /// Waits until `n` items are queued (or the queue is closed), then takes up to `n`.
    func pop(atLeast n: Int) -> [Element] {
        condition.lock()
        while items.count - head < n && !closed { condition.wait() }
        condition.unlock()
        return drain()
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Under the lock.
    private func take() -> Element? {
        guard head < items.count else { return nil }
        let item = items[head]
        items[head] = nil
        head += 1
        if head > 1024 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return item
    }
}
