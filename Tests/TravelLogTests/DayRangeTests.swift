import Foundation
import SQLite
import SyntheticPhotos
import Testing
@testable import TravelLog

/// `forEachDay(from:through:)`: a range of local dates read through the `photos_day` index,
/// against this file's own SQL over the photo rows.
@Suite struct DayRangeTests {
    /// Paths per local date in `first...last`, by this file's reading of what the passport
    /// reads: readable rows with a position or a hand-set place, by local time then path.
    static func reference(_ log: TravelLog, _ first: String, _ last: String) throws -> [(String, [String])] {
        let s = try log.database.prepare("""
            SELECT substr(taken_local, 1, 10), path FROM photos
            WHERE error_kind IS NULL AND (latitude IS NOT NULL OR id IN (SELECT photo_id FROM overrides))
              AND taken_local >= ? AND taken_local < ? || 'U' ORDER BY taken_local, path
            """)
        try s.bind(first, last)
        var days: [(String, [String])] = []
        while try s.step() {
            let (date, path) = (s.string(0) ?? "", s.string(1) ?? "")
            if days.last?.0 == date { days[days.count - 1].1.append(path) } else { days.append((date, [path])) }
        }
        return days
    }

    @Test(arguments: [7, 8, 9] as [UInt64])
    func aRangeGivesItsDatesAndNoOther(seed: UInt64) throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        var rng = SplitMix64(seed: seed)
        // Dates 2024-03-01 to 03-10, some undated, some unreadable (AggregatesTests' records).
        try log.write { for i in 0..<300 { try log.insert(AggregatesTests.randomRecord("/p/\(i).jpg", &rng), run: nil) } }
        for (first, last) in [("2024-03-01", "2024-03-10"), ("2024-03-03", "2024-03-05"), ("2024-03-07", "2024-03-07"),
                              ("2024-03-11", "2024-12-31"), ("2024-03-05", "2024-03-04"), ("0000-01-01", "9999-12-31")] {
            var seen: [(String, [String])] = []
            try log.forEachDay(from: first, through: last) { date, photos in
                seen.append((date, photos.map(\.path)))
                // Classified as forEachDay classifies: no photo is left undecided when it has a country.
                #expect(photos.allSatisfy { $0.country == nil || $0.status != .unplaced })
            }
            let expected = try Self.reference(log, first, last)
            #expect(seen.map(\.0) == expected.map(\.0), "\(first)...\(last)")
            #expect(seen.map(\.1) == expected.map(\.1), "\(first)...\(last)")
        }
        // The whole range gives what forEachDay gives, but the undated photos.
        var all: [String] = [], ranged: [String] = []
        try log.forEachDay { date, photos in if date != nil { all += photos.map(\.path) } }
        try log.forEachDay(from: "0000-01-01", through: "9999-12-31") { _, photos in ranged += photos.map(\.path) }
        #expect(ranged == all && !all.isEmpty)
    }

    @Test func theDatesComeFromTheDayIndex() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        let plan = try log.database.prepare("EXPLAIN QUERY PLAN " + TravelLog.datesInRange.sql)
        var steps: [String] = []
        while try plan.step() { steps.append(plan.string(3) ?? "") }
        #expect(steps.contains { $0.contains("USING COVERING INDEX photos_day") || $0.contains("USING INDEX photos_day") }, "\(steps)")
        #expect(!steps.contains { $0.hasPrefix("SCAN photos") && !$0.contains("INDEX") }, "\(steps)")
    }
}
