import Foundation
import Testing

/// Every JSON output keeps numbers as numbers: no count, year or distance hides in a string.
/// Identifiers and codes are text (a GeoNames id included, as in `city:2988507`), and so are
/// dates, offsets and the timeline's periods (`2024`, `2024-07`): those keys are the only ones
/// whose strings may look like numbers.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct JSONOutputTests {
    static let textKeys: Set<String> = ["id", "geonames", "period", "path", "name", "note", "place_name"]

    /// Key paths of strings that read as numbers, outside ``textKeys``.
    func numbersAsText(_ value: Any, path: String = "") -> [String] {
        switch value {
        case let object as [String: Any]:
            return object.flatMap { key, v in Self.textKeys.contains(key) ? [] : numbersAsText(v, path: path + "." + key) }
        case let array as [Any]:
            return array.enumerated().flatMap { numbersAsText($1, path: path + "[\($0)]") }
        case let string as String:
            return Double(string) != nil ? ["\(path) = \"\(string)\""] : []
        default:
            return []
        }
    }

    func documents(_ arguments: [String]) throws -> [Any] {
        let result = try AtlasBinary.run(arguments)
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let lines = arguments.contains("export") ? [result.stdout] : result.lines
        return try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) }
    }

    @Test func noNumberIsText() throws {
        let db = SampleLog.database
        let directory = SampleLog.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let commands: [[String]] = [
            ["stats", "--db", db, "--json", "--year", "2024"], ["export", "--db", db],
            ["countries", "--db", db, "--json"], ["regions", "--db", db, "--json"], ["cities", "--db", db, "--json"],
            ["cities", "--districts", "--db", db, "--json"], ["airports", "--db", db, "--json"], ["continents", "--db", db, "--json"],
            ["marks", "--db", db, "--json"], ["timeline", "--db", db, "--json"], ["timeline", "--by", "month", "--db", db, "--json"],
            ["errors", "--db", db, "--json"], ["reresolve", "--db", try SampleLog.copy(), "--json"],
            ["import", SampleLog.root + "/Samples/trip", "--db", directory + "/log.sqlite", "--json", "--progress", "never"],
            ["inspect", "--json", SampleLog.root + "/Samples/trip/2024-07-09-milan-duomo.jpg"],
            ["resolve", "34.4320", "135.2304", "--json"], ["search", "kyoto", "--json", "--near", "35,135.7"],
            ["place", "KIX", "--json"], ["place", "city:1857910", "--json"], ["browse", "country:JP", "--json", "--limit", "3"],
        ]
        for command in commands {
            for document in try documents(command) {
                #expect(numbersAsText(document).isEmpty, "\(command): \(numbersAsText(document))")
            }
        }
    }

    @Test func theBusiestYearIsANumberLikeTheYear() throws {
        let stats = try #require(try documents(["stats", "--db", SampleLog.database, "--json", "--year", "2024"]).first as? [String: Any])
        let busiest = try #require(stats["busiest_year"] as? [String: Any])
        #expect(busiest["year"] is NSNumber && (busiest["year"] as? Int) == 2024)
        #expect(stats["year"] is NSNumber)
    }
}
