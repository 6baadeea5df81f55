import Foundation
import SyntheticPhotos
import Testing
@testable import TravelLog

/// Track days against this file's own reading of their definition: points in the order of
/// their time then path as Swift's strings compare, a day the first ten characters of the
/// time, kilometres by its own haversine. Times are the awkward ones a damaged or hand-made
/// log may hold: ties within a minute and within a second, shorter strings, a `Z`, letters
/// beyond ASCII, a combining mark that joins the tenth character.
@Suite struct TrackDayTests {
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func daysFollowTheTimesAsStringsCompare(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let photos = (0..<400).map { i -> VisitPhoto in
            // Paths tie-break equal times; each is unique, so that no two points are equal.
            var p = VisitPhoto(path: "/t/\(Int.random(in: 0..<50, using: &rng))-\(i).jpg")
            p.takenLocal = Self.awkwardTime(&rng)
            p.measure(latitude: Double.random(in: -60...60, using: &rng), longitude: Double.random(in: -180...180, using: &rng),
                      altitude: nil, speedKmh: nil)
            return p
        }
        let days = TrackDay.aggregate(photos)
        let expected = Self.reference(photos)
        #expect(days.map(\.day) == expected.map(\.day))
        for (day, want) in zip(days, expected) {
            #expect(day.photos == want.points.count, "\(day.day)")
            #expect((day.first.time, day.first.path) == (want.points.first!.time, want.points.first!.path), "\(day.day)")
            #expect((day.last.time, day.last.path) == (want.points.last!.time, want.points.last!.path), "\(day.day)")
            #expect(abs(day.km - want.km) <= 1e-3 * max(1, want.km), "\(day.day)")
        }
        // A stored day extended by later points is the day of all of them, to the last bit.
        if let day = days.first(where: { $0.photos > 3 }) {
            let points = photos.compactMap(TrackDay.Point.init).filter { $0.day == day.day }
            let ordered = TrackDay.Point.inTrackOrder(points)
            let head = TrackDay.extending(nil, with: Array(ordered.prefix(2)))
            #expect(TrackDay.extending(head, with: Array(ordered.dropFirst(2)).shuffled(using: &rng)) == day)
        }
    }

    @Test func anEarlierPointCannotExtendADay() {
        let late = TrackDay.Point(time: "2024-05-01T12:00:00", path: "/b.jpg", latitude: 45, longitude: 5)
        let early = TrackDay.Point(time: "2024-05-01T09:00:00", path: "/a.jpg", latitude: 46, longitude: 6)
        #expect(TrackDay.extending(TrackDay.extending(nil, with: [late]), with: [early]) == nil)
    }

    private static func awkwardTime(_ rng: inout SplitMix64) -> String {
        let day = "2024-05-0\(Int.random(in: 1...3, using: &rng))"
        let minute = String(format: "T%02d:%02d", Int.random(in: 9...10, using: &rng), Int.random(in: 0...2, using: &rng))
        let second = String(format: ":%02d", Int.random(in: 0...1, using: &rng))
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: return day
        case 1: return String(day.prefix(7))
        case 2: return day + minute + second + "Z"
        case 3: return day + minute + second + ".5"
        case 4: return day + minute + "é"
        case 5: return day + "\u{301}" + minute
        case 6: return "２０２４-05-01" + minute
        default: return day + minute + second
        }
    }

    private static func reference(_ photos: [VisitPhoto]) -> [(day: String, points: [TrackDay.Point], km: Double)] {
        let points = photos.compactMap { p -> TrackDay.Point? in
            guard let t = p.takenLocal, let lat = p.latitude, let lon = p.longitude else { return nil }
            return TrackDay.Point(time: t, path: p.path, latitude: lat, longitude: lon)
        }.sorted { ($0.time, $0.path) < ($1.time, $1.path) }
        var days: [(day: String, points: [TrackDay.Point], km: Double)] = []
        for point in points {
            let day = String(point.time.prefix(10))
            if let last = days.last, last.day == day {
                days[days.count - 1].km += haversine(last.points.last!, point)
                days[days.count - 1].points.append(point)
            } else {
                days.append((day, [point], 0))
            }
        }
        return days
    }

    private static func haversine(_ a: TrackDay.Point, _ b: TrackDay.Point) -> Double {
        let rad = Double.pi / 180
        let dLat = (b.latitude - a.latitude) * rad, dLon = (b.longitude - a.longitude) * rad
        let h = pow(sin(dLat / 2), 2) + cos(a.latitude * rad) * cos(b.latitude * rad) * pow(sin(dLon / 2), 2)
        return 2 * 6_371.0 * atan2(sqrt(h), sqrt(1 - h))
    }
}
