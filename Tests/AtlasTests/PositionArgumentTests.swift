import Testing

/// A coordinate is read the same wherever a place or a position is: `resolve`, `home set`,
/// `search --near`, `set-place` and `--home`, south and west of Greenwich included.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct PositionArgumentTests {
    /// The Sydney Opera House as map apps and people paste it: a first word with a minus sign is
    /// a coordinate, not an option.
    static let sydney: [[String]] = [["-33.8568, 151.2153"], ["-33.86,151.21"], ["-33.86 151.21"], ["-33.86", "151.21"], ["-33.86,", "151.21"]]

    @Test(arguments: sydney)
    func resolveTakesASouthernCoordinateFirst(_ words: [String]) throws {
        let result = try AtlasBinary.run(["resolve"] + words + ["--json"])
        #expect(result.status == 0, "\(words): \(result.stderr)")
        #expect(result.stdout.contains(#""country":{"id":"country:AU""#) && result.stdout.contains("Sydney"), "\(words): \(result.stdout)")
    }

    @Test func numbersWithExponentsAreNumbers() throws {
        let result = try AtlasBinary.run(["resolve", "1e-5", "1e-5", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(#"{"lat":0.00001,"lon":0.00001,"#), "\(result.stdout)")
        let signed = try AtlasBinary.run(["resolve", "-1e-5", "2.5E+1"])
        #expect(signed.status == 0 && signed.stdout.hasPrefix("coordinate -0.000010, 25.000000\n"), "\(signed.stdout) \(signed.stderr)")
    }

    /// `--near` and `--home` read every form as `resolve` does, in one word or two, read by the
    /// one position parser (`atlas --parse` prints what the command read).
    @Test(arguments: sydney.dropFirst())
    func positionOptionsTakeEveryForm(_ words: [String]) throws {
        let near = try AtlasBinary.run(["--parse", "search", "--near"] + words + ["opera"])
        #expect(near.status == 0 && near.stdout.contains(#""--near":"-33.86, 151.21""#), "\(words): \(near.stdout) \(near.stderr)")
        let home = try AtlasBinary.run(["--parse", "trips", "--home"] + words + ["--gap", "1"])
        #expect(home.status == 0 && home.stdout.contains(#""--home":"\#(words.joined(separator: " "))""#) && home.stdout.contains(#""--gap":"1""#),
                "\(words): \(home.stdout) \(home.stderr)")
        let exponent = try AtlasBinary.run(["--parse", "search", "--near", "-1e-5", "2.5E+1", "x"])
        #expect(exponent.stdout.contains(#""--near":"-1e-05, 25.0""#), "\(exponent.stdout) \(exponent.stderr)")
    }

    @Test func aWordThatIsNoNumberIsStillAnOption() throws {
        let result = try AtlasBinary.run(["resolve", "-x33", "151"])
        #expect(result.status == 1 && result.stderr.hasPrefix("atlas resolve: unknown option '-x33'"), "\(result.stderr)")
    }

    @Test(arguments: sydney)
    func homeSetTakesEveryForm(_ words: [String]) throws {
        let db = try SampleLog.copy()
        let result = try AtlasBinary.run(["home", "set"] + words + ["--db", db])
        #expect(result.status == 0, "\(words): \(result.stderr)")
        #expect(result.stdout.hasPrefix("Home: ") && result.stdout.contains(words == [Self.sydney[0][0]] ? "at -33.8568, 151.2153" : "at -33.8600, 151.2100"),
                "\(words): \(result.stdout)")
        let shown = try AtlasBinary.run(["home", "--db", db, "--json"])
        #expect(shown.stdout.contains("country:AU") || shown.stdout.contains("Sydney"), "\(shown.stdout)")
    }

    @Test func homeSetStillRefusesSeveralWordsThatAreNoCoordinate() throws {
        let db = try SampleLog.copy()
        let result = try AtlasBinary.run(["home", "set", "new", "york", "--db", db])
        #expect(result.status == 1 && result.stderr.hasPrefix("atlas home: home set takes one PLACE or LAT,LON"), "\(result.stderr)")
    }

    @Test(arguments: [["--near", "-33.86", "151.21"], ["--near", "-33.86,151.21"], ["--near=-33.86,151.21"], ["--near", "-33.8568, 151.2153"]])
    func searchNearTakesEveryForm(_ near: [String]) throws {
        let result = try AtlasBinary.run(["search", "opera"] + near + ["--limit", "3"])
        #expect(result.status == 0, "\(near): \(result.stderr)")
        #expect(result.stdout.hasPrefix("NAME") && result.stdout.contains("DISTANCE"), "\(near): \(result.stdout)")
        #expect(!result.stdout.contains("151.21"), "the longitude is no part of the query: \(result.stdout)")
    }

    @Test(arguments: [["-33.86,151.21"], ["-33.86", "151.21"]])
    func setPlaceTakesACoordinate(_ words: [String]) throws {
        let db = try SampleLog.copy()
        let photo = SampleLog.root + "/Samples/trip/2024-07-11-lisbon-alfama.jpg"
        let result = try AtlasBinary.run(["set-place", photo] + words + ["--db", db])
        #expect(result.status == 0 && result.stdout.contains("Australia"), "\(words): \(result.stdout) \(result.stderr)")
        #expect(result.stderr.contains("is in "), "\(result.stderr)")
        let countries = try AtlasBinary.run(["countries", "--db", db])
        #expect(countries.stdout.contains("Australia"), "\(countries.stdout)")
    }

    @Test func homeOptionTakesACoordinate() throws {
        let result = try AtlasBinary.run(["stats", "--home", "-33.86", "151.21", "--db", SampleLog.database, "--json"])
        #expect(result.status == 0 && result.stdout.contains(#""home":{"id":"city:"#), "\(result.stdout) \(result.stderr)")
    }
}
