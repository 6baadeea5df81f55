import Testing

/// `atlas resolve` reads a coordinate the ways people paste one.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct ResolveCoordinateFormTests {
    /// The Eiffel Tower, written every way; each gives Paris.
    @Test(arguments: [
        ["48.8584, 2.2945"], ["48.8584,2.2945"], ["48.8584 2.2945"], ["48.8584", "2.2945"], ["48.8584,", "2.2945"],
        ["48°51'30.2\"N 2°17'40.2\"E"], ["48°51'30.2\"N", "2°17'40.2\"E"], ["48.8584° N, 2.2945° E"], ["2°17'40.2\"E 48°51'30.2\"N"],
    ])
    func everyFormGivesTheSamePlace(_ words: [String]) throws {
        let result = try AtlasBinary.run(["resolve"] + words + ["--json"])
        #expect(result.status == 0, "\(words): \(result.stderr)")
        #expect(result.stdout.contains(#""city":{"id":"city:2988507","name":"Paris""#), "\(words): \(result.stdout)")
    }

    @Test func aBadCoordinateIsOneLineAndTheUsage() throws {
        let result = try AtlasBinary.run(["resolve", "48,85, 2,35"])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("atlas resolve: '48,85, 2,35' is not a coordinate: more than one comma (decimals take a point: 48.85, 2.35)\nUsage: atlas resolve"))
        #expect(result.stderr.split(separator: "\n").count <= 4, "\(result.stderr)")
        let out = try AtlasBinary.run(["resolve", "95", "10"])
        #expect(out.status == 1 && out.stderr.contains("latitude 95.0 is outside [-90, 90]"))
        let none = try AtlasBinary.run(["resolve"])
        #expect(none.status == 1 && none.stderr.hasPrefix("atlas resolve: expected a coordinate: LAT LON\n"))
    }

    @Test func searchNearTakesTheSameForms() throws {
        let result = try AtlasBinary.run(["search", "springfield", "--near", "39°48'N 89°36'W", "--limit", "1", "--json"])
        #expect(result.status == 0 && result.stdout.contains("\"id\":\"city:4250542\""), "\(result.stdout) \(result.stderr)")
        let bad = try AtlasBinary.run(["search", "springfield", "--near", "39.8"])
        #expect(bad.status == 1 && bad.stderr.hasPrefix("atlas search: --near takes LAT,LON, not '39.8': a latitude and a longitude are needed"))
    }
}
