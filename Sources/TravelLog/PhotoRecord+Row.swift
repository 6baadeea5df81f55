import Gazetteer
import SQLite

extension PhotoRecord {
    /// The columns a record writes, in ``values`` order.
    static let columns = [
        "path", "size", "mtime_ns", "fingerprint", "format", "taken_local", "utc_offset", "offset_source", "time_source",
        "latitude", "longitude", "altitude", "gps_issue", "make", "model",
        "continent_id", "continent_name", "country_id", "country_name", "country_code", "region_id", "region_name", "region_code",
        "city_id", "city_name", "city_km", "airport_id", "airport_name", "airport_code", "airport_km",
        "waters", "border_km", "boundary_quality", "nearest_city_elsewhere", "gazetteer_version", "error_kind", "error_message", "speed_kmh",
        "district_id", "district_name", "district_km", "position_source", "sidecars",
    ]

    /// Binds the record to parameters 1...``columns``.count of `s`, in ``columns`` order, after
    /// clearing its earlier bindings.
    func bind(to s: Statement) throws {
        s.clearBindings()
        try s.set(path, at: 1); try s.set(size, at: 2); try s.set(modifiedNs, at: 3)
        try s.set(fingerprint.map { Int64(bitPattern: $0) }, at: 4); try s.set(format, at: 5); try s.set(takenLocal, at: 6)
        try s.set(utcOffsetSeconds, at: 7); try s.set(offsetSource?.rawValue, at: 8); try s.set(timeSource, at: 9)
        try s.set(latitude, at: 10); try s.set(longitude, at: 11); try s.set(altitude, at: 12)
        try s.set(gpsIssue, at: 13); try s.set(make, at: 14); try s.set(model, at: 15)
        if let place {
            try bind(place.continent, to: s, at: 16)
            try bind(place.country, to: s, at: 18, code: true)
            try bind(place.region, to: s, at: 21, code: true)
            try bind(place.city, to: s, at: 24, distance: true)
            try bind(place.airport, to: s, at: 27, code: true, distance: true)
            try s.set(place.waters.rawValue, at: 31); try s.set(place.borderKm, at: 32)
            try s.set(place.boundaryQuality, at: 33); try s.set(place.nearestCityElsewhere, at: 34)
        }
        try s.set(place?.gazetteerVersion, at: 35); try s.set(error?.kind, at: 36); try s.set(error?.message, at: 37)
        try s.set(speedKmh, at: 38)
        try bind(place?.district, to: s, at: 39, distance: true)
        try s.set(positionSource, at: 42); try s.set(sidecars, at: 43)
    }

    /// A link's id and name from `index`, then its code and distance when the columns have them.
    private func bind(_ link: PlaceSnapshot.Link?, to s: Statement, at index: Int32, code: Bool = false, distance: Bool = false) throws {
        guard let link else { return }  // cleared bindings are NULL
        try s.set(link.id.description, at: index)
        try s.set(link.name, at: index + 1)
        if code { try s.set(link.code, at: index + 2) }
        if distance { try s.set(link.distanceKm, at: index + (code ? 3 : 2)) }
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
        if let waters = s.string(30).flatMap(Waters.init(rawValue:)), let lat = latitude, let lon = longitude {
            func link(_ id: Int32, _ name: Int32, code: Int32? = nil, km: Int32? = nil) -> PlaceSnapshot.Link? {
                guard let id = s.string(id).flatMap(PlaceID.init) else { return nil }
                return .init(id: id, name: s.string(name) ?? "", code: code.flatMap { s.string($0) }, distanceKm: km.flatMap { s.optionalDouble($0) })
            }
            var place = PlaceSnapshot(coordinate: GeoCoordinate(latitude: lat, longitude: lon), waters: waters, gazetteerVersion: s.string(34) ?? "")
            place.continent = link(15, 16)
            place.country = link(17, 18, code: 19)
            place.region = link(20, 21, code: 22)
            place.city = link(23, 24, km: 25)
            place.district = link(38, 39, km: 40)
            place.airport = link(26, 27, code: 28, km: 29)
            place.borderKm = s.optionalDouble(31)
            place.boundaryQuality = s.string(32)
            place.nearestCityElsewhere = s.int(33) != 0
            self.place = place
        }
        speedKmh = s.optionalDouble(37)
        positionSource = s.string(41)
        sidecars = s.string(42)
        if let kind = s.string(35) { error = Failure(kind: kind, message: s.string(36) ?? kind) }
    }
}
