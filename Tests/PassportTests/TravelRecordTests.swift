import Foundation
import Gazetteer
import JSONWriter
import Testing
import TravelLog
@testable import Passport
import ScratchSpace

/// The export: valid against the shipped schema in every variant, deterministic, and restorable.
@Suite(.serialized) struct TravelRecordTests {
    static let schemaPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Resources/travel-record.schema.json").path

    func validator() throws -> SchemaValidator {
        SchemaValidator(root: try JSON.parse(String(contentsOfFile: Self.schemaPath, encoding: .utf8)))
    }

    func export(_ log: String, scheme: CountingScheme.Name = .un, photos: Bool = true, coordinates: TravelRecord.Coordinates = .exact) throws -> String {
        let log = try TravelLog(path: log, readOnly: true)
        let passport = try Passport(log: log)
        var bytes: [UInt8] = []
        let counting = try CountingScheme.load(scheme, from: PassportTests.gazetteer)
        var record = TravelRecord(passport: passport, scheme: counting,
                                  gazetteerVersion: PassportTests.gazetteer.version, includePhotos: photos, coordinates: coordinates)
        record.histories = try log.storedHistories()
        record.milestones = try passport.milestones(scheme: counting, gazetteer: PassportTests.gazetteer)
        try record.write(photosFrom: log) { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
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

    @Test func districtsSurviveExportAndImportRecordAndMatchTheSchema() throws {
        let first = try export(PassportTests.itinerary.database)
        let copy = Scratch.root.appendingPathComponent("atlas-districts-\(UUID().uuidString).sqlite").path
        let again = copy + "-2"
        defer { for path in [copy, again] { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) } } }
        _ = try TravelRecord.restore(Data(first.utf8), into: TravelLog(path: copy))
        let log = try TravelLog(path: copy)
        // A district set by hand (its city comes with it), and one marked.
        let milan = Place(id: PlaceID("city:3173435")!, name: "Milan", foldedName: "milan", lineage: [
            .init(id: PlaceID("continent:EU")!, name: "Europe"), .init(id: PlaceID("country:IT")!, name: "Italy"),
            .init(id: PlaceID("region:IT.09")!, name: "Lombardy")], coordinate: nil, population: 1, codes: .init())
        let brera = Place(id: PlaceID("district:6951036")!, name: "Brera", foldedName: "brera",
                          lineage: milan.lineage + [.init(id: milan.id, name: milan.name)], coordinate: nil, population: 1, codes: .init())
        let milanPhoto = try require(log.visitPhotos().first { $0.path.hasSuffix("21-milan.jpg") }).path
        try log.setPlace(photo: try require(try log.photoID(milanPhoto)), to: brera)
        try log.saveMark(Mark(place: brera, date: "2024-07-12", note: nil))

        let withDistricts = try export(copy)
        #expect(try validator().errors(try JSON.parse(withDistricts)).isEmpty)
        let doc = try JSON.parse(withDistricts)
        guard case .array(let photos)? = doc["photos"] else { Issue.record("no photos"); return }
        // The Lyon photos as the gazetteer resolves them: the city is Lyon, the district an arrondissement.
        let lyonPhotos = photos.filter { $0["city"] == .object(["id": .string("city:2996944"), "name": .string("Lyon")]) }
        #expect(lyonPhotos.count >= 2)
        let lyonPhotoDistricts = lyonPhotos.compactMap { photo -> String? in
            if case .string(let id)? = photo["district"]?["id"] { id } else { nil }
        }
        #expect(lyonPhotoDistricts.count == lyonPhotos.count && lyonPhotoDistricts.allSatisfy { $0.hasPrefix("district:") })
        // The district follows the city in each photo, and each city lists its districts.
        #expect(withDistricts.contains("\"name\": \"Lyon\"\n      },\n      \"district\": {\n        \"id\": \"district:"))
        func city(_ id: String) -> JSON? {
            guard case .array(let continents)? = doc["continents"] else { return nil }
            for continent in continents {
                guard case .array(let countries)? = continent["countries"] else { continue }
                for country in countries {
                    guard case .array(let regions)? = country["regions"] else { continue }
                    for region in regions {
                        guard case .array(let cities)? = region["cities"] else { continue }
                        if let c = cities.first(where: { $0["id"] == .string(id) }) { return c }
                    }
                }
            }
            return nil
        }
        guard case .array(let lyonDistricts)? = city("city:2996944")?["districts"] else { Issue.record("Lyon has no districts"); return }
        #expect(lyonDistricts.map { $0["id"] } == Set(lyonPhotoDistricts).sorted().map { .string($0) })
        let districtPhotos = lyonDistricts.reduce(0) { sum, d in if case .int(let n)? = d["photos"] { sum + n } else { sum } }
        #expect(districtPhotos == lyonPhotos.count && lyonDistricts.allSatisfy { $0["kind"] == .string("district") })
        guard case .array(let milanDistricts)? = city("city:3173435")?["districts"] else { Issue.record("Milan has no districts"); return }
        #expect(milanDistricts.first?["id"] == .string("district:6951036"))
        #expect(milanDistricts.first?["photos"] == .int(1) && milanDistricts.first?["marks"] == .int(1))

        _ = try TravelRecord.restore(Data(withDistricts.utf8), into: TravelLog(path: again))
        #expect(try export(again) == withDistricts)
        // A record from before districts (version 1) still loads.
        let older = withDistricts.replacingOccurrences(of: "\"schema_version\": \(TravelRecord.schemaVersion)", with: "\"schema_version\": 1")
        #expect(older != withDistricts)
        let oldest = again + "-1"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: oldest + suffix) } }
        #expect(try TravelRecord.restore(Data(older.utf8), into: TravelLog(path: oldest)).photos == Itinerary.shots.count)
    }

    @Test func exportIsByteIdenticalAndSurvivesImportRecord() throws {
        let first = try export(PassportTests.itinerary.database)
        #expect(try export(PassportTests.itinerary.database) == first)
        let copy = Scratch.root.appendingPathComponent("atlas-restored-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: copy + suffix) } }
        let restored = try TravelRecord.restore(Data(first.utf8), into: TravelLog(path: copy))
        #expect(restored == .init(photos: Itinerary.shots.count, marks: 2))
        #expect(try export(copy) == first)
        // A hand-set place survives the round trip, and stays immune to the flight rule.
        let restoredLog = try TravelLog(path: copy)
        let flightPath = try require(try restoredLog.visitPhotos().first { $0.status == .flight }?.path)
        let flightID = try require(try restoredLog.photoID(flightPath))
        try restoredLog.setPlace(photo: flightID, to: try require(try PassportTests.gazetteer.lookup("city:3081368")))
        let handSet = try export(copy)
        #expect(handSet.contains("\"hand_set\": true"))
        let third = copy + "-3"
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: third + suffix) } }
        _ = try TravelRecord.restore(Data(handSet.utf8), into: TravelLog(path: third))
        #expect(try export(third) == handSet)
        #expect(try Passport(log: TravelLog(path: third, readOnly: true)).photoCount(.flight) == 1)
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
