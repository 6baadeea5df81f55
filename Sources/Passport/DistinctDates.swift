import Foundation
import PhotoMetadata
import TravelLog

/// Dates counted once each, in all or by year or month: their day numbers gathered and sorted
/// once, not each text hashed into a set (a passport's figures count tens of thousands of
/// dates, and hashing a text was most of their work). A text that is not a `YYYY-MM-DD` date
/// is kept as text, and grouped by its leading characters as a date's would be.
///
/// ```swift
/// var dates = DistinctDates()
/// for d in ["2024-05-01", "2024-05-01", "2024-06-02"] { dates.insert(d) }
/// dates.count                // 2
/// dates.counts(by: .month)   // [("2024-05", 1), ("2024-06", 1)]
/// ```
///
/// A value type, for one loop at a time.
struct DistinctDates {
    private var numbers: [Int] = []
    private var others: Set<String> = []

    /// The periods dates are grouped by, named by their first characters: `YYYY` or `YYYY-MM`.
    enum Period {
        case year, month

        var length: Int { self == .year ? 4 : 7 }
    }

    mutating func insert(_ date: String) {
        if let day = CalendarDay(date) { numbers.append(day.number) } else { others.insert(date) }
    }

    mutating func insert(_ day: CalendarDay) { numbers.append(day.number) }

    var count: Int { Self.unique(numbers).count + others.count }

    /// How many distinct dates each period has, the periods with none left out; dates first,
    /// in order, then the texts that are not dates.
    func counts(by period: Period) -> [(key: String, count: Int)] {
        var out: [(key: String, count: Int)] = []
        // Sorted, a period's days are a run: its name and end are made once, where it starts.
        var end = Int.min
        for n in Self.unique(numbers) {
            if n >= end {
                let (y, m, _) = CaptureTime.civil(fromDays: n)
                let next = period == .year || m == 12 ? (y + 1, 1) : (y, m + 1)
                end = CaptureTime.daysFromCivil(period == .year ? y + 1 : next.0, period == .year ? 1 : next.1, 1)
                out.append((period == .year ? String(format: "%04d", y) : String(format: "%04d-%02d", y, m), 0))
            }
            out[out.count - 1].count += 1
        }
        var texts: [String: Int] = [:]
        for t in others { texts[String(t.prefix(period.length)), default: 0] += 1 }
        // A text's period may be a date's too ("2024-05-x" beside "2024-05-01").
        for (key, count) in texts.sorted(by: { $0.key < $1.key }) {
            if let i = out.firstIndex(where: { $0.key == key }) { out[i].count += count } else { out.append((key, count)) }
        }
        return out
    }

    private static func unique(_ numbers: [Int]) -> [Int] {
        var sorted = numbers.sorted()
        var kept = 0
        for i in sorted.indices where kept == 0 || sorted[kept - 1] != sorted[i] {
            sorted[kept] = sorted[i]
            kept += 1
        }
        sorted.removeLast(sorted.count - kept)
        return sorted
    }
}
