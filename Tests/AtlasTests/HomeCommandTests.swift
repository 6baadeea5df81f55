import Foundation
import Testing

/// `atlas home` beside a location history that labels a place HOME: the label is shown as
/// evidence and never becomes a home until `home set`.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct HomeCommandTests {
    /// A phone's `Timeline.json`: four hours in Lisbon, and Lisbon labelled HOME.
    private static let timeline = """
        {"semanticSegments": [{"startTime": "2024-05-05T10:00:00.000+01:00", "endTime": "2024-05-05T14:00:00.000+01:00",
          "visit": {"topCandidate": {"placeLocation": {"latLng": "38.7223°, -9.1393°"}}}}],
         "rawSignals": [],
         "userLocationProfile": {"frequentPlaces": [{"placeLocation": "38.7223°, -9.1393°", "label": "HOME"},
                                                     {"placeLocation": "38.75°, -9.2°", "label": "WORK"}]}}
        """

    @Test func aLabelledHomeIsEvidenceUntilSaved() throws {
        let folder = SampleLog.temporaryDirectory()
        try Data(Self.timeline.utf8).write(to: URL(fileURLWithPath: folder + "/phone/Zeitachse.json").creatingFolder())
        let db = folder + "/atlas.sqlite"
        let imported = try AtlasBinary.run(["import", folder + "/phone", "--db", db, "--progress", "never"])
        #expect(imported.status == 0, "\(imported.stderr)")

        let shown = try AtlasBinary.run(["home", "--db", db])
        #expect(shown.status == 0, "\(shown.stderr)")
        // The history's stay infers the home as photos do; the label is shown below, WORK is not.
        #expect(shown.lines.count == 3 && shown.lines[1].contains("Lisbon (region:PT.14)  inferred"), "\(shown.stdout)")
        #expect(shown.lines[2].hasPrefix("Zeitachse.json labels 38.7223,-9.1393 (Lisbon, city:"), "\(shown.stdout)")
        #expect(shown.lines[2].hasSuffix("HOME as of 2024-05-05; not saved: 'atlas home set 38.7223,-9.1393' saves it."), "\(shown.stdout)")
        let json = try AtlasBinary.run(["home", "--db", db, "--json"])
        let label = try #require(json.lines.last.flatMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] })
        #expect(label["label"] as? String == "HOME" && label["as_of"] as? String == "2024-05-05" && label["saved"] as? Bool == false)
        #expect((label["place"] as? [String: Any])?["name"] as? String == "Lisbon")

        #expect(try AtlasBinary.run(["home", "set", "38.7223,-9.1393", "--db", db]).status == 0)
        let saved = try AtlasBinary.run(["home", "--db", db])
        #expect(saved.stdout.hasPrefix("SINCE") && saved.lines.last?.hasSuffix("HOME as of 2024-05-05; saved as a home.") == true, "\(saved.stdout)")
    }
}

private extension URL {
    /// The URL, its folder made.
    func creatingFolder() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
