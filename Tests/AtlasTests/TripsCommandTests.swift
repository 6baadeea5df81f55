import Testing

/// `atlas trips` after `atlas trip exclude`: the trip is hidden, and the listing says where.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct TripsCommandTests {
    @Test func anExcludedTripIsSaidToBeHidden() throws {
        let db = try SampleLog.copy()
        let before = try AtlasBinary.run(["trips", "--db", db])
        #expect(before.status == 0 && before.stderr.isEmpty, "\(before.stderr)")
        #expect(try AtlasBinary.run(["trip", "exclude", "2019-05-01", "--db", db]).status == 0)
        let after = try AtlasBinary.run(["trips", "--db", db])
        #expect(after.status == 0 && !after.stdout.contains("Iceland"))
        #expect(after.stderr == "1 excluded trip not shown ('atlas trips --all' lists it; 'atlas trip reset ID' brings one back).\n", "\(after.stderr)")
        let all = try AtlasBinary.run(["trips", "--all", "--db", db])
        #expect(all.stdout.contains("Iceland, May 2019 (excluded)") && all.stderr.isEmpty, "\(all.stderr)")
        let none = try AtlasBinary.run(["trips", "--year", "2019", "--db", db])
        #expect(none.stdout.isEmpty && none.stderr == "No trips in 2019; 1 excluded trip not shown ('atlas trips --all' lists it; 'atlas trip reset ID' brings one back).\n",
                "\(none.stderr)")
    }
}
