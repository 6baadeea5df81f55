import Testing
import TravelLog
@testable import Passport

/// ``DayTable``: against a dictionary of the same additions, in and out of order.
@Suite struct DayTableTests {
    private static func day(_ n: Int) -> CalendarDay { CalendarDay(number: n) }

    /// Random additions, mostly in date order as a ledger's rows come, some earlier dates
    /// among them (marks and flights come after the rows), the same date several times.
    @Test(arguments: 0..<20) func aTableHoldsWhatADictionaryOfTheSameAdditionsHolds(seed: UInt64) {
        var random = Seeded(seed)
        var builder = DayTable<[Int]>.Builder()
        var reference: [Int: [Int]] = [:]
        var date = 19_000
        for value in 0..<Int.random(in: 0...300, using: &random) {
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5: break                                                       // the same date again
            case 5..<8: date += Int.random(in: 1...40, using: &random)              // a later date
            default: date = Int.random(in: 18_900...date, using: &random)          // back to an earlier one
            }
            builder.add(Self.day(date), [value]) { $0 += $1 }
            reference[date, default: []].append(value)
        }
        let table = builder.table { $0 += $1 }
        #expect(table.count == reference.count && table.isEmpty == reference.isEmpty)
        // Ascending, each date's values in the order they were added.
        #expect(table.numbers == reference.keys.sorted())
        #expect(table.keys.map(\.number) == table.numbers)
        #expect(table.map(\.value) == reference.keys.sorted().map { reference[$0]! })
        for n in 18_850...(date + 50) { #expect(table[Self.day(n)] == reference[n], "day \(n)") }
        // A range's indices are the dates within it.
        for _ in 0..<20 {
            let (a, b) = (Int.random(in: 18_850...(date + 50), using: &random), Int.random(in: 18_850...(date + 50), using: &random))
            let range = Self.day(min(a, b))...Self.day(max(a, b))
            #expect(table.indices(in: range).map { table.numbers[$0] } == reference.keys.filter { range.contains(Self.day($0)) }.sorted())
        }
    }

    @Test func aLiteralKeepsTheLastValueOfADate() {
        let table: DayTable<String> = [Self.day(3): "c", Self.day(1): "a", Self.day(3): "C"]
        #expect(table.numbers == [1, 3] && table.values == ["a", "C"])
        #expect(table[Self.day(2)] == nil && table[Self.day(3)] == "C")
        let empty: DayTable<String> = [:]
        #expect(empty.isEmpty && empty[Self.day(0)] == nil && empty.indices(in: Self.day(0)...Self.day(9)).isEmpty)
    }
}
