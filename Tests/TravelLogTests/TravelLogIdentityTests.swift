import Foundation
import SQLite
import Testing
@testable import TravelLog

/// A travel log is recognised before anything is written: any other SQLite file (the gazetteer
/// above all) or any other file is refused and left byte for byte as it was.
@Suite struct TravelLogIdentityTests {
    private static func scratch(_ name: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("atlas-identity-\(UUID().uuidString)-\(name)").path
    }

    /// A small SQLite file with `tables`, as another program (or the gazetteer build) leaves it.
    private static func database(tables: [String]) throws -> String {
        let path = scratch("other.sqlite")
        let db = try Database(path: path, mode: .readWrite)
        for table in tables { try db.execute("CREATE TABLE \(table)(x)") }
        return path
    }

    private static func expectRefused(_ path: String, _ reason: String, readOnly: Bool) throws {
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect {
            _ = try TravelLog(path: path, readOnly: readOnly)
        } throws: { error in
            guard case TravelLogError.notATravelLog(let p, let why)? = error as? TravelLogError else { return false }
            return p == path && why.contains(reason)
        }
        #expect(throws: TravelLogError.self) { try TravelLog.check(path: path) }
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test(arguments: [false, true]) func otherFilesAreRefusedUntouched(readOnly: Bool) throws {
        try Self.expectRefused(try Self.database(tables: ["meta", "cities", "city_points", "boundaries"]), "gazetteer", readOnly: readOnly)
        try Self.expectRefused(try Self.database(tables: ["customers"]), "customers", readOnly: readOnly)
        let text = Self.scratch("notes.txt")
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: text))
        try Self.expectRefused(text, "not a SQLite database", readOnly: readOnly)
    }

    @Test func newAndOlderLogsOpenAndCarryTheApplicationID() throws {
        let fresh = Self.scratch("fresh.sqlite")
        let log = try TravelLog(path: fresh)
        #expect(try log.database.prepare("PRAGMA application_id").scalarInt() == Int(TravelLog.applicationID))
        // A log written before application ids: its schema says it is one, and it gets the id.
        try log.database.execute("PRAGMA application_id = 0")
        let older = try TravelLog(path: fresh)
        #expect(try older.database.prepare("PRAGMA application_id").scalarInt() == Int(TravelLog.applicationID))
        try TravelLog.check(path: fresh)
        // An empty file, as a crashed create may leave, is a new log.
        let empty = Self.scratch("empty.sqlite")
        FileManager.default.createFile(atPath: empty, contents: Data())
        try TravelLog.check(path: empty)
        #expect(try TravelLog(path: empty).schemaVersion() == TravelLog.migrations.count)
    }
}
