import BenchmarkSupport
import Foundation
import Importer
import SyntheticPhotos
import TravelLog

/// The generated traveller's phone: a location history with a point every few minutes of every
/// day of the fifteen years, where the photos of that day were taken (else at home), scattered
/// a few hundred metres as a phone's fixes are; its days built by the importer's own rules
/// (``HistoryDays``), as `atlas import` would.
enum HistoryPoints {
    static func add(_ count: Int, to log: TravelLog, itinerary: (home: Stop, days: [(date: Date, stop: Stop)]), finder: PlaceFinder) throws {
        var stops: [Int: Stop] = [:]
        for d in itinerary.days { stops[Int(d.date.timeIntervalSince1970) / 86_400] = d.stop }
        let (first, last) = (14_975, 20_453)  // 2011-01-01 … 2025-12-31
        let perDay = max(1, count / (last - first + 1))
        var rng = SplitMix64(seed: 31)
        var points: [TimedPosition] = []
        points.reserveCapacity(count)
        for day in first...last {
            let stop = stops[day] ?? itinerary.home
            let midnight = Int64(day) * 86_400 - Int64(stop.utcOffset)
            for i in 0..<perDay where points.count < count {
                let lat = stop.snapshot.coordinate.latitude + Double.random(in: -0.003...0.003, using: &rng)
                let lon = stop.snapshot.coordinate.longitude + Double.random(in: -0.003...0.003, using: &rng)
                let instant = (midnight + Int64(i) * 86_400 / Int64(perDay)) * 1_000
                if let p = TimedPosition(instant: instant, latitude: lat, longitude: lon) { points.append(p) }
            }
        }
        var stored = TravelLog.StoredHistory(path: "/library/Takeout/Location History/Records.json", size: Int64(points.count) * 300, modifiedNs: 1)
        (stored.format, stored.pointsRead, stored.points) = ("google-records", points.count, points.count)
        (stored.first, stored.last) = (points.first?.instant, points.last?.instant)
        try log.write { _ = try log.saveHistory(stored, points: points, segments: [], run: nil) }
        let (days, duplicates) = try HistoryDays(finder: finder).build(from: log)
        try log.write {
            try log.replaceHistoryDays(days)
            try log.setHistoryDuplicates(duplicates)
        }
    }
}
