import Foundation
import Testing

/// `atlas export` writes each region's native name beside its English one, from the gazetteer,
/// and a record restored from it exports the same bytes.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct ExportCommandTests {
    private static func regions(_ record: [String: Any]) -> [[String: Any]] {
        let continents = record["continents"] as? [[String: Any]] ?? []
        let countries = continents.flatMap { $0["countries"] as? [[String: Any]] ?? [] }
        return countries.flatMap { $0["regions"] as? [[String: Any]] ?? [] }
    }

    @Test func regionsCarryTheirNativeNames() throws {
        let result = try AtlasBinary.run(["export", "--no-photos", "--db", SampleLog.database])
        #expect(result.status == 0, "\(result.stderr)")
        let record = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let byID = Dictionary(uniqueKeysWithValues: Self.regions(record).compactMap { r in (r["id"] as? String).map { ($0, r) } })
        #expect(byID["region:PT.14"]?["name"] as? String == "Lisbon" && byID["region:PT.14"]?["native_name"] as? String == "Lisboa")
        #expect(byID["region:IT.09"]?["name"] as? String == "Lombardy" && byID["region:IT.09"]?["native_name"] as? String == "Lombardia")
        // A region whose source name is the English one has none.
        let france = try #require(byID["region:FR.84"])
        #expect(france["name"] as? String == "Auvergne-Rhône-Alpes" && france["native_name"] == nil)
    }

    @Test func aRestoredRecordExportsTheSameBytes() throws {
        let directory = SampleLog.temporaryDirectory()
        let record = directory + "/record.json", db = directory + "/restored.sqlite"
        #expect(try AtlasBinary.run(["export", "--db", SampleLog.database, "--output", record]).status == 0)
        #expect(try AtlasBinary.run(["import-record", record, "--db", db]).status == 0)
        let again = try AtlasBinary.run(["export", "--db", db])
        let first = try String(contentsOfFile: record, encoding: .utf8)
        #expect(again.status == 0 && again.stdout == first)
    }
}
