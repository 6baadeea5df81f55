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

    /// Every index's result comes back at its index, pieces of very unequal work among them,
    /// and none for none.
    @Test func piecesComeBackInOrder() {
        for count in [0, 1, 2, 3, 17, 64] {
            let pieces = inParallel(count: count) { i in (0...(i % 5 == 0 ? 200_000 : i)).reduce(0, +) }
            #expect(pieces == (0..<count).map { i in (0...(i % 5 == 0 ? 200_000 : i)).reduce(0, +) })
        }
    }
}
