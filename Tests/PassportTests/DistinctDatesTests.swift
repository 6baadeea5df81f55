import Foundation
import Testing
@testable import Passport

/// Distinct dates counted in all, by year and by month, against sets of their texts grouped by
/// their leading characters: dates across years and leap days, repeated, in any order, with
/// texts that are no dates among them.
@Suite struct DistinctDatesTests {
    /// Texts from a few years around a leap day, one in ten not a date.
    private static func texts(_ count: Int, _ random: inout Seeded) -> [String] {
        var date = "2023-12-25"
        var texts: [String] = []
        for _ in 0..<count {
            date = PlainCalendar.adding(Int.random(in: 0...40, using: &random), to: date)
            switch Int.random(in: 0..<10, using: &random) {
            case 0: texts.append(["2024-02-30", "2024-2-5", "someday", "2024-05-01T10:00"].randomElement(using: &random)!)
            default: texts.append(date)
            }
        }
        return texts.shuffled(using: &random)
    }

    @Test func countsEachDateOnceInAllAndByPeriod() {
        var random = Seeded(7)
        for _ in 0..<100 {
            let texts = Self.texts(Int.random(in: 0...60, using: &random), &random)
            var dates = DistinctDates()
            for t in texts { dates.insert(t) }
            let distinct = Set(texts)
            #expect(dates.count == distinct.count)
            for (period, length) in [(DistinctDates.Period.year, 4), (.month, 7)] {
                let expected = Dictionary(grouping: distinct, by: { String($0.prefix(length)) }).mapValues(\.count)
                let counts = dates.counts(by: period)
                #expect(Dictionary(counts.map { ($0.key, $0.count) }, uniquingKeysWith: +) == expected, "\(texts)")
                #expect(Set(counts.map(\.key)).count == counts.count, "each period once: \(counts)")
            }
        }
    }

    @Test func theDatesPeriodsComeInOrder() {
        var dates = DistinctDates()
        for t in ["2025-01-02", "2024-12-31", "2024-02-29", "2024-12-31"] { dates.insert(t) }
        #expect(dates.counts(by: .month).map(\.key) == ["2024-02", "2024-12", "2025-01"])
        #expect(dates.counts(by: .year).map { [$0.key: $0.count] } == [["2024": 2], ["2025": 1]])
    }
}
