import Foundation
import Gazetteer
import Testing
@testable import TravelLog

/// Every table and value of the log that holds a lineage keeps each kind's link as it was
/// given: the photo's snapshot, a hand-set place, the place-day rows, the history days and the
/// passport's aggregate snapshot. Run once per ``PlaceKind``, so that a new kind is checked
/// through every holder without a line here but its sample identifier.
@Suite struct PlaceKindColumnsTests {
    /// A well-formed identifier of `kind`, with a code and a distance that the tables keep or
    /// drop by their own rule.
    private static func sample(_ kind: PlaceKind) -> PlaceSnapshot.Link {
        let code = switch kind {
        case .continent: "EU"
        case .country: "FR"
        case .region: "FR.84"
        case .subregion: "FR.84.69"
        case .city: "2996944"
        case .district: "6543971"
        case .airport: "LYS"
        }
        return .init(id: PlaceID(kind, code), name: "\(kind.rawValue) «\(code)»", code: "C-\(code)", distanceKm: 1.25)
    }

    /// A positioned, dated photo resolved to France and, below or beside it, the sample of `kind`.
    private static func record(_ kind: PlaceKind) -> PhotoRecord {
        var r = PhotoRecord(path: "/lib/\(kind.rawValue).jpg", size: 1, modifiedNs: 1)
        (r.takenLocal, r.latitude, r.longitude) = ("2024-05-01T10:00:00", 45.76, 4.83)
        var place = PlaceSnapshot(coordinate: GeoCoordinate(latitude: 45.76, longitude: 4.83), waters: .land, gazetteerVersion: "test")
        place.country = sample(.country)
        place.places[kind] = sample(kind)
        r.place = place
        return r
    }

    @Test(arguments: PlaceKind.allCases)
    func thePhotoSnapshotKeepsEachKind(_ kind: PlaceKind) throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        let id = try log.save(Self.record(kind), run: nil)
        let link = try #require(try log.record(id: id)?.place?.places[kind])
        let given = Self.sample(kind)
        #expect(link.id == given.id && link.name == given.name)
        // A code and a distance are kept exactly where the photos table has a column for them.
        #expect(link.code == (kind.codeName != nil ? given.code : nil))
        #expect(link.distanceKm == (kind.isFoundByNearness ? given.distanceKm : nil))
    }

    @Test(arguments: PlaceKind.allCases)
    func aHandSetPlaceKeepsEachKind(_ kind: PlaceKind) throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        var unplaced = Self.record(kind)
        unplaced.place = nil
        let id = try log.save(unplaced, run: nil)
        let given = try #require(PlaceLink(Self.sample(kind)))
        let france = try #require(PlaceLink(Self.sample(.country)))
        try log.setPlace(photo: id, placeID: given.id, lineage: PlaceLineage { $0 == kind ? given : $0 == .country ? france : nil })
        let photo = try #require(try log.photos(onDate: "2024-05-01").first)
        #expect(photo.isHandSet)
        #expect(photo.places[kind] == given)
        #expect(PlaceKind.allCases.filter { photo.places[$0] != nil } == Array(Set([kind, .country])).sorted())
    }

    @Test(arguments: PlaceKind.allCases)
    func placeDaysAndHistoryDaysKeepEachKind(_ kind: PlaceKind) throws {
        let t = try TemporaryLog()
        let log = try TravelLog(path: t.path)
        _ = try log.save(Self.record(kind), run: nil)
        let given = try #require(PlaceLink(Self.sample(kind)))
        let days = try log.placeDays()
        #expect(days.count == 1 && days.first?.places.lineage[kind] == given)

        var history = PlaceDay(date: "2024-05-02", status: .visit)
        history.places = PlaceDay.Places(PlaceLineage { $0 == kind ? given : nil })
        history.historyPoints = 3
        try log.replaceHistoryDays([history])
        #expect(try log.historyDays() == [history])

        let snapshot = AggregateSnapshot(days: days + [history], tracks: [])
        let decoded = try snapshot.encoded().withUnsafeBytes { try AggregateSnapshot(decoding: $0) }
        #expect(decoded == snapshot)
        #expect(decoded.days.map { $0.places.lineage[kind] } == [given, given])
    }
}
