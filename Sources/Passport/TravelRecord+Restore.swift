import Foundation
import Gazetteer
import Resolver
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
    }

    /// Loads a travel record written by `atlas export` into an empty travel log: its photos
    /// (path, capture time and offset, position, altitude, speed, place snapshot with its
    /// district, hand-set places) and its marks, so that exporting the log again gives the same bytes. The record
    /// must hold the photos with exact coordinates: anything less would lose what it cannot say.
    /// Files are recorded with size and time 0, so a later `atlas import` of the same folders
    /// reads them again and updates the rows in place.
    public static func restore(_ data: Data, into log: TravelLog) throws -> Restored {
        guard let doc = try JSONSerialization.jsonObject(with: data) as? [String: Any] else { throw RestoreError("not a JSON object") }
        guard let version = doc["schema_version"] as? Int, restorableVersions.contains(version) else {
            throw RestoreError("schema version \(doc["schema_version"].map { "\($0)" } ?? "none"), this program reads \(restorableVersions.lowerBound) to \(schemaVersion)")
        }
        guard try log.photoCount() == 0, try log.marks().isEmpty else { throw RestoreError("the travel log \(log.path) is not empty") }
        guard let photos = doc["photos"] as? [[String: Any]] else { throw RestoreError("the record has no photos (exported with --no-photos)") }
        guard doc["coordinates"] as? String == Coordinates.exact.rawValue else {
            throw RestoreError("the record's coordinates are '\(doc["coordinates"] ?? "")', not exact: it cannot be restored without loss")
        }
        var restored = Restored()
        try log.write {
            for entry in photos {
                try restorePhoto(entry, into: log)
                restored.photos += 1
            }
            for entry in doc["marks"] as? [[String: Any]] ?? [] {
                guard let id = entry["place_id"] as? String, let name = entry["place_name"] as? String else { throw RestoreError("a mark without place_id") }
                var mark = Mark(placeID: id, placeName: name, date: entry["date"] as? String, note: entry["note"] as? String)
                func pair(_ key: String) -> (id: String, name: String)? {
                    (entry[key] as? [String: Any]).flatMap { o in (o["id"] as? String).map { ($0, o["name"] as? String ?? "") } }
                }
                (mark.continent, mark.country, mark.region, mark.city) = (pair("continent"), pair("country"), pair("region"), pair("city"))
                try log.saveMark(mark)
                restored.marks += 1
            }
        }
        return restored
    }

    private static func restorePhoto(_ entry: [String: Any], into log: TravelLog) throws {
        guard let path = entry["path"] as? String else { throw RestoreError("a photo without path") }
        func number(_ key: String) -> Double? { (entry[key] as? NSNumber)?.doubleValue }
        func link(_ key: String) -> (id: PlaceID, name: String)? {
            guard let o = entry[key] as? [String: Any], let text = o["id"] as? String, let id = PlaceID(text) else { return nil }
            return (id, o["name"] as? String ?? "")
        }
        var record = PhotoRecord(path: path, size: 0, modifiedNs: 0)
        record.takenLocal = entry["local_time"] as? String
        record.utcOffsetSeconds = (entry["utc_offset_seconds"] as? NSNumber)?.intValue
        (record.latitude, record.longitude, record.altitude, record.speedKmh) = (number("latitude"), number("longitude"), number("altitude_m"), number("speed_kmh"))
        // A version 1 record has no district: the key is missing, and the level empty.
        let levels = ["continent", "country", "region", "city", "district", "airport"].map(link)
        let handSet = entry["hand_set"] as? Bool ?? false
        if let lat = record.latitude, let lon = record.longitude {
            let waters = (entry["waters"] as? String).flatMap(PlaceChain.Waters.init(rawValue:)) ?? .land
            var chain = PlaceChain(coordinate: GeoCoordinate(latitude: lat, longitude: lon), waters: waters)
            let chainLink = { (l: (id: PlaceID, name: String)?) in l.map { PlaceChain.Link(id: $0.id, name: $0.name) } }
            (chain.continent, chain.country, chain.region, chain.city, chain.district, chain.airport) =
                (chainLink(levels[0]), chainLink(levels[1]), chainLink(levels[2]), chainLink(levels[3]), chainLink(levels[4]), chainLink(levels[5]))
            record.place = .init(chain: chain, gazetteerVersion: entry["gazetteer_version"] as? String ?? "")
        }
        let id = try log.save(record, run: nil)
        guard handSet else { return }
        // The record keeps the hand-set place only: it stands for both the override and the snapshot.
        let pairs = levels.map { ($0?.id.description, $0?.name) }
        guard let placeID = levels.reversed().compactMap({ $0 }).first?.id.description else { return }
        try log.setPlace(photo: id, placeID: placeID, lineage: .init(continent: pairs[0], country: pairs[1], region: pairs[2], city: pairs[3],
                                                                     district: pairs[4], airport: pairs[5]))
    }
}
