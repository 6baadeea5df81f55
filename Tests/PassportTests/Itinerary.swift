import Foundation
import Gazetteer
import SyntheticPhotos
import TravelLog
@testable import Importer
import ScratchSpace

/// A generated library with a known itinerary, imported into a fresh travel log:
///
/// - home: Lyon (Auvergne-Rhône-Alpes), 2024-03-01 to 03-05, and Annemasse (France, 1.7 km
///   from the Swiss border) on 07-13, the same day as Geneva (4 km from it);
/// - 2024-07-10: a layover at Frankfurt airport (Germany, transit only), a photo at 10,000 m
///   over Poland and one at 800 km/h and 2,000 m over Czechia (both in flight);
/// - 2024-07-11 and 07-12: Milan;
/// - 2024-08-01: Lhasa at 3,650 m (counts: altitude alone below 9,000 m is no flight);
/// - 2024-08-03: Hong Kong (ISO 3166-1, not a UN member);
/// - marks: Iceland on 2023-05-01 (with a note) and Kosovo on 2023-05-02 (neither UN nor ISO).
final class Itinerary: Sendable {
    let root: String
    var database: String { root + ".sqlite" }
    static let finder = PlaceFinder(gazetteer: try! Gazetteer.open())

    struct Shot {
        let name: String, lat: Double, lon: Double, time: String, offset: String
        var altitude: Double? = nil
        var speedKmh: UInt32? = nil
    }

    static let shots: [Shot] = [
        Shot(name: "01-lyon", lat: 45.7640, lon: 4.8357, time: "2024:03:01 10:00:00", offset: "+01:00"),
        Shot(name: "02-lyon", lat: 45.7640, lon: 4.8357, time: "2024:03:02 10:00:00", offset: "+01:00"),
        Shot(name: "03-lyon", lat: 45.7640, lon: 4.8357, time: "2024:03:03 10:00:00", offset: "+01:00"),
        Shot(name: "04-lyon", lat: 45.7640, lon: 4.8357, time: "2024:03:04 10:00:00", offset: "+01:00"),
        Shot(name: "05-lyon", lat: 45.7640, lon: 4.8357, time: "2024:03:05 10:00:00", offset: "+01:00"),
        Shot(name: "06-lyon", lat: 45.7640, lon: 4.8357, time: "2024:03:05 18:00:00", offset: "+01:00"),
        Shot(name: "10-fra-gate", lat: 50.0379, lon: 8.5622, time: "2024:07:10 08:00:00", offset: "+02:00"),
        Shot(name: "11-fra-lounge", lat: 50.0379, lon: 8.5622, time: "2024:07:10 09:00:00", offset: "+02:00"),
        Shot(name: "12-over-poland", lat: 52.0, lon: 20.0, time: "2024:07:10 10:30:00", offset: "+02:00", altitude: 10_000),
        Shot(name: "13-over-czechia", lat: 50.0, lon: 15.0, time: "2024:07:10 11:30:00", offset: "+02:00", altitude: 2_000, speedKmh: 800),
        Shot(name: "20-milan", lat: 45.4642, lon: 9.1900, time: "2024:07:11 12:00:00", offset: "+02:00"),
        Shot(name: "21-milan", lat: 45.4642, lon: 9.1900, time: "2024:07:12 12:00:00", offset: "+02:00"),
        Shot(name: "30-geneva", lat: 46.2044, lon: 6.1432, time: "2024:07:13 10:00:00", offset: "+02:00"),
        Shot(name: "31-annemasse", lat: 46.1934, lon: 6.2342, time: "2024:07:13 15:00:00", offset: "+02:00"),
        Shot(name: "40-lhasa", lat: 29.6500, lon: 91.1000, time: "2024:08:01 12:00:00", offset: "+08:00", altitude: 3_650),
        Shot(name: "41-hong-kong", lat: 22.2800, lon: 114.1588, time: "2024:08:03 12:00:00", offset: "+08:00"),
    ]

    init() throws {
        root = Scratch.root.appendingPathComponent("atlas-passport-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        for shot in Self.shots {
            var photo = SyntheticPhoto(latitude: shot.lat, longitude: shot.lon, dateTimeOriginal: shot.time, offsetTimeOriginal: shot.offset)
            photo.altitude = shot.altitude
            photo.speed = shot.speedKmh.map { (value: $0, ref: "K") }
            try Data(photo.jpeg()).write(to: URL(fileURLWithPath: root + "/" + shot.name + ".jpg"))
        }
        try importPhotos()
        let gazetteer = try Gazetteer.open()
        let log = try TravelLog(path: database)
        try log.saveMark(Mark(place: try require(gazetteer.lookup("country:IS")), date: "2023-05-01", note: "ferry from Denmark"))
        try log.saveMark(Mark(place: try require(gazetteer.lookup("country:XK")), date: "2023-05-02", note: nil))
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
        for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: database + suffix) }
    }

    func importPhotos() throws {
        let importer = Importer(log: try TravelLog(path: database), finder: Self.finder,
                                options: .init(roots: [LibraryWalker.canonical(root)!], jobs: 2))
        _ = try importer.run()
    }
}

struct MissingValue: Error {}

func `require`<T>(_ value: T?) throws -> T {
    guard let value else { throw MissingValue() }
    return value
}
