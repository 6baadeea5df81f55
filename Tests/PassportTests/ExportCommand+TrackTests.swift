import Foundation
import PhotoMetadata
import Testing

/// `atlas export --track` as people run it: the built binary on ``NewYearInTokyo``'s log.
@Suite struct ExportTrackCommandTests {
    struct Run { let status: Int32; let out: String; let err: String }

    static func atlas(_ arguments: [String]) throws -> Run {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandTests.binary)
        process.arguments = arguments
        let (out, err) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError) = (out, err)
        try process.run()
        // stderr is short; stdout is read whole first so the pipe never fills.
        let data = out.fileHandleForReading.readDataToEndOfFile(), said = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, out: String(decoding: data, as: UTF8.self), err: String(decoding: said, as: UTF8.self))
    }

    @Test func aTripByItsIDOrAnyDateInsideAndAYearToAFile() throws {
        let fixture = try NewYearInTokyo()
        let db = fixture.database
        let byID = try Self.atlas(["export", "--track", "--trip", "2024-12-28", "--db", db])
        #expect(byID.status == 0 && byID.err.isEmpty, "\(byID.err)")
        // A date inside the trip, in the other year; the options in another order, with `=`.
        let byDate = try Self.atlas(["export", "--db=\(db)", "--format", "gpx", "--trip=2025-01-01", "--track", "--coordinates", "exact"])
        #expect(byDate.status == 0 && byDate.out == byID.out)
        let track = try GPXTrack.read(Data(byID.out.utf8), path: "-")
        let timed = NewYearInTokyo.expectedDays("2024-12-28", "2025-01-02").flatMap(\.shots).filter { NewYearInTokyo.utc($0) != nil }
        #expect(track.points.count == timed.count && !timed.isEmpty)
        // The creator is the program that wrote it.
        let version = try Self.atlas(["--version"]).out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(byID.out.contains("creator=\"TravelAtlas \(version)\"") && version.hasPrefix("atlas "))
        #expect(byID.out.contains("<name>Japan, December 2024 – January 2025</name>"))

        let dir = fixture.root + "/out"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let year = try Self.atlas(["export", "--track", "--year", "2025", "--format", "geojson", "--coordinates", "city", "--db", db])
        let written = try Self.atlas(["export", "--track", "--year", "2025", "--format", "geojson", "--coordinates", "city", "--db", db,
                                      "--output", dir + "/2025.geojson"])
        #expect(year.status == 0 && written.status == 0 && written.out.isEmpty)
        #expect(FileManager.default.contents(atPath: dir + "/2025.geojson") == Data(year.out.utf8))
        let collection = try JSON.parse(year.out)
        #expect(TrackExportGeoJSONTests.problems(collection) == [])
        #expect(TrackExportGeoJSONTests.features(collection, kind: "day").map { $0["properties"]?["date"] }
                == NewYearInTokyo.expectedDays("2025-01-01", "2025-12-31").map { .string($0.date) })
        #expect(year.out.contains("[139.7,35.7]"))
    }

    @Test func aYearWithoutPhotosIsAnEmptyTrackAndANote() throws {
        let fixture = try NewYearInTokyo()
        let gpx = try Self.atlas(["export", "--track", "--year", "2023", "--db", fixture.database])
        #expect(gpx.status == 0 && gpx.err.contains("No positioned photos") && gpx.err.contains("2023"))
        #expect(try GPXTrack.read(Data(gpx.out.utf8), path: "-").points.isEmpty && gpx.out.contains("<name>2023</name>"))
        #expect(!gpx.out.contains("<trkseg>") && gpx.out.hasSuffix("</gpx>\n"))
        let json = try Self.atlas(["export", "--track", "--year", "2023", "--format", "geojson", "--db", fixture.database])
        #expect(json.status == 0 && json.out == "{\"type\":\"FeatureCollection\",\"features\":[]}\n" && json.err.contains("No positioned photos"))
    }

    @Test func badCombinationsAreUsageErrors() throws {
        let fixture = try NewYearInTokyo()
        let db = fixture.database
        let cases: [([String], String)] = [
            (["--track"], "--track needs --trip ID or --year YYYY"),
            (["--track", "--trip", "2024-12-28", "--year", "2024"], "--trip and --year are exclusive"),
            (["--trip", "2024-12-28"], "--trip goes with --track"),
            (["--year", "2024"], "--year goes with --track"),
            (["--format", "gpx"], "--format goes with --track"),
            (["--track", "--year", "2024", "--coordinates", "none"], "--coordinates none leaves a track without positions"),
            (["--track", "--year", "2024", "--coordinates", "street"], "--coordinates takes exact or city with --track, not 'street'"),
            (["--track", "--year", "2024", "--format", "kml"], "--format takes gpx or geojson, not 'kml'"),
            (["--track", "--year", "2024", "--format", "geojsn"], "did you mean 'geojson'?"),
            (["--track", "--year", "24"], "--year takes a whole number from 1800 to 9999, not '24'"),
            (["--track", "--year", "2024", "--count", "un"], "--count shapes the travel record"),
            (["--track", "--year", "2024", "--no-photos"], "--no-photos shapes the travel record"),
            (["--track", "--year", "2024", "extra"], "export takes no arguments"),
            (["--track", "--trip", "2031-01-01"], "no trip '2031-01-01'"),
            (["--track", "--trip", "2024-12-2"], "did you mean '2024-12-28'?"),
            (["--track", "--year", "2024", "--output", fixture.root], "is a directory, not a regular file"),
        ]
        for (arguments, message) in cases {
            let run = try Self.atlas(["export"] + arguments + ["--db", db])
            #expect(run.status == 1 && run.out.isEmpty && run.err.contains(message), "\(arguments): \(run.err)")
        }
        // `import --track FILE` still takes its file.
        let help = try Self.atlas(["import", "--help"])
        #expect(help.status == 0 && help.out.contains("--track FILE"))
        #expect(try Self.atlas(["export", "--track", "--year", "2024", "--db", db + ".absent"]).status == 2)
    }

    @Test func theHelpSaysHow() throws {
        let help = try Self.atlas(["export", "--help"])
        #expect(help.status == 0)
        for word in ["atlas export --track (--trip ID | --year YYYY)", "--track ", "--trip ID", "--year YYYY", "--format F", "gpx", "geojson"] {
            #expect(help.out.contains(word), "\(word)")
        }
    }
}
