import Gazetteer
import SQLite

extension PhotoRecord {
    /// The columns a record writes, in ``values`` order: the file's, then the place snapshot's
    /// (a lineage, ``PlaceKind/photoColumns``), then the rest.
    static let columns = fileColumns + PlaceKind.levels.flatMap(\.photoColumns) + trailingColumns
    private static let fileColumns = [
        "path", "size", "mtime_ns", "fingerprint", "format", "taken_local", "utc_offset", "offset_source", "time_source",
        "latitude", "longitude", "altitude", "gps_issue", "make", "model",
    ]
    private static let trailingColumns = [
        "waters", "border_km", "boundary_quality", "nearest_city_elsewhere", "gazetteer_version", "error_kind", "error_message", "speed_kmh",
        "position_source", "sidecars",
    ]
    /// Where each kind's columns are (indices into ``columns``): its id's, then its name's, and
    /// its code's and distance's where the table keeps them.
    private static let lineageLayout: [(kind: PlaceKind, id: Int32, code: Int32?, km: Int32?)] = {
        var at = Int32(fileColumns.count)
        return PlaceKind.levels.map { kind in
            let own = kind.photoColumns
            defer { at += Int32(own.count) }
            func index(_ column: String?) -> Int32? { column.flatMap { own.firstIndex(of: $0) }.map { at + Int32($0) } }
            return (kind, at, index(kind.photoCodeColumn), index(kind.photoDistanceColumn))
        }
    }()
    /// The index of the first column after the lineage's.
    private static let afterLineage = Int32(columns.count - trailingColumns.count)

    /// Binds the record to parameters 1...``columns``.count of `s`, in ``columns`` order, after
    /// clearing its earlier bindings.
    func bind(to s: Statement) throws {
        s.clearBindings()
        try s.set(path, at: 1); try s.set(size, at: 2); try s.set(modifiedNs, at: 3)
        try s.set(fingerprint.map { Int64(bitPattern: $0) }, at: 4); try s.set(format, at: 5); try s.set(takenLocal, at: 6)
        try s.set(utcOffsetSeconds, at: 7); try s.set(offsetSource?.rawValue, at: 8); try s.set(timeSource, at: 9)
        try s.set(latitude, at: 10); try s.set(longitude, at: 11); try s.set(altitude, at: 12)
        try s.set(gpsIssue, at: 13); try s.set(make, at: 14); try s.set(model, at: 15)
        // Parameters count from 1, columns from 0; cleared bindings are NULL.
        for (kind, id, code, km) in Self.lineageLayout {
            guard let link = place?.places[kind] else { continue }
            try s.set(link.id.description, at: id + 1)
            try s.set(link.name, at: id + 2)
            if let code { try s.set(link.code, at: code + 1) }
            if let km { try s.set(link.distanceKm, at: km + 1) }
        }
        let at = Self.afterLineage + 1
        if let place {
            try s.set(place.waters.rawValue, at: at); try s.set(place.borderKm, at: at + 1)
            try s.set(place.boundaryQuality, at: at + 2); try s.set(place.nearestCityElsewhere, at: at + 3)
        }
        try s.set(place?.gazetteerVersion, at: at + 4); try s.set(error?.kind, at: at + 5); try s.set(error?.message, at: at + 6)
        try s.set(speedKmh, at: at + 7); try s.set(positionSource, at: at + 8); try s.set(sidecars, at: at + 9)
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
        let rest = Self.afterLineage
        if let waters = s.string(rest).flatMap(Waters.init(rawValue:)), let lat = latitude, let lon = longitude {
            var place = PlaceSnapshot(coordinate: GeoCoordinate(latitude: lat, longitude: lon), waters: waters, gazetteerVersion: s.string(rest + 4) ?? "")
            for (kind, id, code, km) in Self.lineageLayout {
                guard let placeID = s.string(id).flatMap(PlaceID.init) else { continue }
                place.places[kind] = .init(id: placeID, name: s.string(id + 1) ?? "", code: code.flatMap { s.string($0) }, distanceKm: km.flatMap { s.optionalDouble($0) })
            }
            place.borderKm = s.optionalDouble(rest + 1)
            place.boundaryQuality = s.string(rest + 2)
            place.nearestCityElsewhere = s.int(rest + 3) != 0
            self.place = place
        }
        speedKmh = s.optionalDouble(rest + 7)
        positionSource = s.string(rest + 8)
        sidecars = s.string(rest + 9)
        if let kind = s.string(rest + 5) { error = Failure(kind: kind, message: s.string(rest + 6) ?? kind) }
    }
}
