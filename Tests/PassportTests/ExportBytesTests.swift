import Foundation
import Gazetteer
import Passport
import SyntheticPhotos
import Testing
import TravelLog
import ScratchSpace

/// The whole `atlas export` of a generated log, pinned by its SHA-256: a change to how the
/// record is read or rendered (the export's hot path) must leave every byte alone.
///
/// The log is written through the `TravelLog` API from a seeded generator, with what a real
/// library holds and the renderer must escape or leave out: paths with quotes, backslashes,
/// control characters and non-ASCII letters; photos without a time, without an offset or
/// without a position; altitudes and speeds, flights and layovers; places set by hand; files
/// that could not be read; location histories and their days. Should the pin change on purpose (a new field), the new digests are
/// in the failure message.
@Suite struct ExportBytesTests {
    static let log: String = {
        let path = Scratch.root.appendingPathComponent("atlas-export-bytes-\(UUID().uuidString).sqlite").path
        try! generate(path)
        return path
    }()

    static func generate(_ path: String) throws {
        let gazetteer = try Gazetteer.open()
        let log = try TravelLog(path: path)
        var rng = SplitMix64(seed: 37)
        let places = try ["city:2996944", "city:2988507", "city:3169070", "city:2267057", "city:1850147", "airport:FRA", "city:5128581", "city:2147714"]
            .map { try #require(try gazetteer.place(PlaceID($0)!)) }
        func snapshot(_ place: Place, _ lat: Double, _ lon: Double, waters: Waters) -> PlaceSnapshot {
            var s = PlaceSnapshot(coordinate: GeoCoordinate(latitude: lat, longitude: lon), waters: waters, gazetteerVersion: gazetteer.version)
            func link(_ kind: PlaceKind) -> PlaceSnapshot.Link? {
                if place.kind == kind { return .init(id: place.id, name: place.name) }
                return place.ancestor(kind).map { .init(id: $0.id, name: $0.name) }
            }
            (s.continent, s.country, s.region, s.city, s.airport) = (link(.continent), link(.country), link(.region), link(.city), link(.airport))
            return s
        }
        let names = ["IMG_%05d.JPG", "Été à Lyon %d.heic", "quote\"%d\".jpg", "back\\slash %d.jpg", "tab\t%d.jpg", "東京 %d.JPG", "del\u{7F}%d.png"]
        var records: [PhotoRecord] = []
        for serial in 0..<3_000 {
            let day = 1 + Int.random(in: 0..<400, using: &rng)
            let date = Calendar(identifier: .gregorian).date(byAdding: .day, value: day, to: Date(timeIntervalSince1970: 1_600_000_000))!
            let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: date)
            let name = String(format: names[serial % names.count], serial)
            var r = PhotoRecord(path: "/library/\(parts.year!)/\(name)", size: 1_000 + Int64(serial), modifiedNs: Int64(serial))
            r.format = "jpeg"
            if serial % 53 != 0 {
                let seconds = Int.random(in: 0..<86_400, using: &rng)
                r.takenLocal = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", parts.year!, parts.month!, parts.day!,
                                      seconds / 3_600, seconds / 60 % 60, seconds % 60)
                if serial % 7 != 0 { (r.utcOffsetSeconds, r.offsetSource) = (Int.random(in: -10...12, using: &rng) * 3_600, .exif) }
            }
            if serial % 97 == 0 {
                r.error = .init(kind: "unreadable", message: "not an image")
            } else if serial % 11 != 0 {
                let place = places[Int.random(in: 0..<places.count, using: &rng)]
                let base = place.coordinate ?? GeoCoordinate(latitude: 0, longitude: 0)
                let lat = base.latitude + Double.random(in: -0.05...0.05, using: &rng)
                let lon = base.longitude + Double.random(in: -0.05...0.05, using: &rng)
                (r.latitude, r.longitude) = (lat, lon)
                if serial % 5 == 0 { r.altitude = Double.random(in: -20...12_000, using: &rng) }
                if serial % 13 == 0 { r.speedKmh = Double.random(in: 0...900, using: &rng) }
                r.positionSource = ["exif", "xmp", "takeout", "track"][serial % 4]
                r.place = snapshot(place, lat, lon, waters: serial % 31 == 0 ? .territorial : .land)
            }
            records.append(r)
        }
        var ids: [Int64] = []
        try log.write { for r in records { ids.append(try log.insert(r, run: nil)) } }
        let rome = try #require(try gazetteer.place(PlaceID("city:3169070")!))
        for k in stride(from: 0, to: ids.count, by: 41) { try log.setPlace(photo: ids[k], to: rome) }
        // Two location histories (one cut short) and the stays and passages they gave.
        var takeout = TravelLog.StoredHistory(path: "/library/Takeout/Records \"2020\".json", size: 1 << 30, modifiedNs: 7)
        (takeout.format, takeout.pointsRead, takeout.points, takeout.duplicates, takeout.first, takeout.last) =
            ("google-records", 3_352_114, 3_351_980, 12, 1_600_000_000_123, 1_634_567_890_999)
        var phone = TravelLog.StoredHistory(path: "/library/phone/Zeitachse.json", size: 1_000, modifiedNs: 8)
        (phone.format, phone.pointsRead, phone.points, phone.visits, phone.flights, phone.cutOffset) = ("google-timeline", 40, 40, 2, 1, 999)
        phone.error = .init(kind: "truncated", message: "cut short at byte 999 (the points before it are kept)")
        try log.write {
            _ = try log.saveHistory(takeout, points: [], segments: [], run: nil)
            _ = try log.saveHistory(phone, points: [], segments: [], run: nil)
            var days: [PlaceDay] = []
            for (n, place) in places.enumerated() {
                var d = PlaceDay(date: String(format: "2021-03-%02d", 1 + n * 3), status: n % 3 == 2 ? .transit : .visit)
                func link(_ kind: PlaceKind) -> PlaceLink? {
                    place.kind == kind ? PlaceLink(id: place.id.description, name: place.name)
                        : place.ancestor(kind).map { PlaceLink(id: $0.id.description, name: $0.name) }
                }
                (d.continent, d.country, d.region, d.city, d.airport) = (link(.continent), link(.country), link(.region), link(.city), link(.airport))
                d.historyPoints = 100 + n
                (d.positioned, d.latitudeSum, d.longitudeSum) = (100 + n, Double(100 + n) * 456_789_012, Double(100 + n) * -12_345_678)
                (d.firstTime, d.lastTime) = (LocalTime(d.date! + "T08:00:00"), LocalTime(d.date! + "T21:30:00"))
                days.append(d)
            }
            try log.replaceHistoryDays(days)
        }
    }

    static func export(_ coordinates: TravelRecord.Coordinates, photos: Bool = true) throws -> [UInt8] {
        let log = try TravelLog(path: Self.log, readOnly: true)
        let gazetteer = try Gazetteer.open()
        let passport = try Passport(log: log)
        var bytes: [UInt8] = []
        var record = TravelRecord(passport: passport, scheme: try CountingScheme.load(.un, from: gazetteer), gazetteerVersion: gazetteer.version,
                                  includePhotos: photos, coordinates: coordinates)
        record.histories = try log.storedHistories()
        try record.write(photosFrom: log) { bytes += $0 }
        return bytes
    }

    static func hex(_ bytes: [UInt8]) -> String {
        var sha = SHA256()
        sha.update(bytes)
        return sha.digest().map { String(format: "%02x", $0) }.joined()
    }

    @Test(arguments: [
        (TravelRecord.Coordinates.exact, "b7cafb97a6a2353208ac5a1205b71ca313b76971289b0f419b6e3e75e58905b2"),
        (.city, "f430dbda98f136b44b8c040f3c21d5e37b45e6d66eb74b2f7debf9bf4e84885f"),
        (.none, "a7b914ff9022c5676fb6bad3f90d294898f4ca6fa70cf6c1991da2303aeee6b8"),
    ])
    func theExportOfAGeneratedLogKeepsItsBytes(_ coordinates: TravelRecord.Coordinates, _ digest: String) throws {
        let bytes = try Self.export(coordinates)
        #expect(bytes.count > 1_000_000)
        #expect(Self.hex(bytes) == digest, "\(coordinates): \(bytes.count) bytes")
    }
}
