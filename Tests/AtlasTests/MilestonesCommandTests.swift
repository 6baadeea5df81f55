import Foundation
import Testing

/// `atlas milestones` on a traveller made of marks: every continent reached on the day of the
/// seventh, the countries counted under the scheme, in text, JSON and the export.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct MilestonesCommandTests {
    /// One place on each continent; Antarctica, which no UN scheme counts as a country, last.
    static let marks = [("country:EG", "2019-01-10"), ("country:JP", "2019-02-10"), ("country:FR", "2019-03-10"), ("region:US.CA", "2019-04-10"),
                        ("country:AU", "2019-05-10"), ("country:BR", "2019-06-10"), ("country:AQ", "2020-01-15")]

    static func traveller() throws -> String {
        let db = SampleLog.temporaryDirectory() + "/log.sqlite"
        for (place, date) in marks {
            let result = try AtlasBinary.run(["mark", place, "--date", date, "--db", db])
            #expect(result.status == 0, "\(result.stderr)")
        }
        return db
    }

    @Test func everyContinentOnTheDayOfTheLast() throws {
        let db = try Self.traveller()
        let text = try AtlasBinary.run(["milestones", "--db", db])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.lines.first == "Reached", "\(text.stdout)")
        let continents = try #require(text.lines.dropFirst().first, "\(text.stdout)")
        #expect(continents.contains("2020-01-15") && continents.contains("Every continent") && continents.hasSuffix("Antarctica"), "\(text.stdout)")
        #expect(text.lines.contains { $0.hasPrefix("  10 countries") && $0.hasSuffix("6 of 10") }, "\(text.stdout)")

        let json = try AtlasBinary.run(["milestones", "--db", db, "--json"])
        let objects = try json.lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let byID = Dictionary(objects.map { ($0["id"] as? String ?? "", $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byID["continents"]?["reached"] as? String == "2020-01-15" && byID["continents"]?["complete"] as? Bool == true)
        #expect((byID["continents"]?["place"] as? [String: Any])?["id"] as? String == "continent:AN")
        let states = try #require(byID["regions:US"])
        #expect(states["done"] as? Int == 1 && states["total"] as? Int == 50 && states["reached"] is NSNull)
        #expect((states["missing"] as? [[String: Any]])?.count == 49)
        // Every milestone not shown in text without --all is in the JSON.
        let all = try AtlasBinary.run(["milestones", "--db", db, "--all"])
        #expect(all.lines.filter { $0.hasPrefix("  ") }.count == objects.count, "\(all.stdout)")

        let export = try AtlasBinary.run(["export", "--no-photos", "--db", db])
        let record = try #require(try JSONSerialization.jsonObject(with: Data(export.stdout.utf8)) as? [String: Any])
        let exported = try #require(record["milestones"] as? [[String: Any]])
        #expect(exported.map { $0["id"] as? String ?? "" } == objects.map { $0["id"] as? String ?? "" })
    }

    @Test func aTravellerOfOneUndatedMarkHasNoneReachedYet() throws {
        let db = SampleLog.temporaryDirectory() + "/empty.sqlite"
        #expect(try AtlasBinary.run(["mark", "country:IS", "--db", db]).status == 0)
        let result = try AtlasBinary.run(["milestones", "--db", db])
        #expect(result.status == 0 && result.lines.first == "No milestone reached yet.", "\(result.stdout)")
        #expect(try AtlasBinary.run(["milestones", "--db", SampleLog.temporaryDirectory() + "/none.sqlite"]).status == 2)
    }
}
