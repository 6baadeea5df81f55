import Foundation
import SyntheticPhotos
import Testing

/// `atlas countries` for places known without a date, and the evidence of each.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct CountriesCommandTests {
    @Test func anUndatedPhotoHasNoDateInWords() throws {
        let folder = SampleLog.temporaryDirectory()
        let photo = SyntheticPhoto(latitude: 35.0116, longitude: 135.7681, dateTimeOriginal: nil)
        try Data(photo.jpeg()).write(to: URL(fileURLWithPath: folder + "/kyoto.jpg"))
        let db = folder + ".sqlite"
        #expect(try AtlasBinary.run(["import", folder, "--db", db, "--progress", "never"]).status == 0)
        let result = try AtlasBinary.run(["countries", "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        let japan = try #require(result.lines.first { $0.hasPrefix("Japan") }, "\(result.stdout)")
        #expect(japan.contains("no date  no date"), "\(japan)")
    }

    @Test func anUndatedMarkToo() throws {
        let db = try SampleLog.copy()
        #expect(try AtlasBinary.run(["mark", "country:AX", "--db", db]).status == 0)
        let result = try AtlasBinary.run(["countries", "--db", db])
        let aland = try #require(result.lines.first { $0.hasPrefix("Åland") }, "\(result.stdout)")
        #expect(aland.contains("no date     no date"), "\(aland)")
        #expect(!result.stdout.contains(" - "), "\(result.stdout)")
    }

    /// The sample trip, its mark for Iceland, and a phone's history of four hours in Madrid.
    @Test func eachCountrySaysItsEvidenceAndEvidenceRestrictsIt() throws {
        let db = try SampleLog.copy()
        let folder = SampleLog.temporaryDirectory()
        let timeline = """
            {"semanticSegments": [{"startTime": "2024-08-01T10:00:00.000+02:00", "endTime": "2024-08-01T14:00:00.000+02:00",
              "visit": {"topCandidate": {"placeLocation": {"latLng": "40.4168°, -3.7038°"}}}}]}
            """
        try Data(timeline.utf8).write(to: URL(fileURLWithPath: folder + "/Timeline.json"))
        #expect(try AtlasBinary.run(["import", folder, "--db", db, "--progress", "never"]).status == 0)
        let all = try AtlasBinary.run(["countries", "--db", db])
        #expect(all.lines.first?.contains("PHOTOS  EVIDENCE") == true, "\(all.stdout)")
        let spain = try #require(all.lines.first { $0.hasPrefix("Spain") }, "\(all.stdout)")
        #expect(spain.contains(" 0  history "), "\(spain)")
        #expect(all.lines.first { $0.hasPrefix("Iceland") }?.contains(" marks ") == true && all.lines.first { $0.hasPrefix("France") }?.contains(" photos ") == true)

        let before = try AtlasBinary.run(["countries", "--evidence", "photos,marks", "--db", db, "--json"])
        #expect(before.status == 0 && !before.stdout.contains("country:ES") && before.stdout.contains("country:IS"), "\(before.stdout)")
        let history = try AtlasBinary.run(["regions", "--evidence", "history", "--db", db, "--json"])
        #expect(history.lines.count == 1 && history.stdout.contains(#""history_days":1,"#) && history.stdout.contains(#""photos":0,"#), "\(history.stdout)")

        let wrong = try AtlasBinary.run(["countries", "--evidence", "photos,fotos", "--db", db])
        #expect(wrong.status == 1 && wrong.stderr.hasPrefix("atlas countries: --evidence takes photos, history, flights, marks (comma-separated), not 'fotos'"),
                "\(wrong.stderr)")
    }
}
