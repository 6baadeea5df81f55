import Foundation
import Gazetteer
import SQLite
import Testing
@testable import TravelLog

/// Schema 14: the subregion between the region and the city, in the photo snapshot, a hand-set
/// place, the aggregates and the `photo_places` view; an older log upgrades and keeps its rows.
@Suite struct SubregionTests {
    @Test func aVersion13LogMigratesKeepsItsRowsAndWatchesTheNewColumns() throws {
        let t = try TemporaryLog()
        do {
            let db = try t.database(ofSchema: 13)
            try db.execute("""
                INSERT INTO photos (id, path, size, mtime_ns, taken_local, latitude, longitude, waters, country_id, country_name, city_id, city_name, city_km)
                VALUES (1, '/p/a.jpg', 1, 2, '2024-05-01T10:00:00', 45.76, 4.83, 'land', 'country:FR', 'France', 'city:2996944', 'Lyon', 0.3);
                INSERT INTO place_days (date, status, country_id, country_name, city_id, city_name, photos, hand_set, positioned,
                    latitude_sum, longitude_sum) VALUES ('2024-05-01', 'visit', 'country:FR', 'France', 'city:2996944', 'Lyon', 1, 0, 1, 0, 0);
                """)
        }
        let log = try TravelLog(path: t.path)
        #expect(try log.schemaVersion() == TravelLog.migrations.count)
        var record = try #require(try log.record(id: 1))
        #expect(record.place?.city?.name == "Lyon" && record.place?.subregion == nil)
        #expect(try log.placeDays().map { $0.city?.name } == ["Lyon"])

        // What `reresolve` does: the snapshot rewritten with a subregion, which the view shows
        // and the aggregates count (the trigger marks the date stale).
        record.place?.subregion = .init(id: PlaceID("subregion:FR.84.69")!, name: "Rhône")
        try log.write { try log.update(id: 1, with: record, run: nil) }
        #expect(try log.record(id: 1)?.place?.subregion?.name == "Rhône")
        let s = try log.database.prepare("SELECT subregion_id, subregion_name FROM photo_places WHERE photo_id = 1")
        #expect(try s.step() && s.string(0) == "subregion:FR.84.69" && s.string(1) == "Rhône")
        #expect(try log.placeDays().map { $0.subregion?.id } == ["subregion:FR.84.69"])
    }
}
