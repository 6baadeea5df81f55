import Foundation
import PhotoMetadata
import SyntheticPhotos
import Testing
import TravelLog
@testable import Importer

/// Offsets from the GPS clock through a whole import: kept when the zone at the photo had them
/// that day, replaced by the zone's otherwise. Every expected offset comes from Foundation's
/// tz database for a zone this file names, never from the importer.
@Suite(.serialized) struct CaptureOffsetImportTests {
    struct Place {
        let name: String, latitude: Double, longitude: Double, zone: String
    }

    /// Places and the zones a traveller's watch would be on there.
    static let places: [Place] = [
        Place(name: "tokyo", latitude: 35.6895, longitude: 139.6917, zone: "Asia/Tokyo"),
        Place(name: "beijing", latitude: 39.9042, longitude: 116.4074, zone: "Asia/Shanghai"),
        Place(name: "furnace-creek", latitude: 36.4572, longitude: -116.8661, zone: "America/Los_Angeles"),
        Place(name: "santa-monica", latitude: 34.0095, longitude: -118.4970, zone: "America/Los_Angeles"),
        Place(name: "paris", latitude: 48.8566, longitude: 2.3522, zone: "Europe/Paris"),
        Place(name: "lisbon", latitude: 38.7223, longitude: -9.1393, zone: "Europe/Lisbon"),
        Place(name: "kathmandu", latitude: 27.7172, longitude: 85.3240, zone: "Asia/Kathmandu"),
        Place(name: "mumbai", latitude: 19.0760, longitude: 72.8777, zone: "Asia/Kolkata"),
        Place(name: "adelaide", latitude: -34.9285, longitude: 138.6007, zone: "Australia/Adelaide"),
        Place(name: "auckland", latitude: -36.8485, longitude: 174.7633, zone: "Pacific/Auckland"),
        Place(name: "new-york", latitude: 40.7128, longitude: -74.0060, zone: "America/New_York"),
        Place(name: "phoenix", latitude: 33.4484, longitude: -112.0740, zone: "America/Phoenix"),
        Place(name: "window-rock", latitude: 35.6681, longitude: -109.0526, zone: "America/Denver"),
        Place(name: "st-johns", latitude: 47.5615, longitude: -52.7126, zone: "America/St_Johns"),
    ]

    /// Exif's "YYYY:MM:DD HH:MM:SS" of an instant on the wall clock `offset` seconds east of UTC.
    static func exifText(_ instant: Date, offset: Int) -> (date: String, time: String, clock: (UInt32, UInt32, UInt32)) {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(secondsFromGMT: offset)!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant)
        let date = String(format: "%04d:%02d:%02d", c.year!, c.month!, c.day!)
        return (date, date + String(format: " %02d:%02d:%02d", c.hour!, c.minute!, c.second!), (UInt32(c.hour!), UInt32(c.minute!), UInt32(c.second!)))
    }

    func importRecords(_ library: Library) throws -> [String: PhotoRecord] {
        _ = try ImporterTests().importLibrary(library, jobs: 2, batchSize: 250)
        let records = try TravelLog(path: library.database).records(after: 0, limit: 100_000).map(\.record)
        return Dictionary(uniqueKeysWithValues: records.map { (URL(fileURLWithPath: $0.path).lastPathComponent, $0) })
    }

    /// The four real photos whose clocks disagree with their GPS (hachoir's gps.jpg,
    /// goexif's sample1.jpg, Exiv2's FurnaceCreekInn.jpg, PhotoPrism's
    /// ferriswheel_colorful.jpg), rebuilt with their positions and stamps: −00:15 in Tokyo,
    /// +00:00 in Beijing and Death Valley, +02:00 in Santa Monica were taken as offsets.
    @Test func fourRealPhotosGetTheirZonesOffsets() throws {
        let library = try Library()
        let photos: [(name: String, lat: Double, lon: Double, local: String, gpsDate: String, gps: (UInt32, UInt32, UInt32), zone: String)] = [
            ("gps.jpg", 35.6160194, 139.6973167, "2003:05:24 22:21:01", "2003:05:24", (22, 29, 14), "Asia/Tokyo"),
            ("sample1.jpg", 39.9155556, 116.3908333, "2003:11:23 18:07:37", "2003:11:23", (18, 7, 37), "Asia/Shanghai"),
            ("FurnaceCreekInn.jpg", 36.4483333, -116.855, "2008:05:08 09:54:28", "2008:05:08 09:54:28", (9, 54, 28), "America/Los_Angeles"),
            ("ferriswheel_colorful.jpg", 34.0081433, -118.498125, "2015:02:12 03:11:00", "2015:02:12", (1, 10, 57), "America/Los_Angeles"),
        ]
        for p in photos {
            var photo = SyntheticPhoto(latitude: p.lat, longitude: p.lon, dateTimeOriginal: p.local)
            (photo.gpsDate, photo.gpsTime) = (p.gpsDate, p.gps)
            try library.writeFile(p.name, photo.jpeg())
        }
        let records = try importRecords(library)
        for p in photos {
            let record = try #require(records[p.name], "\(p.name)")
            let local = try #require(CaptureTime(exif: p.local))
            // None of these dates is near a clock change: the wall clock read as UTC is within
            // hours of the instant, and the zone's offset is the same then.
            let expected = try #require(TimeZone(identifier: p.zone)).secondsFromGMT(for: local.localAsUTC)
            #expect(record.utcOffsetSeconds == expected && record.offsetSource == .timezoneOverGPS,
                    "\(p.name): \(record.utcOffsetSeconds.map(String.init) ?? "none") \(record.offsetSource?.rawValue ?? "none")")
            #expect(record.takenLocal == local.localISO8601)
        }
    }

    /// 2,000 photos at fourteen places, 2000–2025, camera clocks right; every other one's GPS
    /// stamp agrees with the clock (seconds apart), the rest are hours and odd minutes off.
    /// Every photo gets exactly the zone's offset at its instant, from the GPS clock when it
    /// agrees.
    @Test func twoThousandGPSStampsGetExactlyTheZonesOffsets() throws {
        let library = try Library()
        var random = SplitMix64(seed: 0x7A11_CE)
        var expected: [String: (offset: Int, source: PhotoRecord.OffsetSource, local: String)] = [:]
        var i = 0
        while expected.count < 2_000 {
            let place = Self.places[i % Self.places.count]
            i += 1
            let zone = try #require(TimeZone(identifier: place.zone))
            let instant = Date(timeIntervalSince1970: 946_684_800 + Double(random.next() % 820_000_000))
            // A wall clock within three hours of a clock change can be read two ways: not this test's subject.
            let offset = zone.secondsFromGMT(for: instant)
            guard zone.secondsFromGMT(for: instant.addingTimeInterval(-3 * 3600)) == offset,
                  zone.secondsFromGMT(for: instant.addingTimeInterval(3 * 3600)) == offset else { continue }
            let agrees = expected.count % 2 == 0
            var gpsInstant = instant.addingTimeInterval(Double(random.next() % 240) - 120)
            if !agrees {
                // Offsets the zone had within two days either side are ruled out, so the GPS
                // clock gives one this zone did not have that day.
                let near = Set(stride(from: -48, through: 48, by: 1).map { zone.secondsFromGMT(for: instant.addingTimeInterval(Double($0) * 3600)) })
                let wrong = (-48...56).map { $0 * 900 }.filter { !near.contains($0) }
                let gpsOffset = wrong[Int(random.next() % UInt64(wrong.count))]
                gpsInstant = instant.addingTimeInterval(Double(offset - gpsOffset))
            }
            let local = Self.exifText(instant, offset: offset)
            let gps = Self.exifText(gpsInstant, offset: 0)
            let jitter = Double(expected.count) * 1e-5
            var photo = SyntheticPhoto(latitude: place.latitude + jitter, longitude: place.longitude + jitter, dateTimeOriginal: local.time)
            (photo.gpsDate, photo.gpsTime) = (gps.date, gps.clock)
            let name = String(format: "%@-%04d.jpg", place.name, expected.count)
            try library.writeFile(name, photo.jpeg())
            expected[name] = (offset, agrees ? .gps : .timezoneOverGPS, local.time)
        }
        let records = try importRecords(library)
        #expect(records.count == 2_000)
        var wrong: [String] = []
        for (name, e) in expected.sorted(by: { $0.key < $1.key }) {
            let record = records[name]
            if record?.utcOffsetSeconds != e.offset || record?.offsetSource != e.source || record?.takenLocal != CaptureTime(exif: e.local)?.localISO8601 {
                wrong.append("\(name): expected \(e.offset) \(e.source.rawValue), got \(record?.utcOffsetSeconds.map(String.init) ?? "none") \(record?.offsetSource?.rawValue ?? "none")")
            }
        }
        #expect(wrong.isEmpty, "\(wrong.count) wrong, first: \(wrong.prefix(10).joined(separator: "; "))")
        #expect(expected.values.filter { $0.source == .gps }.count == 1_000)
    }

    /// A log imported before the check holds Tokyo at −00:15 from the GPS clock: reresolve
    /// gives the zone's offset and says so.
    @Test func reresolveCorrectsAnOffsetTheZoneNeverHad() throws {
        let library = try Library()
        var photo = SyntheticPhoto(latitude: 35.6160194, longitude: 139.6973167, dateTimeOriginal: "2003:05:24 22:21:01")
        (photo.gpsDate, photo.gpsTime) = ("2003:05:24", (22, 29, 14))
        try library.writeFile("gps.jpg", photo.jpeg())
        _ = try importRecords(library)
        let log = try TravelLog(path: library.database)
        try log.database.execute("UPDATE photos SET utc_offset = -900, offset_source = 'gps'")
        let report = try Reresolver(log: log, finder: ImporterTests.finder).run()
        let tokyo = try #require(TimeZone(identifier: "Asia/Tokyo")).secondsFromGMT(for: Date(timeIntervalSince1970: 1_053_800_000))
        #expect(report.retimedPhotos == 1 && report.transitions["UTC offset -00:15 → \(Reresolver.offsetText(tokyo))"] == 1, "\(report.transitions)")
        let record = try #require(try log.records(after: 0, limit: 1).first?.record)
        #expect(record.utcOffsetSeconds == tokyo && record.offsetSource == .timezoneOverGPS)
    }
}
