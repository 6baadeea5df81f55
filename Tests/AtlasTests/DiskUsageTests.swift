import Foundation
import Gazetteer
import Testing

/// `atlas verify` and `atlas stats --json` say how much disk the log and the gazetteer take.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct DiskUsageTests {
    static func size(_ path: String) -> Int {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
    }

    /// The log with SQLite's files beside it, measured after the command (which may make them).
    static func logBytes(_ db: String) -> Int { ["", "-wal", "-shm", "-journal"].map { size(db + $0) }.reduce(0, +) }

    static var gazetteerBytes: Int { size(try! GazetteerLocation.resolve(explicit: nil)) }

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func statsJSONHasTheBytes() throws {
        let db = try SampleLog.copy()
        let result = try AtlasBinary.run(["stats", "--db", db, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let disk = try #require(try Self.object(result.stdout)["disk"] as? [String: Any], "\(result.stdout)")
        #expect(disk["log_bytes"] as? Int == Self.logBytes(db) && Self.logBytes(db) > 0, "\(disk)")
        #expect(disk["gazetteer_bytes"] as? Int == Self.gazetteerBytes && Self.gazetteerBytes > 1_000_000, "\(disk)")
    }

    @Test func verifySaysItInTextAndJSON() throws {
        let db = try SampleLog.copy()
        let json = try AtlasBinary.run(["verify", "--db", db, "--json"])
        let disk = try #require(try Self.object(json.stdout)["disk"] as? [String: Any], "\(json.stdout)")
        #expect(disk["log_bytes"] as? Int == Self.logBytes(db) && disk["gazetteer_bytes"] as? Int == Self.gazetteerBytes, "\(disk)")
        let text = try AtlasBinary.run(["verify", "--db", db])
        let last = try #require(text.lines.last)
        let megabytes = String(format: "%.1f MB", Double(Self.gazetteerBytes) / 1e6)
        #expect(last.hasPrefix("disk: log ") && last.hasSuffix(", gazetteer \(megabytes)"), "\(last)")
        #expect(last.contains(" kB,") || last.contains(" MB,"), "\(last)")
    }

    @Test func aMissingLogIsSaidToBeNotFound() throws {
        let missing = SampleLog.temporaryDirectory() + "/none.sqlite"
        let text = try AtlasBinary.run(["verify", "--db", missing])
        #expect(text.lines.last?.hasPrefix("disk: log not found, gazetteer ") == true, "\(text.stdout)")
    }
}
