import Foundation
import SQLite
import Testing
@testable import TravelLog

/// Schema 7: homes and trip edits, the user's word, kept apart from the photos.
@Suite struct HomesTests {
    /// A log of schema 6 with one photo gains both tables, empty, and keeps the photo.
    @Test func aVersion6LogMigratesAndKeepsItsPhotos() throws {
        let t = try TemporaryLog()
        do {
            let db = try t.database(ofSchema: 6)
            try db.execute("INSERT INTO photos (path, size, mtime_ns, latitude, longitude) VALUES ('/p/a.jpg', 1, 2, 45.7, 4.8)")
        }
        let log = try TravelLog(path: t.path)
        #expect(try log.schemaVersion() == TravelLog.migrations.count && log.photoID("/p/a.jpg") != nil)
        #expect(try log.homes().isEmpty && log.tripEdits().isEmpty)
    }

    @Test func homesAreKeyedByTheirFirstDay() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        var lyon = Home(place: PlaceLink(id: "city:2996944", name: "Lyon"))
        (lyon.latitude, lyon.longitude) = (45.7485, 4.8467)
        (lyon.country, lyon.region, lyon.city) = (PlaceLink(id: "country:FR", name: "France"), PlaceLink(id: "region:FR.84", name: "Auvergne-Rhône-Alpes"),
                                                  PlaceLink(id: "city:2996944", name: "Lyon"))
        let portugal = Home(place: PlaceLink(id: "country:PT", name: "Portugal"), since: "2021-09-01")
        try log.saveHome(portugal)
        try log.saveHome(lyon)
        #expect(try log.homes() == [lyon, portugal])
        // The same first day again replaces the home.
        var lisbon = Home(place: PlaceLink(id: "city:2267057", name: "Lisbon"), since: "2021-09-01")
        (lisbon.latitude, lisbon.longitude) = (38.7223, -9.1393)
        try log.saveHome(lisbon)
        #expect(try log.homes() == [lyon, lisbon])
        #expect(try log.removeHome(since: "2021-09-01") && !log.removeHome(since: "2021-09-01"))
        #expect(try log.removeHome(since: nil) && log.homes().isEmpty)
    }

    @Test func tripEditsKeepTheirOrder() throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        let split = try log.saveTripEdit(TripEdit(kind: .split, date: "2024-04-07"))
        let merge = try log.saveTripEdit(TripEdit(kind: .merge, date: "2024-04-01", until: "2024-04-11"))
        try log.saveTripEdit(TripEdit(kind: .rename, date: "2024-04-01", title: "Japan"))
        #expect(split < merge)
        #expect(try log.tripEdits().map(\.kind) == [.split, .merge, .rename])
        #expect(try log.tripEdits()[1] == TripEdit(kind: .merge, date: "2024-04-01", until: "2024-04-11", sequence: merge))
        // An edit of a kind a newer program made is left alone, not misread.
        try log.write { try log.database.execute("INSERT INTO trip_edits (kind, date, made_at) VALUES ('recolour', '2024-04-01', '')") }
        #expect(try log.tripEdits().count == 3)
        #expect(try log.removeTripEdits([split, merge]) == 2 && log.tripEdits().map(\.kind) == [.rename])
    }
}
