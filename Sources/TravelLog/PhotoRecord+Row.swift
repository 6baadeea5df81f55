import Gazetteer
import Resolver
import SQLite

extension PhotoRecord {
    /// The columns a record writes, in ``values`` order.
    static let columns = [
        "path", "size", "mtime_ns", "fingerprint", "format", "taken_local", "utc_offset", "offset_source", "time_source",
        "latitude", "longitude", "altitude", "gps_issue", "make", "model",
        "continent_id", "continent_name", "country_id", "country_name", "country_code", "region_id", "region_name", "region_code",
        "city_id", "city_name", "city_km", "airport_id", "airport_name", "airport_code", "airport_km",
        "waters", "border_km", "boundary_quality", "nearest_city_elsewhere", "gazetteer_version", "error_kind", "error_message", "speed_kmh",
    ]

    var values: [SQLValue?] {
        let chain = place?.chain
        return [
            path, size, modifiedNs, fingerprint.map { Int64(bitPattern: $0) }, format, takenLocal, utcOffsetSeconds,
            offsetSource?.rawValue, timeSource, latitude, longitude, altitude, gpsIssue, make, model,
            chain?.continent?.id.description, chain?.continent?.name,
            chain?.country?.id.description, chain?.country?.name, chain?.country?.code,
            chain?.region?.id.description, chain?.region?.name, chain?.region?.code,
            chain?.city?.id.description, chain?.city?.name, chain?.city?.distanceKm,
            chain?.airport?.id.description, chain?.airport?.name, chain?.airport?.code, chain?.airport?.distanceKm,
            chain?.waters.rawValue, chain?.borderKm, chain?.boundaryQuality, chain.map { $0.nearestCityElsewhere },
            place?.gazetteerVersion, error?.kind, error?.message, speedKmh,
        ]
    }

    /// Reads a record from a row selected as `SELECT <columns joined by ,> FROM photos`.
    init(row s: Statement) {
        self.init(path: s.string(0) ?? "", size: Int64(s.int(1)), modifiedNs: Int64(s.int(2)))
        fingerprint = s.optionalInt(3).map { UInt64(bitPattern: Int64($0)) }
        format = s.string(4)
        takenLocal = s.string(5)
        utcOffsetSeconds = s.optionalInt(6)
        offsetSource = s.string(7).flatMap(OffsetSource.init(rawValue:))
        timeSource = s.string(8)
        latitude = s.optionalDouble(9)
        longitude = s.optionalDouble(10)
        altitude = s.optionalDouble(11)
        gpsIssue = s.string(12)
        make = s.string(13)
        model = s.string(14)
        if let waters = s.string(30).flatMap(PlaceChain.Waters.init(rawValue:)), let lat = latitude, let lon = longitude {
            func link(_ id: Int32, _ name: Int32, code: Int32? = nil, km: Int32? = nil) -> PlaceChain.Link? {
                guard let id = s.string(id).flatMap(PlaceID.init) else { return nil }
                return .init(id: id, name: s.string(name) ?? "", code: code.flatMap { s.string($0) }, distanceKm: km.flatMap { s.optionalDouble($0) })
            }
            var chain = PlaceChain(coordinate: GeoCoordinate(latitude: lat, longitude: lon), waters: waters)
            chain.continent = link(15, 16)
            chain.country = link(17, 18, code: 19)
            chain.region = link(20, 21, code: 22)
            chain.city = link(23, 24, km: 25)
            chain.airport = link(26, 27, code: 28, km: 29)
            chain.borderKm = s.optionalDouble(31)
            chain.boundaryQuality = s.string(32)
            chain.nearestCityElsewhere = s.int(33) != 0
            place = Place(chain: chain, gazetteerVersion: s.string(34) ?? "")
        }
        speedKmh = s.optionalDouble(37)
        if let kind = s.string(35) { error = Failure(kind: kind, message: s.string(36) ?? kind) }
    }
}
