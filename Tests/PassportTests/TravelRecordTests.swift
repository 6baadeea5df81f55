import Foundation
import Gazetteer
import JSONWriter
import Testing
import TravelLog
@testable import Passport

/// The export: valid against the shipped schema in every variant, deterministic, and restorable.
@Suite(.serialized) struct TravelRecordTests {
    static let schemaPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/travel-record.schema.json").path

    func validator() throws -> SchemaValidator {
        SchemaValidator(root: try JSON.parse(String(contentsOfFile: Self.schemaPath, encoding: .utf8)))
    }

    func export(_ log: String, scheme: CountingScheme.Name = .un, photos: Bool = true, coordinates: TravelRecord.Coordinates = .exact) throws -> String {
        let passport = try Passport(log: TravelLog(path: log, readOnly: true))
        let stats = passport.stats(scheme: try CountingScheme.load(scheme, from: PassportTests.gazetteer))
        return TravelRecord(passport: passport, stats: stats, gazetteerVersion: PassportTests.gazetteer.version,
                            includePhotos: photos, coordinates: coordinates).document().prettyRendered()
    }

    @Test func everyVariantMatchesTheSchema() throws {
        let v = try validator()
        for scheme in CountingScheme.Name.allCases {
            for photos in [true, false] {
                for coordinates in TravelRecord.Coordinates.allCases {
                    let text = try export(PassportTests.itinerary.database, scheme: scheme, photos: photos, coordinates: coordinates)
                    let errors = v.errors(try JSON.parse(text))
                    #expect(errors.isEmpty, "\(scheme) photos:\(photos) \(coordinates): \(errors.prefix(5))")
                }
            }
        }
    }

    @Test func theValidatorCatchesRealMistakes() throws {
        let v = try validator()
        let good = try JSON.parse(try export(PassportTests.itinerary.database))
        guard case .object(var doc) = good else { Issue.record("not an object"); return }
        doc["counting_scheme"] = .string("world")
        #expect(!v.errors(.object(doc)).isEmpty)
        doc = { if case .object(let o) = good { o } else { [:] } }()
        doc.removeValue(forKey: "marks")
        #expect(v.errors(.object(doc)) == ["$: missing marks"])
        doc = { if case .object(let o) = good { o } else { [:] } }()
        guard case .array(var photos)? = doc["photos"], case .object(var first)? = photos.first else { Issue.record("no photos"); return }
        first["local_time"] = .string("10/07/2024")
        photos[0] = .object(first)
        doc["photos"] = .array(photos)
        #expect(v.errors(.object(doc)).count == 1)
    }

    @Test func theRecordSaysWhatTheItineraryIs() throws {
        let doc = try JSON.parse(try export(PassportTests.itinerary.database, scheme: .iso))
        #expect(doc["counting_scheme"] == .string("iso"))
        #expect(doc["passport"]?["countries"] == .int(6) && doc["passport"]?["countries_in_scheme"] == .int(249))
        #expect(doc["excluded"]?["flight"] == .int(2) && doc["excluded"]?["transit"] == .int(2))
        guard case .array(let continents)? = doc["continents"] else { Issue.record("no continents"); return }
        #expect(continents.map { $0["id"] } == [.string("continent:AS"), .string("continent:EU")])
        guard case .array(let marks)? = doc["marks"] else { Issue.record("no marks"); return }
        #expect(marks.first?["note"] == .string("ferry from Denmark"))
        guard case .array(let photos)? = doc["photos"] else { Issue.record("no photos"); return }
        #expect(photos.count == Itinerary.shots.count)
        // Milan at 12:00 +02:00 is 10:00 UTC.
        let milan = photos.first { if case .string(let p)? = $0["path"] { p.hasSuffix("20-milan.jpg") } else { false } }
        #expect(milan?["utc_time"] == .string("2024-07-11T10:00:00Z") && milan?["local_time"] == .string("2024-07-11T12:00:00"))
        let city = try JSON.parse(try export(PassportTests.itinerary.database, coordinates: .city))
        guard case .array(let rounded)? = city["photos"] else { Issue.record("no photos"); return }
        #expect(rounded.first?["latitude"] == .double(45.8))
    }

    @Test func exportIsByteIdenticalAndSurvivesImportRecord() throws {
        let first = try export(PassportTests.itinerary.database)
        #expect(try export(PassportTests.itinerary.database) == first)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("atlas-restored-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) } }
        let restored = try TravelRecord.restore(Data(first.utf8), into: TravelLog(path: copy))
        #expect(restored == .init(photos: Itinerary.shots.count, marks: 2))
        #expect(try export(copy) == first)
        // A hand-set place survives the round trip, and stays immune to the flight rule.
        let restoredLog = try TravelLog(path: copy)
        let flightPath = try require(try Passport(log: restoredLog).photos(.flight).first?.path)
        let flightID = try require(try restoredLog.photoID(flightPath))
        try restoredLog.setPlace(photo: flightID, to: try require(try PassportTests.gazetteer.lookup("city:3081368")))
        let handSet = try export(copy)
        #expect(handSet.contains("\"hand_set\": true"))
        let third = copy + "-3"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: third + suffix) } }
        _ = try TravelRecord.restore(Data(handSet.utf8), into: TravelLog(path: third))
        #expect(try export(third) == handSet)
        #expect(try Passport(log: TravelLog(path: third, readOnly: true)).photos(.flight).count == 1)
        // Only into an empty log.
        #expect(throws: TravelRecord.RestoreError.self) { try TravelRecord.restore(Data(first.utf8), into: TravelLog(path: copy)) }
        // Not from a record that lost precision.
        let other = copy + "-2"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: other + suffix) } }
        #expect(throws: TravelRecord.RestoreError.self) {
            try TravelRecord.restore(Data(try export(PassportTests.itinerary.database, coordinates: .city).utf8), into: TravelLog(path: other))
        }
    }
}
