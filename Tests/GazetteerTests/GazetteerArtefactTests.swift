import Foundation
import SQLite
import Testing
@testable import Gazetteer
import ScratchSpace

/// The committed `Resources/` artefacts: counts agree with the manifest, the hierarchy holds
/// together, and named places are where they belong.
@Suite struct GazetteerArtefactTests {
    let gazetteer: Gazetteer
    let manifest: [String: Any]

    init() throws {
        gazetteer = try Gazetteer.open()
        let url = URL(fileURLWithPath: gazetteer.path).deletingLastPathComponent().appendingPathComponent("manifest.json")
        manifest = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    private func count(_ sql: String) throws -> Int {
        try gazetteer.withDatabase { try $0.prepare(sql).scalarInt() ?? -1 }
    }

    @Test func countsEqualTheManifest() throws {
        let counts = try #require(manifest["counts"] as? [String: Any])
        #expect(manifest["version"] as? String == gazetteer.version)
        #expect(try count("SELECT count(*) FROM continents") == counts["continents"] as? Int)
        #expect(try count("SELECT count(*) FROM countries") == counts["countries"] as? Int)
        #expect(try count("SELECT count(*) FROM regions") == counts["regions"] as? Int)
        #expect(try count("SELECT count(*) FROM regions WHERE quality != 'none'") == counts["regions_with_polygon"] as? Int)
        #expect(try count("SELECT count(*) FROM cities") == counts["cities"] as? Int)
        #expect(try count("SELECT count(*) FROM airports") == counts["airports"] as? Int)
        // One search row per place of every kind, the subregions included (schema 8).
        #expect(try count("SELECT count(*) FROM search_rows") == counts["search_rows"] as? Int)
        #expect(try count("SELECT count(*) FROM search_rows WHERE place LIKE 'subregion:%'") == counts["subregions"] as? Int)
        #expect(try count("SELECT count(*) FROM continents") == 7)
        #expect(try count("SELECT count(*) FROM cities") > 230_000)
        #expect(try count("SELECT count(*) FROM regions WHERE quality != 'none'") >= 3_700)
    }

    @Test func everyReferenceResolves() throws {
        #expect(try count("SELECT count(*) FROM cities WHERE region IS NOT NULL AND region NOT IN (SELECT id FROM regions)") == 0)
        #expect(try count("SELECT count(*) FROM cities WHERE country NOT IN (SELECT iso2 FROM countries)") == 0)
        #expect(try count("SELECT count(*) FROM regions WHERE country NOT IN (SELECT iso2 FROM countries)") == 0)
        #expect(try count("SELECT count(*) FROM countries WHERE continent NOT IN (SELECT code FROM continents)") == 0)
        #expect(try count("SELECT count(*) FROM airports WHERE country NOT IN (SELECT iso2 FROM countries)") == 0)
        #expect(try count("SELECT count(*) FROM airports WHERE region IS NOT NULL AND region NOT IN (SELECT id FROM regions)") == 0)
        #expect(try count("SELECT count(*) FROM boundaries WHERE kind = 'region' AND substr(id, 8) NOT IN (SELECT id FROM regions)") == 0)
        // A region id is its country's code, a dot and its admin-1 code.
        #expect(try count("SELECT count(*) FROM regions WHERE id != country || '.' || admin1") == 0)
        // A city's or airport's region lies in its own country (children(of: region) relies on it).
        #expect(try count("SELECT count(*) FROM cities c JOIN regions r ON r.id = c.region WHERE r.country != c.country") == 0)
        #expect(try count("SELECT count(*) FROM airports a JOIN regions r ON r.id = a.region WHERE r.country != a.country") == 0)
    }

    @Test func countingSchemes() throws {
        #expect(try count("SELECT count(*) FROM counting_schemes WHERE scheme = 'un'") == 195)
        #expect(try count("SELECT count(*) FROM counting_schemes WHERE scheme = 'all'") == count("SELECT count(*) FROM countries"))
        #expect(try count("SELECT count(*) FROM counting_schemes WHERE country NOT IN (SELECT iso2 FROM countries)") == 0)
    }

    @Test(arguments: [
        ("city:1857910", "region:JP.22", "Kyoto"),
        ("city:2950159", "region:DE.16", "Berlin"),
        ("city:5677735", "region:US.MT", "Sidney"),
        ("city:6182962", "region:CA.08", "Windsor"),
    ])
    func citiesBelongToTheirRegion(city: String, region: String, name: String) throws {
        let place = try #require(try gazetteer.place(PlaceID(city)!))
        #expect(place.name == name)
        #expect(place.ancestor(.region)?.id == PlaceID(region))
    }

    @Test func airportsByEveryCode() throws {
        #expect(try gazetteer.lookup("KIX")?.id == PlaceID("airport:KIX"))
        #expect(try gazetteer.lookup("RJBB")?.id == PlaceID("airport:KIX"))
        #expect(try gazetteer.lookup("LAX")?.id == PlaceID("airport:LAX"))
        let kix = try #require(try gazetteer.place(PlaceID("airport:KIX")!))
        #expect(kix.codes.icao == "RJBB")
        #expect(kix.ancestor(.country)?.id == PlaceID("country:JP"))
    }

    @Test func countriesByEveryCode() throws {
        #expect(try gazetteer.lookup("JP")?.id == PlaceID("country:JP"))
        #expect(try gazetteer.lookup("jpn")?.id == PlaceID("country:JP"))
        #expect(try gazetteer.lookup("US-MT")?.id == PlaceID("region:US.MT"))
        #expect(try gazetteer.lookup("1857910")?.name == "Kyoto")
        #expect(try gazetteer.lookup("country:VA")?.lineage.map(\.id) == [PlaceID("continent:EU")!])
        #expect(try gazetteer.lookup("XYZW") == nil)
    }

    @Test func missingOrDamagedFilesAreNamed() throws {
        #expect(throws: GazetteerError.self) { try Gazetteer(path: "/nonexistent/gazetteer.sqlite") }
        let junk = Scratch.root.appendingPathComponent("junk-\(UUID().uuidString).sqlite")
        try Data("not a database".utf8).write(to: junk)
        defer { try? FileManager.default.removeItem(at: junk) }
        do {
            _ = try Gazetteer(path: junk.path)
            Issue.record("a junk file opened as a gazetteer")
        } catch let error as GazetteerError {
            #expect(error.description.contains(junk.path))
        }
    }
}
