import Foundation
import Testing

/// Counts read as English: "1 new country, 1 region", in every summary.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct PluralTests {
    @Test func timelineImportAndRecords() throws {
        let timeline = try AtlasBinary.run(["timeline", "--db", SampleLog.database])
        #expect(timeline.lines.contains("2019  1 new country, 0 regions, 0 cities"), "\(timeline.stdout)")
        #expect(timeline.lines.contains("2024  4 new countries, 5 regions, 10 cities"), "\(timeline.stdout)")

        let directory = SampleLog.temporaryDirectory()
        let db = directory + "/one.sqlite"
        let photo = SampleLog.root + "/Samples/trip/2024-07-11-lisbon-alfama.jpg"
        let folder = directory + "/one"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: photo, toPath: folder + "/a.jpg")
        let imported = try AtlasBinary.run(["import", folder, "--db", db, "--progress", "never"])
        #expect(imported.lines.contains("1 new country: Portugal; 1 new region; 1 new city"), "\(imported.stdout)")
        #expect(imported.lines.contains("Visited so far: 1 country (Portugal), 1 region, 1 city, 0 airports"), "\(imported.stdout)")

        #expect(try AtlasBinary.run(["mark", "IS", "--db", db]).status == 0)
        let record = directory + "/record.json"
        #expect(try AtlasBinary.run(["export", "--db", db, "--output", record]).status == 0)
        let restored = try AtlasBinary.run(["import-record", record, "--db", directory + "/restored.sqlite"])
        #expect(restored.stdout == "Loaded 1 photo, 1 mark, 0 saved homes, 0 trip edits and 0 flights into \(directory)/restored.sqlite\n")
        let reresolved = try AtlasBinary.run(["reresolve", "--db", db])
        #expect(reresolved.stdout.hasPrefix("Re-resolved 1 photo with gazetteer "), "\(reresolved.stdout)")
        #expect(reresolved.stdout.contains("0 changed place, 0 changed UTC offset, 0 snapshots rewritten"))
    }
}
