import Foundation
#if canImport(Glibc)
import CGlibc
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte buffers written to a file descriptor, in order, by a thread of its own: the producer
/// (an export reading its log and rendering) goes on while the kernel copies the last buffer,
/// and on Linux each buffer's write-back to the disk is started as soon as it is written
/// (`sync_file_range`), so that the `fsync` at the end waits for little more than the tail.
/// At most ``queueLimit`` bytes wait at a time, so memory stays bounded whatever the output.
final class BackgroundWriter: @unchecked Sendable {
    static let queueLimit = 48 << 20

    private let descriptor: Int32
    private let condition = NSCondition()
    private var queue: [[UInt8]] = []
    private var queued = 0
    private var failure: String?
    private var finishing = false
    private var finished = false

    init(descriptor: Int32) {
        self.descriptor = descriptor
        let thread = Thread { [self] in run() }
        thread.start()
    }

    /// Queues `bytes` (not copied), after waiting while the queue is full; the reason the
    /// writing failed, once it has, and then nothing more is written.
    func write(_ bytes: [UInt8]) -> String? {
        condition.lock()
        defer { condition.unlock() }
        while queued > Self.queueLimit && failure == nil { condition.wait() }
        if let failure { return failure }
        queue.append(bytes)
        queued += bytes.count
        condition.broadcast()
        return nil
    }

    /// Waits until everything queued is written; why it could not be, if it could not.
    func finish() -> String? {
        condition.lock()
        defer { condition.unlock() }
        finishing = true
        condition.broadcast()
        while !finished { condition.wait() }
        return failure
    }

    private func run() {
        var offset = 0
        condition.lock()
        while true {
            while queue.isEmpty && !finishing { condition.wait() }
            if queue.isEmpty || failure != nil { break }
            let bytes = queue.removeFirst()
            condition.unlock()
            let problem = bytes.withUnsafeBytes { Console.writeAll($0, to: descriptor) }
            #if os(Linux)
            if problem == nil { _ = sync_file_range(descriptor, offset, bytes.count, CGlibcSyncFileRangeWrite) }
            #endif
            offset += bytes.count
            condition.lock()
            queued -= bytes.count
            if let problem { failure = problem }
            condition.broadcast()
        }
        finished = true
        condition.broadcast()
        condition.unlock()
    }
}
