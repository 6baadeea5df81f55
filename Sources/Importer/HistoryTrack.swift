import Foundation
import TravelLog

/// The points of the log's location histories between two local dates, grouped by local date
/// (each in the zone of its position) and merged with the photos' days: what `atlas export
/// --track` writes for a trip or a year, from photos and history together.
///
/// ```swift
/// let history = try HistoryTrack(log: log, finder: finder, from: "2024-05-01", through: "2024-05-07")
/// try history.forEachDay(photos: { try log.forEachDay(from: "2024-05-01", through: "2024-05-07", $0) }) { date, points in … }
/// ```
///
/// A point is handed on as a ``VisitPhoto`` without a path: its position, its local time and
/// offset, which is all a track reads. The repeats of one fix in two histories (within 2 s and
/// 5 m) are one point, as when the days are built. Memory: the range's points, about 24 bytes
/// each (a year of a point a minute is some 13 MB). A value type; `Sendable`.
public struct HistoryTrack: Sendable {
    /// Per local date, its points and their local seconds (wall clock, since 1970), in time order.
    private let days: [(date: String, points: [(point: TimedPosition, local: Int)])]

    /// The points of `log`'s histories whose local date lies in `first...last` (`YYYY-MM-DD`).
    public init(log: TravelLog, finder: PlaceFinder, from first: String, through last: String) throws {
        guard let from = CalendarDay(first), let through = CalendarDay(last), try log.historySpan() != nil else {
            days = []
            return
        }
        // Local dates run from UTC-12 to UTC+14: the UTC range that may hold them.
        let start = Int64(from.number) * 86_400_000 - 14 * 3_600_000
        let end = Int64(through.number + 1) * 86_400_000 + 12 * 3_600_000
        var builder = HistoryDays.Builder(finder: finder, rules: .init(), flights: [])
        var byDay: [Int: [(TimedPosition, Int)]] = [:]
        var repeats = HistoryFile.Repeats()
        try log.forEachWeek(from: start, through: end - 1) { window in
            try builder.resolve(window.map(\.point))
            for (id, p) in window where !repeats.isRepeat(p, of: id) {
                let local = try builder.localSeconds(at: p)
                let day = local.dividedRoundingDown(by: 86_400)
                guard day >= from.number, day <= through.number else { continue }
                byDay[day, default: []].append((p, local))
            }
        }
        days = byDay.keys.sorted().map { (CalendarDay(number: $0).text, byDay[$0]!.map { (point: $0.0, local: $0.1) }) }
    }

    /// How many points the range holds.
    public var count: Int { days.reduce(0) { $0 + $1.points.count } }

    /// Calls `body` for every local date with photos (given by `photos`, in date order) or history
    /// points, in date order, with the photos of that date followed by its points.
    public func forEachDay(photos: (_ body: (String, [VisitPhoto]) throws -> Void) throws -> Void,
                           _ body: (String, [VisitPhoto]) throws -> Void) throws {
        // `photos` calls its body before it returns: `body` never outlives this call.
        try withoutActuallyEscaping(body) { body in
            var next = 0
            func flush(before date: String?) throws {
                while next < days.count, date.map({ days[next].date < $0 }) ?? true {
                    try body(days[next].date, Self.photos(days[next].points))
                    next += 1
                }
            }
            try photos { date, shots in
                try flush(before: date)
                if next < days.count, days[next].date == date {
                    try body(date, shots + Self.photos(days[next].points))
                    next += 1
                } else {
                    try body(date, shots)
                }
            }
            try flush(before: nil)
        }
    }

    /// The points as what a track reads of a photo: position, local time and offset.
    private static func photos(_ points: [(point: TimedPosition, local: Int)]) -> [VisitPhoto] {
        points.map { p in
            var photo = VisitPhoto(path: "")
            (photo.latitude, photo.longitude) = (p.point.latitude, p.point.longitude)
            photo.takenLocal = VisitPhoto.text(p.local)
            photo.utcOffsetSeconds = p.local - Int(p.point.instant.dividedRoundingDown(by: 1000))
            photo.positionSource = "history"
            return photo
        }
    }
}
