import Foundation
import Gazetteer
import TravelLog
import ScratchSpace

/// A travel log written row by row (no import, so the offsets are exactly as given): home in
/// Lyon from September 2024, and New Year in Japan, 2024-12-28 to 2025-01-02:
///
/// - 12-28: the morning at home, a photo at 11,000 m over Russia in the evening;
/// - 12-29: Tokyo, two photos at the same second (the path decides), a ferry at sea at night
///   (international waters: no country, still a point of the track);
/// - 12-30: Tokyo, one photo with its offset and one without, taken earlier by the camera clock
///   but later on the time line (09:00 on a clock without offset comes after 01:00 UTC);
/// - 12-31: Kyoto, in the morning and at 23:30;
/// - 2025-01-01: Tokyo at 00:30 (still 2024 in UTC) and at noon at 40.5 m; Osaka set by hand on a
///   photo without a position (a visit, no point);
/// - 2025-01-02: Tokyo, one photo;
/// - home again on 01-06 and 01-07; an undated photo and an unreadable file.
final class NewYearInTokyo: Sendable {
    struct Spot {
        let lat: Double, lon: Double
        let country: (String, String)?, region: (String, String)?, city: (String, String)?
    }

    struct Shot {
        let path: String
        let local: String?
        let offsetHours: Int?
        let spot: Spot?
        var altitude: Double? = nil
        var handSet: Spot? = nil
        var broken = false
    }

    static let lyon = Spot(lat: 45.7640, lon: 4.8357, country: ("country:FR", "France"), region: ("region:FR.84", "Auvergne-Rhône-Alpes"),
                           city: ("city:2996944", "Lyon"))
    static let tokyo = Spot(lat: 35.6762, lon: 139.6503, country: ("country:JP", "Japan"), region: ("region:JP.40", "Tokyo"),
                            city: ("city:1850147", "Tokyo"))
    static let shibuya = Spot(lat: 35.6580, lon: 139.7016, country: ("country:JP", "Japan"), region: ("region:JP.40", "Tokyo"),
                              city: ("city:1850147", "Tokyo"))
    static let kyoto = Spot(lat: 35.0116, lon: 135.7681, country: ("country:JP", "Japan"), region: ("region:JP.22", "Kyoto"),
                            city: ("city:1857910", "Kyoto"))
    static let gion = Spot(lat: 35.0037, lon: 135.7788, country: ("country:JP", "Japan"), region: ("region:JP.22", "Kyoto"),
                           city: ("city:1857910", "Kyoto"))
    static let osaka = Spot(lat: 34.6937, lon: 135.5023, country: ("country:JP", "Japan"), region: ("region:JP.32", "Osaka"),
                            city: ("city:1853909", "Osaka"))
    static let overRussia = Spot(lat: 60.0, lon: 90.0, country: ("country:RU", "Russia"), region: ("region:RU.91", "Krasnoyarsk Krai"),
                                 city: nil)
    static let atSea = Spot(lat: 34.0, lon: 140.5, country: nil, region: nil, city: nil)

    static let shots: [Shot] = [
        Shot(path: "/lib/home-09.jpg", local: "2024-09-10T12:00:00", offsetHours: 2, spot: lyon),
        Shot(path: "/lib/home-10.jpg", local: "2024-10-10T12:00:00", offsetHours: 2, spot: lyon),
        Shot(path: "/lib/home-11a.jpg", local: "2024-11-10T12:00:00", offsetHours: 1, spot: lyon),
        Shot(path: "/lib/home-11b.jpg", local: "2024-11-20T12:00:00", offsetHours: 1, spot: lyon),
        Shot(path: "/lib/home-12a.jpg", local: "2024-12-05T12:00:00", offsetHours: 1, spot: lyon),
        Shot(path: "/lib/home-12b.jpg", local: "2024-12-10T12:00:00", offsetHours: 1, spot: lyon),
        Shot(path: "/lib/trip/1228-home.jpg", local: "2024-12-28T08:00:00", offsetHours: 1, spot: lyon),
        Shot(path: "/lib/trip/1228-plane.jpg", local: "2024-12-28T20:00:00", offsetHours: 1, spot: overRussia, altitude: 11_000),
        Shot(path: "/lib/trip/1229-b.jpg", local: "2024-12-29T12:00:00", offsetHours: 9, spot: shibuya),
        Shot(path: "/lib/trip/1229-a.jpg", local: "2024-12-29T12:00:00", offsetHours: 9, spot: tokyo),
        Shot(path: "/lib/trip/1229-ferry.jpg", local: "2024-12-29T20:00:00", offsetHours: 9, spot: atSea),
        Shot(path: "/lib/trip/1230-clock.jpg", local: "2024-12-30T09:00:00", offsetHours: nil, spot: shibuya),
        Shot(path: "/lib/trip/1230-utc.jpg", local: "2024-12-30T10:00:00", offsetHours: 9, spot: tokyo),
        Shot(path: "/lib/trip/1231-kyoto.jpg", local: "2024-12-31T11:00:00", offsetHours: 9, spot: kyoto),
        Shot(path: "/lib/trip/1231-gion.jpg", local: "2024-12-31T23:30:00", offsetHours: 9, spot: gion),
        Shot(path: "/lib/trip/0101-midnight.jpg", local: "2025-01-01T00:30:00", offsetHours: 9, spot: shibuya),
        Shot(path: "/lib/trip/0101-noon.jpg", local: "2025-01-01T12:00:00", offsetHours: 9, spot: tokyo, altitude: 40.5),
        Shot(path: "/lib/trip/0101-osaka.jpg", local: "2025-01-01T15:00:00", offsetHours: 9, spot: nil, handSet: osaka),
        Shot(path: "/lib/trip/0102-tokyo.jpg", local: "2025-01-02T10:00:00", offsetHours: 9, spot: tokyo),
        Shot(path: "/lib/home-0106.jpg", local: "2025-01-06T12:00:00", offsetHours: 1, spot: lyon),
        Shot(path: "/lib/home-0107.jpg", local: "2025-01-07T12:00:00", offsetHours: 1, spot: lyon),
        Shot(path: "/lib/undated.jpg", local: nil, offsetHours: nil, spot: tokyo),
        Shot(path: "/lib/trip/1229-broken.jpg", local: "2024-12-29T13:00:00", offsetHours: 9, spot: tokyo, broken: true),
    ]

    let root: String
    var database: String { root + "/atlas.sqlite" }

    init() throws {
        root = Scratch.root.appendingPathComponent("atlas-newyear-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let log = try TravelLog(path: database)
        for shot in Self.shots {
            var r = PhotoRecord(path: shot.path, size: 1_000, modifiedNs: 1)
            if shot.broken {
                r.error = .init(kind: "truncated", message: "truncated: JPEG ends inside a segment")
            }
            (r.takenLocal, r.utcOffsetSeconds, r.altitude) = (shot.local, shot.offsetHours.map { $0 * 3_600 }, shot.altitude)
            if let spot = shot.spot {
                (r.latitude, r.longitude, r.positionSource) = (spot.lat, spot.lon, "exif")
                var place = PlaceSnapshot(coordinate: GeoCoordinate(latitude: spot.lat, longitude: spot.lon),
                                          waters: spot.country == nil ? .international : .land, gazetteerVersion: "test.1")
                func link(_ pair: (String, String)?) throws -> PlaceSnapshot.Link? {
                    guard let pair else { return nil }
                    return .init(id: try require(PlaceID(pair.0)), name: pair.1)
                }
                place.continent = spot.country == nil ? nil : try link(spot.country?.0 == "country:FR" || spot.country?.0 == "country:RU"
                                                                         ? ("continent:EU", "Europe") : ("continent:AS", "Asia"))
                (place.country, place.region, place.city) = (try link(spot.country), try link(spot.region), try link(spot.city))
                r.place = place
            }
            let id = try log.write { try log.insert(r, run: nil) }
            if let hand = shot.handSet {
                let link = { (pair: (String, String)?) in pair.map { PlaceLink(id: $0.0, name: $0.1) } }
                try log.setPlace(photo: id, placeID: hand.city?.0 ?? "", lineage: PlaceLineage(
                    continent: PlaceLink(id: "continent:AS", name: "Asia"), country: link(hand.country), region: link(hand.region), city: link(hand.city)))
            }
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// The UTC time of a shot, `YYYY-MM-DDTHH:MM:SSZ`, by Foundation's calendar: nil without an offset.
    static func utc(_ shot: Shot) -> String? {
        guard let local = shot.local, let hours = shot.offsetHours else { return nil }
        let parse = DateFormatter()
        (parse.locale, parse.dateFormat) = (Locale(identifier: "en_US_POSIX"), "yyyy-MM-dd'T'HH:mm:ss")
        parse.timeZone = TimeZone(secondsFromGMT: hours * 3_600)
        guard let date = parse.date(from: local) else { return nil }
        let print = ISO8601DateFormatter()
        print.timeZone = TimeZone(secondsFromGMT: 0)
        return print.string(from: date)
    }

    /// What a track of the local dates `first...last` holds, by this file's reading of the rule:
    /// readable shots with a position and a date in the range, grouped by local date, each day
    /// ordered by UTC time where the offset is known and by the camera's clock otherwise, ties
    /// by path.
    static func expectedDays(_ first: String, _ last: String) -> [(date: String, shots: [Shot])] {
        let kept = shots.filter { s in
            guard let local = s.local, s.spot != nil, !s.broken else { return false }
            let date = String(local.prefix(10))
            return first <= date && date <= last
        }
        let byDate = Dictionary(grouping: kept) { String($0.local!.prefix(10)) }
        return byDate.keys.sorted().map { date in
            (date, byDate[date]!.sorted { a, b in
                let (ta, tb) = (utc(a) ?? a.local!, utc(b) ?? b.local!)
                return ta != tb ? ta < tb : a.path < b.path
            })
        }
    }
}
