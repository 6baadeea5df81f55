import Testing
@testable import Passport

@Suite struct RunMemoTests {
    /// A key asked again in a row is made once; a key met again after another is made again
    /// (only the last is kept), and each answer is the one its own key makes.
    @Test func aRunOfOneKeyIsMadeOnce() {
        var made: [String] = []
        var length = RunMemo { key -> Int in
            made.append(key)
            return key.count
        }
        let answers = ["a", "a", "bb", "bb", "bb", "a"].map { length($0) }
        #expect(answers == [1, 1, 2, 2, 2, 1])
        #expect(made == ["a", "bb", "a"])
    }
}
