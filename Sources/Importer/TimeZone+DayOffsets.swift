import Foundation
import PhotoMetadata

extension TimeZone {
    /// Every UTC offset the zone's clocks showed at some moment of the local date of `time`:
    /// one on most days, two on a day the clocks change (both are real that day, and a camera
    /// not yet set forward is still right about the instant).
    ///
    /// ```swift
    /// TimeZone(identifier: "Europe/Paris")!.offsets(onDateOf: CaptureTime(year: 2024, month: 3, day: 31, hour: 12, minute: 0, second: 0))
    /// // [3600, 7200]
    /// ```
    func offsets(onDateOf time: CaptureTime) -> Set<Int> {
        let midnight = CaptureTime(year: time.year, month: time.month, day: time.day, hour: 0, minute: 0, second: 0).localAsUTC
        let dayEnd = midnight.addingTimeInterval(86_400)
        // No zone is more than 14 hours from UTC (Kiribati, +14): these instants cover the day
        // in every zone, and each run between transitions is tried against the local day.
        let windowEnd = dayEnd.addingTimeInterval(15 * 3600)
        var cursor = midnight.addingTimeInterval(-15 * 3600)
        var out = Set<Int>()
        while cursor < windowEnd {
            let offset = TimeInterval(secondsFromGMT(for: cursor))
            var next = nextDaylightSavingTimeTransition(after: cursor).map { min($0, windowEnd) } ?? windowEnd
            if next <= cursor { next = windowEnd }  // a transition that does not move on would never end the walk
            if cursor.addingTimeInterval(offset) < dayEnd, next.addingTimeInterval(offset) > midnight { out.insert(Int(offset)) }
            cursor = next
        }
        return out
    }
}
