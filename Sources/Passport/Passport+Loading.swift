import SQLite
import TravelLog

extension Passport {
    /// Every readable photo with a position or a hand-set place, by local time then path, so
    /// the same log always gives the same order. Photos whose file is missing still count: the
    /// trip happened.
    static func loadPhotos(_ log: TravelLog) throws -> [PassportPhoto] {
        let s = try log.database.prepare("""
            SELECT p.path, p.taken_local, p.utc_offset, p.latitude, p.longitude, p.altitude, p.speed_kmh,
                   v.continent_id, v.continent_name, v.country_id, v.country_name, v.region_id, v.region_name,
                   v.city_id, v.city_name, v.airport_id, v.airport_name, p.waters, p.gazetteer_version, v.overridden,
                   v.district_id, v.district_name
            FROM photos p JOIN photo_places v ON v.photo_id = p.id
            WHERE p.error_kind IS NULL AND (p.latitude IS NOT NULL OR v.overridden)
            ORDER BY p.taken_local IS NULL, p.taken_local, p.path
            """)
        var photos: [PassportPhoto] = []
        while try s.step() {
            func link(_ i: Int32) -> PassportPhoto.Link? { s.string(i).map { .init(id: $0, name: s.string(i + 1) ?? "") } }
            var p = PassportPhoto(path: s.string(0) ?? "")
            p.takenLocal = s.string(1)
            p.utcOffsetSeconds = s.optionalInt(2)
            (p.latitude, p.longitude, p.altitude, p.speedKmh) = (s.optionalDouble(3), s.optionalDouble(4), s.optionalDouble(5), s.optionalDouble(6))
            (p.continent, p.country, p.region, p.city, p.airport) = (link(7), link(9), link(11), link(13), link(15))
            p.waters = s.string(17)
            p.gazetteerVersion = s.string(18)
            p.isHandSet = s.int(19) != 0
            p.district = link(20)
            photos.append(p)
        }
        return photos
    }
}
