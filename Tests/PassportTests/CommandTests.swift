import Foundation
import Testing

/// The passport commands as people run them: the `atlas` binary built beside the test bundle.
@Suite(.serialized) struct CommandTests {
    static var binary: String {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        while !directory.path.isEmpty, directory.path != "/" {
            let candidate = directory.appendingPathComponent("atlas").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath + "/.build/debug/atlas"
    }

    /// Exit status and stdout of `atlas ARGS`.
    func atlas(_ arguments: [String]) throws -> (status: Int32, out: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.binary)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test func listingsStatsAndUsage() throws {
        let db = PassportTests.itinerary.database
        let countries = try atlas(["countries", "--db", db, "--json"])
        #expect(countries.status == 0)
        let lines = countries.out.split(separator: "\n").map { try? JSON.parse(String($0)) }
        #expect(lines.map { $0?["id"] } == ["CH", "CN", "FR", "HK", "IS", "IT", "XK"].map { .string("country:" + $0) })
        #expect(lines.first??["regions_total"] == .int(26))
        let europe = try atlas(["countries", "--db", db, "--continent", "EU", "--year", "2024"])
        #expect(europe.status == 0 && europe.out.contains("Switzerland") && !europe.out.contains("Iceland") && !europe.out.contains("Hong Kong"))
        let stats = try atlas(["stats", "--db", db, "--count", "all", "--year", "2024"])
        #expect(stats.status == 0 && stats.out.contains("7 of 252") && stats.out.contains("2 photos in flight, 2 in transit"))
        for command in ["regions", "cities", "airports", "continents", "timeline", "marks"] {
            #expect(try atlas([command, "--db", db]).status == 0, "\(command)")
            #expect(try atlas([command, "--help"]).status == 0, "\(command) --help")
        }
        #expect(try atlas(["stats", "--db", db, "--count", "world"]).status == 1)
        #expect(try atlas(["cities", "--db", db, "--region", "nowhere-at-all"]).status == 1)
        #expect(try atlas(["countries", "--db", db + ".absent"]).status == 2)
    }

    @Test func markUnmarkAndExportRoundTrip() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("atlas-cli-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first = dir + "/a.json", second = dir + "/b.json", copy = dir + "/copy.sqlite"
        #expect(try atlas(["export", "--db", PassportTests.itinerary.database, "--output", first]).status == 0)
        #expect(try atlas(["import-record", first, "--db", copy]).status == 0)
        #expect(try atlas(["export", "--db", copy, "--output", second]).status == 0)
        #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
        #expect(try atlas(["import-record", first, "--db", copy]).status == 1)

        // Marks on the copy: a Frankfurt day promoted to a visit of Germany, then removed.
        #expect(try atlas(["mark", "country:DE", "--date", "2024-07-10", "--note", "left the airport", "--db", copy]).status == 0)
        #expect(try atlas(["countries", "--db", copy]).out.contains("Germany"))
        #expect(try atlas(["mark", "country:DE", "--date", "2024-02-30", "--db", copy]).status == 1)
        #expect(try atlas(["mark", "nowhere-at-all", "--db", copy]).status == 1)
        #expect(try atlas(["unmark", "DE", "--db", copy]).status == 0)
        #expect(try !atlas(["countries", "--db", copy]).out.contains("Germany"))
        #expect(try atlas(["unmark", "DE", "--db", copy]).status == 1)
    }
}
