import Foundation
import SyntheticPhotos
import Testing
import TravelLog
@testable import Importer
@testable import Passport
import ScratchSpace

/// `export → import-record → export` is byte for byte the same on a log of a few thousand
/// photos at full double precision, with three homes in turn (one saved by hand) and trips away: every figure
/// derived from positions (the inferred homes' points above all) comes out of the record's
/// 7-decimal positions as it came out of the photos'. A location history's days come back
/// with the sums of their positions, without the points.
@Suite(.serialized) struct TravelRecordRoundTripTests {
    /// Homes (a city, its first day, how many days) and the trips taken from each.
    private static let homes: [(lat: Double, lon: Double, start: String, days: Int, offset: String)] = [
        (45.7640, 4.8357, "2019-01-05", 150, "+01:00"),     // Lyon
        (52.5200, 13.4050, "2020-03-01", 150, "+01:00"),    // Berlin
        (35.6762, 139.6503, "2021-06-01", 150, "+09:00"),   // Tokyo
    ]
    private static let trips: [(lat: Double, lon: Double, offset: String)] = [
        (41.9028, 12.4964, "+01:00"), (40.7128, -74.0060, "-05:00"), (-33.8688, 151.2093, "+10:00"),
    ]

    private static func library() throws -> String {
        let root = Scratch.root.appendingPathComponent("atlas-roundtrip-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        var random = Seeded(2026)
        var n = 0
        let day = DateFormatter()
        day.locale = Locale(identifier: "en_US_POSIX")
        day.timeZone = TimeZone(identifier: "UTC")
        day.dateFormat = "yyyy-MM-dd"
        func shoot(_ lat: Double, _ lon: Double, on date: Date, offset: String, photos: Int) throws {
            let stamp = day.string(from: date).replacingOccurrences(of: "-", with: ":")
            for i in 0..<photos {
                // Full double precision, within a few km of the place.
                let (dLat, dLon) = (Double.random(in: -0.03...0.03, using: &random), Double.random(in: -0.03...0.03, using: &random))
                let photo = SyntheticPhoto(latitude: lat + dLat, longitude: lon + dLon,
                                           dateTimeOriginal: String(format: "%@ %02d:%02d:00", stamp, 9 + i * 3, n % 60), offsetTimeOriginal: offset)
                try Data(photo.jpeg()).write(to: URL(fileURLWithPath: root + String(format: "/IMG_%05d.jpg", n)))
                n += 1
            }
        }
        for (h, home) in homes.enumerated() {
            let start = day.date(from: home.start)!
            for d in 0..<home.days {
                let date = start.addingTimeInterval(Double(d) * 86_400)
                // A trip of four days every fifty, elsewhere in the world.
                if d % 50 >= 20 && d % 50 < 24 {
                    let trip = trips[(h + d / 50) % trips.count]
                    try shoot(trip.lat, trip.lon, on: date, offset: trip.offset, photos: 4)
                } else {
                    try shoot(home.lat, home.lon, on: date, offset: home.offset, photos: 3)
                }
            }
        }
        // A phone's history of a long weekend in Paris without a photo, and its drive back.
        var locations: [String] = []
        let paris = day.date(from: "2019-06-07")!.timeIntervalSince1970
        for i in 0..<(3 * 24 * 6) {
            let (lat, lon) = i < 3 * 24 * 6 - 30 ? (48.8566 + Double(i % 7) * 0.0011, 2.3522) : (48.8566 - Double(i - 402) * 0.1, 2.3522 + Double(i - 402) * 0.08)
            locations.append(#"{"latitudeE7": \#(Int((lat * 1e7).rounded())), "longitudeE7": \#(Int((lon * 1e7).rounded())), "timestampMs": "\#(Int64(paris) * 1000 + Int64(i) * 600_000)"}"#)
        }
        try Data(("{\"locations\": [" + locations.joined(separator: ",\n") + "]}").utf8).write(to: URL(fileURLWithPath: root + "/Records.json"))
        return root
    }

    @Test func aRecordRestoredExportsTheSameBytes() throws {
        let root = try Self.library()
        let original = root + ".sqlite", restored = root + "-restored.sqlite"
        defer {
            try? FileManager.default.removeItem(atPath: root)
            for path in [original, restored] { for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: path + suffix) } }
        }
        let importer = Importer(log: try TravelLog(path: original), finder: Itinerary.finder,
                                options: .init(roots: [LibraryWalker.canonical(root)!], jobs: 2))
        _ = try importer.run()
        // A home saved by hand, to more decimals than the record keeps.
        var berlin = Home(place: PlaceLink(id: "city:2950159", name: "Berlin"), since: "2020-03-01")
        (berlin.latitude, berlin.longitude) = (52.524370123456, 13.410530987654)
        try TravelLog(path: original).saveHome(berlin)
        let first = try TravelRecordTests().export(original)
        let record = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        let homes = try #require(record["home_timeline"] as? [[String: Any]])
        #expect(homes.count >= 3, "\(homes)")
        #expect((record["photos"] as? [Any])?.count ?? 0 > 1_300)
        #expect((record["histories"] as? [Any])?.count == 1)
        let historyDays = try #require(record["history_days"] as? [[String: Any]])
        #expect(historyDays.contains { $0["date"] as? String == "2019-06-08" && ($0["city"] as? [String: Any])?["name"] as? String == "Paris" })
        _ = try TravelRecord.restore(Data(first.utf8), into: TravelLog(path: restored))
        // What the figures come from, at full precision: the visit aggregates and the homes' points.
        let (before, after) = (try TravelLog(path: original, readOnly: true), try TravelLog(path: restored, readOnly: true))
        let (daysBefore, daysAfter) = (try before.placeDays(), try after.placeDays())
        #expect(daysBefore == daysAfter)
        #expect(try before.historyDays() == after.historyDays())
        if let pair = zip(daysBefore, daysAfter).first(where: { $0 != $1 }) { Issue.record("first differing day: \(pair.0) / \(pair.1)") }
        let points = { (log: TravelLog) in try Passport(log: log).homeTimeline().periods.map { [$0.latitude, $0.longitude] } }
        #expect(try points(before) == points(after))
        // And what is measured between them: trips, the track, the farthest place.
        let trips = { (log: TravelLog) in try Passport(log: log).trips().map(\.distanceKm) }
        #expect(try trips(before) == trips(after) && trips(before).count >= 6)
        let scheme = try CountingScheme.load(.un, from: PassportTests.gazetteer)
        let stats = { (log: TravelLog) in try Passport(log: log).stats(scheme: scheme) }
        let (statsBefore, statsAfter) = (try stats(before), try stats(after))
        #expect(statsBefore.distanceKm == statsAfter.distanceKm && statsBefore.farthest?.km == statsAfter.farthest?.km)
        let second = try TravelRecordTests().export(restored)
        #expect(second == first)
        if second != first, let line = zip(first.split(separator: "\n"), second.split(separator: "\n")).first(where: { $0 != $1 }) {
            Issue.record("first difference: \(line.0.prefix(300)) / \(line.1.prefix(300))")
        }
    }
}
