import Foundation
import Gazetteer
import SQLite
import Testing
@testable import TravelLog

/// Schema 3: the district below the city, in the photo snapshot, in hand-set places and in the
/// `photo_places` view.
@Suite struct DistrictTests {
    static let lyon05 = PlaceSnapshot.Link(id: PlaceID("district:6543971")!, name: "Lyon 05", distanceKm: 0.75)

    /// The hand-set place, city and district that `photo_places` gives for photo `id`.
    func viewed(_ log: TravelLog, _ id: Int64) throws -> [String?] {
        let s = try log.database.prepare("SELECT city_id, city_name, district_id, district_name, overridden FROM photo_places WHERE photo_id = ?")
        try s.bind(id)
        guard try s.step() else { return [] }
        return [s.string(0), s.string(1), s.string(2), s.string(3), s.int(4) != 0 ? "hand-set" : "resolved"]
    }

    @Test func aVersion2LogMigratesAndKeepsItsRowsAndOverrides() throws {
        let t = try TemporaryLog()
        do {
            let db = try Database(path: t.path, mode: .readWrite)
            try db.execute(TravelLog.migrations[0])
            try db.execute(TravelLog.migrations[1])
            try db.execute("PRAGMA user_version = 2")
            // An old snapshot whose "city" is really a district, and a second photo set by hand.
            try db.execute("""
                INSERT INTO photos (id, path, size, mtime_ns, latitude, longitude, speed_kmh, waters, country_id, country_name, city_id, city_name, city_km)
                VALUES (1, '/p/a.jpg', 1, 2, 45.76, 4.82, 3.5, 'land', 'country:FR', 'France', 'city:6543971', 'Lyon 05', 0.4),
                       (2, '/p/b.jpg', 1, 2, 45.76, 4.82, NULL, 'land', 'country:FR', 'France', 'city:6543971', 'Lyon 05', 0.4);
                INSERT INTO overrides (photo_id, place_id, country_id, country_name, city_id, city_name, set_at)
                VALUES (2, 'city:2988507', 'country:FR', 'France', 'city:2988507', 'Paris', '2024-01-01T00:00:00Z');
                """)
        }
        let log = try TravelLog(path: t.path)
        #expect(try log.schemaVersion() == TravelLog.migrations.count)
        #expect(try log.photoCount() == 2)
        let a = try #require(try log.record(id: 1))
        #expect(a.speedKmh == 3.5)
        #expect(a.place?.city == .init(id: PlaceID("city:6543971")!, name: "Lyon 05", distanceKm: 0.4))
        #expect(a.place?.district == nil)
        #expect(try viewed(log, 1) == ["city:6543971", "Lyon 05", nil, nil, "resolved"])
        #expect(try viewed(log, 2) == ["city:2988507", "Paris", nil, nil, "hand-set"])
        #expect(try log.overriddenPlace(photo: 2) == PlaceID("city:2988507"))
    }

    @Test func aRecordWithADistrictRoundTrips() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        var record = sampleRecord("/photos/a.jpg")
        record.place?.district = Self.lyon05
        // The airport after the district: a column bound one off would land in the other's place.
        record.place?.airport = .init(id: PlaceID("airport:LYS")!, name: "Lyon–Saint-Exupéry", code: "LFLL", distanceKm: 2.5)
        record.speedKmh = 4
        let id = try log.write { try log.save(record, run: nil) }
        #expect(try log.record(id: id) == record)
        #expect(try viewed(log, id) == ["city:2996944", "Lyon", "district:6543971", "Lyon 05", "resolved"])
        // Rewritten without one, the district is gone.
        record.place?.district = nil
        try log.write { try log.update(id: id, with: record, run: nil) }
        #expect(try log.record(id: id)?.place?.district == nil)
    }

    @Test func aHandSetDistrictBringsItsCityAndAHandSetCityNoDistrict() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        var record = sampleRecord("/p/a.jpg")
        record.place?.district = Self.lyon05
        let id = try log.write { try log.save(record, run: nil) }
        let above: [Place.Ancestor] = [.init(id: PlaceID("continent:EU")!, name: "Europe"), .init(id: PlaceID("country:FR")!, name: "France"),
                                       .init(id: PlaceID("region:FR.11")!, name: "Île-de-France")]
        let paris = Place(id: PlaceID("city:2988507")!, name: "Paris", foldedName: "paris", lineage: above, coordinate: nil, population: 1, codes: .init())
        let montmartre = Place(id: PlaceID("district:6618614")!, name: "Montmartre", foldedName: "montmartre",
                               lineage: above + [.init(id: paris.id, name: paris.name)], coordinate: nil, population: 1, codes: .init())
        try log.setPlace(photo: id, to: montmartre)
        #expect(try viewed(log, id) == ["city:2988507", "Paris", "district:6618614", "Montmartre", "hand-set"])
        #expect(try log.overriddenPlace(photo: id) == montmartre.id)
        try log.setPlace(photo: id, to: paris)
        #expect(try viewed(log, id) == ["city:2988507", "Paris", nil, nil, "hand-set"])
        try log.clearPlace(photo: id)
        #expect(try viewed(log, id) == ["city:2996944", "Lyon", "district:6543971", "Lyon 05", "resolved"])
    }
}
