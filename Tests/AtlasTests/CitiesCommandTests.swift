import Testing

/// `atlas cities` with a country and a region that do not go together.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct CitiesCommandTests {
    @Test func aRegionOutsideTheCountryIsAnError() throws {
        let result = try AtlasBinary.run(["cities", "--country", "US", "--region", "CA-QC", "--db", SampleLog.database])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("atlas cities: --region 'CA-QC' (") && result.stderr.contains(") is not in --country 'US' (United States): it is in Canada\n"),
                "\(result.stderr)")
    }

    @Test func aRegionInsideTheCountryLists() throws {
        let result = try AtlasBinary.run(["cities", "--country", "Italy", "--region", "Lombardy", "--db", SampleLog.database])
        #expect(result.status == 0 && result.stdout.contains("Milan"), "\(result.stderr)")
    }
}
