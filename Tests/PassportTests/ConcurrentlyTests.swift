import Testing
@testable import Passport

@Suite struct ConcurrentlyTests {
    /// Each side's result comes back on its own side, whatever thread ran it and whichever
    /// finished first.
    @Test func bothResultsComeBackInPlace() {
        for round in 0..<50 {
            let (sum, text) = concurrently({ (0...(round * 1_000)).reduce(0, +) }, { String(repeating: "x", count: round) })
            #expect(sum == round * 1_000 * (round * 1_000 + 1) / 2 && text.count == round)
        }
    }
}
