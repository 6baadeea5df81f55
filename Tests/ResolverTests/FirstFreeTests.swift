import Foundation
import Testing
@testable import Resolver

@Suite struct FirstFreeTests {
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.withLock { count += 1 } }
        var value: Int { lock.withLock { count } }
    }

    private struct Failure: Error {}

    @Test func theWorkRunsOnceWhicheverThreadAsksFirst() throws {
        for _ in 0..<20 {
            let runs = Counter()
            let task = FirstFree { () -> Int in
                runs.add()
                usleep(2_000)
                return 42
            }
            let other = ParallelLoad { () -> Bool in task.offer(); return true }
            #expect(try task.value() == 42)
            _ = try other.value()
            #expect(runs.value == 1)
        }
    }

    @Test func anErrorReachesTheOneWhoWaits() {
        let task = FirstFree { () throws -> Int in throw Failure() }
        task.offer()
        #expect(throws: Failure.self) { try task.value() }
    }

    @Test func aPromiseHandsAValueToAnotherThread() throws {
        let promise = Promise<String>()
        let reader = ParallelLoad { try promise.value() }
        usleep(1_000)
        promise.fulfil(.success("outlines"))
        #expect(try reader.value() == "outlines")
        #expect(try promise.value() == "outlines")   // and again, at once
    }
}
