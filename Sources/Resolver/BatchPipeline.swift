import Foundation

/// How the chunks of a batch go between the thread that reads and writes them and the threads
/// that answer them (``BatchChunk``): chunk i lives in slot i mod `slots`, is read into it once
/// chunk i − `slots` is written, is answered by whichever thread is free first, and is written
/// in its turn. A thread that meets a slow chunk (the first point at sea reads the zones) holds
/// up no other, reading overlaps answering, and the output keeps the input's order.
///
/// ```swift
/// let pipeline = BatchPipeline(slots: 4)
/// // each answering thread:
/// while let i = pipeline.nextToAnswer() { pipeline.chunks[i % 4].answer(with: resolver); pipeline.answered(i) }
/// // the reading thread: pipeline.waitForTurn(…), read or write, pipeline.read(…) / pipeline.written(…)
/// ```
///
/// Thread-safe: a slot is touched by one thread at a time, handed over under the lock.
final class BatchPipeline: @unchecked Sendable {
    let slots: Int
    /// The slots' chunks. A chunk is the reading thread's until ``read(upTo:)`` publishes it,
    /// then the thread ``nextToAnswer()`` gives it to, then the reading thread's again once
    /// ``answered(_:)``.
    let chunks: UnsafeMutableBufferPointer<BatchChunk>
    private let condition = NSCondition()
    /// How many chunks have been read, claimed by an answering thread, and written.
    private var readCount = 0, claimedCount = 0, writtenCount = 0
    private var isAnswered: [Bool]
    private var closed = false

    init(slots: Int) {
        self.slots = slots
        chunks = .allocate(capacity: slots)
        for i in 0..<slots { chunks.initializeElement(at: i, to: BatchChunk()) }
        isAnswered = Array(repeating: false, count: slots)
    }

    deinit {
        chunks.deinitialize()
        chunks.deallocate()
    }

    /// For an answering thread: the next chunk read and not yet claimed, waiting for one;
    /// nil once the pipeline is closed.
    func nextToAnswer() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while claimedCount == readCount && !closed { condition.wait() }
        guard claimedCount < readCount else { return nil }
        claimedCount += 1
        return claimedCount - 1
    }

    /// For an answering thread: chunk `i` is answered.
    func answered(_ i: Int) {
        condition.lock()
        isAnswered[i % slots] = true
        condition.broadcast()
        condition.unlock()
    }

    /// For the reading thread, which has read `read` chunks (`more` when the input goes on) and
    /// written all but the ones after the first `written`: waits until the next chunk to write is
    /// answered (true) or a slot is free to read into (false); nil when all is written.
    func waitForTurn(more: Bool) -> Bool? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            if writtenCount < readCount && isAnswered[writtenCount % slots] { return true }
            if more && readCount - writtenCount < slots { return false }
            if !more && writtenCount == readCount { return nil }
            condition.wait()
        }
    }

    /// For the reading thread: the chunk in the next free slot is read; threads may answer it.
    func published() {
        condition.lock()
        readCount += 1
        condition.broadcast()
        condition.unlock()
    }

    /// For the reading thread: the next chunk to write is written; its slot is free.
    func written() {
        condition.lock()
        isAnswered[writtenCount % slots] = false
        writtenCount += 1
        condition.unlock()
    }

    /// The chunk to read into next, and the one to write next (the reading thread's).
    var readSlot: Int { condition.withLock { readCount % slots } }
    var writeSlot: Int { condition.withLock { writtenCount % slots } }

    /// No more chunks: the answering threads' ``nextToAnswer()`` gives nil.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}
