import Foundation
import Gazetteer
import TravelLog

extension TravelRecord {
    /// Why a travel record cannot be loaded.
    public struct RestoreError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// What ``restore(_:into:)`` loaded.
    public struct Restored: Sendable, Equatable {
        public var photos = 0
        public var marks = 0
        public var homes = 0
        public var tripEdits = 0
        public var flights = 0
        public var histories = 0
        public var historyDays = 0
    }

    /// Loads a travel record written by `atlas export` into an empty travel log: its photos
    /// (path, capture time and offset, position, altitude, speed, place snapshot with its
    /// district, hand-set places), its marks, saved homes and trip edits (version 5 on), the
    /// location histories and their days (version 6 on; the points are not in the record: the
    /// histories are saved with size -1, so that an import of their folders reads them again),
    /// so that exporting the log again gives the same bytes. The record
    /// must hold the photos with exact coordinates: anything less would lose what it cannot say.
    /// Files are recorded with size and time 0, so a later `atlas import` of the same folders
    /// reads them again and updates the rows in place.
    public static func restore(_ data: Data, into log: TravelLog) throws -> Restored {
        guard let doc = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw RestoreError("not a JSON object") }
        guard let number = doc["schema_version"] as? NSNumber, number.doubleValue == number.doubleValue.rounded() else {
            // "1" (text) printed as 1 made "schema version 1, this program reads 1 to 2".
            throw RestoreError("schema_version is \(doc["schema_version"].map { $0 is String ? "the text \"\($0)\"" : "\($0)" } ?? "missing"), not a number")
        }
        let version = number.intValue
        guard restorableVersions.contains(version) else {
            throw RestoreError("schema version \(version), this program reads \(restorableVersions.lowerBound) to \(schemaVersion)")
        }
        guard try log.photoCount() == 0, try log.marks().isEmpty, try log.homes().isEmpty, try log.tripEdits().isEmpty,
              try log.flights().isEmpty, try log.storedHistories().isEmpty else { throw RestoreError("the travel log \(log.path) is not empty") }
        guard let photos = doc["photos"] as? [[String: Any]] else { throw RestoreError("the record has no photos (exported with --no-photos)") }
        guard doc["coordinates"] as? String == Coordinates.exact.rawValue else {
            throw RestoreError("the record's coordinates are '\(doc["coordinates"] ?? "")', not exact: it cannot be restored without loss")
        }
        var restored = Restored()
        var paths = Set<String>()
        try log.write {
            for (index, entry) in photos.enumerated() {
                let path = try restorePhoto(entry, into: log, position: index + 1)
                guard paths.insert(path).inserted else { throw RestoreError("photo \(index + 1): \(path) appears twice in the record") }
                restored.photos += 1
            }
            for (index, entry) in (doc["marks"] as? [[String: Any]] ?? []).enumerated() {
                guard let id = entry["place_id"] as? String, let name = entry["place_name"] as? String else { throw RestoreError("mark \(index + 1): no place_id") }
                guard PlaceID(id) != nil else { throw RestoreError("mark \(index + 1): '\(id)' is not a place identifier") }
                if let date = entry["date"] as? String, !date.isEmpty, PassportPhoto.epochSeconds(date + "T00:00:00") == nil {
                    throw RestoreError("mark \(index + 1) (\(id)): '\(date)' is not a date (YYYY-MM-DD)")
                }
                var mark = Mark(placeID: id, placeName: name, date: entry["date"] as? String, note: entry["note"] as? String)
                func link(_ key: String) -> PlaceLink? {
                    (entry[key] as? [String: Any]).flatMap { o in (o["id"] as? String).map { PlaceLink(id: $0, name: o["name"] as? String ?? "") } }
                }
                (mark.continent, mark.country, mark.region, mark.city) = (link("continent"), link("country"), link("region"), link("city"))
                try log.saveMark(mark)
                restored.marks += 1
            }
            for (index, entry) in (doc["homes"] as? [[String: Any]] ?? []).enumerated() {
                try log.saveHome(try restoreHome(entry, position: index + 1))
                restored.homes += 1
            }
            for (index, entry) in (doc["trip_edits"] as? [[String: Any]] ?? []).enumerated() {
                guard let kind = (entry["kind"] as? String).flatMap(TripEdit.Kind.init(rawValue:)) else {
                    throw RestoreError("trip edit \(index + 1): kind is not one of \(TripEdit.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                guard let date = entry["date"] as? String, CalendarDay(date) != nil else { throw RestoreError("trip edit \(index + 1): no date (YYYY-MM-DD)") }
                let until = entry["until"] as? String
                if kind == .merge, until.flatMap(CalendarDay.init) == nil { throw RestoreError("trip edit \(index + 1): a merge without its until date") }
                if kind == .rename, (entry["title"] as? String ?? "").isEmpty { throw RestoreError("trip edit \(index + 1): a rename without a title") }
                try log.saveTripEdit(TripEdit(kind: kind, date: date, until: until, title: entry["title"] as? String))
                restored.tripEdits += 1
            }
            let flights = try (doc["flights"] as? [[String: Any]] ?? []).enumerated().map { try restoreFlight($1, position: $0 + 1) }
            restored.flights = try log.saveFlights(flights)
            // Version 6 on: the histories without their points, and the days they gave.
            for h in try restoreHistories(doc["histories"] as? [[String: Any]] ?? []) {
                _ = try log.saveHistory(h, points: [], segments: [], run: nil)
                restored.histories += 1
            }
            let days = try restoreHistoryDays(doc["history_days"] as? [[String: Any]] ?? [])
            try log.replaceHistoryDays(days)
            restored.historyDays = days.count
        }
        return restored
    }

    /// A flight, checked: a date, two airport identifiers, positions on the globe or none.
    private static func restoreFlight(_ entry: [String: Any], position: Int) throws -> Flight {
        func airport(_ key: String) throws -> Flight.Airport {
            let o = entry[key] as? [String: Any]
            guard let id = o?["id"] as? String, let placeID = PlaceID(id), placeID.kind == .airport else {
                throw RestoreError("flight \(position): \(key) is no airport identifier")
            }
            var a = Flight.Airport(place: PlaceLink(id: id, name: o?["name"] as? String ?? ""), code: o?["code"] as? String ?? placeID.code)
            (a.latitude, a.longitude) = try point(in: o, "flight \(position): \(key)")
            (a.continent, a.country, a.region, a.city) = (link(o, "continent"), link(o, "country"), link(o, "region"), link(o, "city"))
            return a
        }
        guard let date = entry["date"] as? String, CalendarDay(date) != nil else { throw RestoreError("flight \(position): no date (YYYY-MM-DD)") }
        var flight = Flight(date: date, from: try airport("from"), to: try airport("to"), flightNumber: entry["flight"] as? String ?? "",
                            airline: entry["airline"] as? String)
        (flight.source, flight.line) = (entry["source"] as? String, (entry["line"] as? NSNumber)?.intValue)
        return flight
    }

    /// A saved home, checked: a place identifier, a date or none, a point on the globe or none.
    private static func restoreHome(_ entry: [String: Any], position: Int) throws -> Home {
        func link(_ key: String) -> PlaceLink? { Self.link(entry, key) }
        guard let place = link("place"), PlaceID(place.id) != nil else { throw RestoreError("home \(position): no place identifier") }
        let since = entry["since"] as? String
        if let since, CalendarDay(since) == nil { throw RestoreError("home \(position) (\(place.id)): since '\(since)' is not a date (YYYY-MM-DD)") }
        var home = Home(place: place, since: since)
        (home.latitude, home.longitude) = try point(in: entry, "home \(position) (\(place.id)):")
        (home.country, home.region, home.city) = (link("country"), link("region"), link("city"))
        return home
    }

    /// The `{id, name}` of `key` in a record's object, nil when absent.
    private static func link(_ object: [String: Any]?, _ key: String) -> PlaceLink? {
        (object?[key] as? [String: Any]).flatMap { o in (o["id"] as? String).map { PlaceLink(id: $0, name: o["name"] as? String ?? "") } }
    }

    /// The `latitude` and `longitude` of a record's object, checked to be on the globe when both
    /// are there; `what` begins the error ("home 2 (city:2996944):").
    private static func point(in object: [String: Any]?, _ what: String) throws -> (Double?, Double?) {
        let (lat, lon) = ((object?["latitude"] as? NSNumber)?.doubleValue, (object?["longitude"] as? NSNumber)?.doubleValue)
        if let lat, let lon, !((-90...90).contains(lat) && (-180...180).contains(lon)) { throw RestoreError("\(what) \(lat), \(lon) is not a position") }
        return (lat, lon)
    }

    /// Loads one photo after checking what a hand-edited or damaged record could hold (a trap
    /// later, in `stats` or `export`, would make the log unusable); returns its path.
    private static func restorePhoto(_ entry: [String: Any], into log: TravelLog, position: Int) throws -> String {
        guard let path = entry["path"] as? String, path.hasPrefix("/") else { throw RestoreError("photo \(position): no absolute path") }
        func fail(_ why: String) -> RestoreError { RestoreError("photo \(position) (\(path)): \(why)") }
        func number(_ key: String, within range: ClosedRange<Double>) throws -> Double? {
            guard let value = entry[key], !(value is NSNull) else { return nil }
            guard let n = (value as? NSNumber)?.doubleValue, n.isFinite, range.contains(n) else { throw fail("\(key) \(value) is out of range \(range)") }
            return n
        }
        func link(_ kind: PlaceKind) throws -> PlaceSnapshot.Link? {
            guard let o = entry[kind.rawValue] as? [String: Any], let text = o["id"] as? String else { return nil }
            // A well-formed identifier of the right kind; one a later gazetteer no longer knows is
            // kept, as the snapshot's name is what keeps it readable.
            guard let id = PlaceID(text), id.kind == kind else { throw fail("'\(text)' is not a \(kind.rawValue) identifier") }
            return PlaceSnapshot.Link(id: id, name: o["name"] as? String ?? "")
        }
        let offset = try number("utc_offset_seconds", within: -Double(PassportPhoto.maximumOffsetSeconds)...Double(PassportPhoto.maximumOffsetSeconds))
        if let offset, offset != offset.rounded() { throw fail("utc_offset_seconds \(offset) is not a whole number of seconds") }
        let local = entry["local_time"] as? String
        if let local, PassportPhoto.epochSeconds(local) == nil { throw fail("local_time '\(local)' is not a time (YYYY-MM-DDTHH:MM:SS)") }
        var record = PhotoRecord(path: path, size: 0, modifiedNs: 0)
        record.takenLocal = local
        record.utcOffsetSeconds = offset.map { Int($0) }
        (record.latitude, record.longitude) = (try number("latitude", within: -90...90), try number("longitude", within: -180...180))
        guard (record.latitude == nil) == (record.longitude == nil) else { throw fail("a latitude without a longitude, or the reverse") }
        // Version 4 on; "hand" stands for the hand-set place, restored below, not for a position.
        if let source = entry["position_source"] as? String, source != "hand", record.latitude != nil {
            guard PhotoRecord.positionSources.contains(source) else { throw fail("position_source '\(source)' is not one atlas writes") }
            record.positionSource = source
        }
        (record.altitude, record.speedKmh) = (try number("altitude_m", within: -12_000...100_000), try number("speed_kmh", within: 0...100_000))
        // A version 1 record has no district: the key is missing, and the level empty.
        let lineage = try PlaceLineage(link)
        let handSet = entry["hand_set"] as? Bool ?? false
        if let lat = record.latitude, let lon = record.longitude {
            let waters = (entry["waters"] as? String).flatMap(Waters.init(rawValue:)) ?? .land
            var chain = PlaceSnapshot(coordinate: GeoCoordinate(latitude: lat, longitude: lon), waters: waters,
                                      gazetteerVersion: entry["gazetteer_version"] as? String ?? "")
            chain.places = lineage
            record.place = chain
        }
        let id = try log.save(record, run: nil)
        guard handSet else { return path }
        // The record keeps the hand-set place only: it stands for both the override and the snapshot.
        guard let place = PlaceKind.levels.reversed().lazy.compactMap({ lineage[$0] }).first else { return path }
        try log.setPlace(photo: id, placeID: place.id.description, lineage: lineage.map { _, link in PlaceLink(link) })
        return path
    }
}
