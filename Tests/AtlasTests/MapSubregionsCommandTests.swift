import Foundation
import Gazetteer
import SQLite
import Testing

/// `atlas map --level subregion` and `--country`, through the built program: the sample trip's
/// départements and provinces, a US road trip's counties, and the mistakes said clearly.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct MapSubregionsCommandTests {
    /// The first column of `sql` in the gazetteer the program reads.
    static func column(_ sql: String) throws -> [String] {
        try Gazetteer.open().withDatabase { db in
            let s = try db.prepare(sql)
            var out: [String] = []
            while try s.step() { out.append(s.string(0) ?? "") }
            return out
        }
    }

    /// The `data-id`s of the subregions drawn, and of those filled.
    static func subregions(in svg: String, filled: Bool = false) -> Set<String> {
        let pattern = filled ? #"data-id="(subregion:[^"]+)" class="visited"# : #"data-id="(subregion:[^"]+)""#
        let regex = try! NSRegularExpression(pattern: pattern)
        return Set(regex.matches(in: svg, range: NSRange(svg.startIndex..., in: svg)).map { String(svg[Range($0.range(at: 1), in: svg)!]) })
    }

    /// Without --country: the countries whose subregions were visited and have outlines (France
    /// and Italy; Portugal's and Switzerland's have none), every one of their subregions drawn,
    /// those `atlas subregions` lists filled, and the counts against the gazetteer's totals.
    @Test func theSampleTripsDepartementsAndProvinces() throws {
        let r = try AtlasBinary.run(["map", "--level", "subregion", "--format", "svg", "--db", SampleLog.database])
        #expect(r.status == 0, "\(r.stderr)")
        let drawn = Self.subregions(in: r.stdout)
        let outlined = try Self.column("SELECT id FROM subregion_map_shapes WHERE country IN ('FR', 'IT')")
        #expect(drawn == Set(outlined))
        let listed = try AtlasBinary.run(["subregions", "--db", SampleLog.database]).lines.compactMap { $0.split(separator: " ").last.map(String.init) }
            .filter { $0.hasPrefix("subregion:FR.") || $0.hasPrefix("subregion:IT.") }
        #expect(listed.count == 5 && Self.subregions(in: r.stdout, filled: true) == Set(listed), "\(listed)")
        #expect(!r.stdout.contains("subregion:PT.") && r.stdout.contains("data-id=\"country:CH\" class=\"visited"))
        #expect(!r.stdout.contains("data-id=\"country:FR\" class=\"visited"))
        let france = try Self.column("SELECT count(*) FROM subregions WHERE country = 'FR'")[0]
        let italy = try Self.column("SELECT count(*) FROM subregions WHERE country = 'IT'")[0]
        #expect(r.stdout.contains(">Subregions visited<"))
        #expect(r.stdout.contains(" · 2 of \(france) metropolitan departments (France) · 3 of \(italy) provinces (Italy) · "), "\(r.stdout.prefix(1500))")
        #expect(r.stdout.contains("<title>Rhône, Auvergne-Rhône-Alpes · 3 days</title>"))
        // Framed on France and Italy: Japan is out of the window.
        #expect(!r.stdout.contains("country:JP"))
        let again = try AtlasBinary.run(["map", "--level", "subregion", "--format", "svg", "--db", SampleLog.database])
        #expect(again.stdout == r.stdout)
    }

    /// A road trip through California: the two counties stayed in are filled, the two crossed are
    /// not; the map is the United States' counties, titled in their word, within its size budget.
    @Test func aRoadTripsCounties() throws {
        let folder = SampleLog.temporaryDirectory()
        try Data(SubregionsCommandTests.roadTrip.utf8).write(to: URL(fileURLWithPath: folder + "/trip.gpx"))
        let db = folder + ".sqlite"
        #expect(try AtlasBinary.run(["import", folder, "--db", db, "--progress", "never"]).status == 0)
        let r = try AtlasBinary.run(["map", "--level", "subregion", "--format", "svg", "--db", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(Self.subregions(in: r.stdout, filled: true) == ["subregion:US.CA.037", "subregion:US.CA.019"])
        // Framed on the contiguous states: every county but Alaska's and Hawaii's is drawn.
        let counties = Set(try Self.column("SELECT id FROM subregion_map_shapes WHERE country = 'US'"))
        let drawn = Self.subregions(in: r.stdout)
        #expect(drawn.isSubset(of: counties) && drawn.contains("subregion:US.ME.005") && drawn.contains("subregion:US.FL.086"))
        #expect(counties.subtracting(drawn).allSatisfy { $0.hasPrefix("subregion:US.AK.") || $0.hasPrefix("subregion:US.HI.") },
                "\(counties.subtracting(drawn).sorted().prefix(20))")
        // The same count as atlas subregions gives ("United States: counties 2 of 3,143").
        let line = try #require(try AtlasBinary.run(["subregions", "--db", db]).lines.first { $0.hasPrefix("United States: counties 2 of ") })
        let total = try #require(line.split(separator: " ").last)
        #expect(r.stdout.contains(">Counties visited<") && r.stdout.contains("1 of 195 countries · 2 of \(total) counties · "), "\(r.stdout.prefix(1500))")
        #expect(r.stdout.contains("<title>Los Angeles County, California · 1 day</title>"))
        #expect(r.stdout.utf8.count < 1_500_000, "\(r.stdout.utf8.count) bytes")
        // --country names the same map; the page is the still picture that zooms, with no level switch.
        let named = try AtlasBinary.run(["map", "--level", "subregion", "--country", "United States", "--format", "svg", "--db", db])
        #expect(named.stdout == r.stdout)
        let page = try AtlasBinary.run(["map", "--level", "subregion", "--country", "US", "--format", "html", "--db", db])
        #expect(page.status == 0 && page.stdout.contains("data-id=\"subregion:US.CA.037\" class=\"visited d1\"") && !page.stdout.contains("data-level=\"region\""))
    }

    /// --country at the other levels frames the map on the country; at region level only its
    /// regions are drawn.
    @Test func countryFramesTheOtherLevels() throws {
        let regions = try AtlasBinary.run(["map", "--level", "region", "--country", "IT", "--format", "svg", "--db", SampleLog.database])
        #expect(regions.status == 0, "\(regions.stderr)")
        #expect(regions.stdout.contains("data-id=\"region:IT.09\" class=\"visited") && !regions.stdout.contains("data-id=\"region:FR."))
        #expect(regions.stdout.contains("data-id=\"country:FR\" class=\"visited") && !regions.stdout.contains("country:JP"))
        let countries = try AtlasBinary.run(["map", "--country", "Italy", "--format", "svg", "--db", SampleLog.database])
        #expect(countries.status == 0 && countries.stdout.contains("data-id=\"country:IT\" class=\"visited d2\"") && !countries.stdout.contains("country:JP"))
    }

    @Test(arguments: [
        (["--level", "subregion", "--country", "Narnia"], "--country 'Narnia': no country"),
        (["--country", "ZZ"], "--country 'ZZ': no country"),
        (["--level", "subregion", "--country", "PT"], "Portugal has no subregion outlines in the gazetteer; --level subregion draws those of Belgium, France,"),
        (["--level", "subregion", "--year", "2019"], "no subregion visited lies in a country with subregion outlines"),
        (["--level", "subregion", "--trip", "2024-07-10"], "--level subregion and --trip do not go together"),
        (["--country", "US", "--trip", "2024-07-10"], "--country and --trip do not go together"),
        (["--country", "US", "--view", "world"], "--country and --view do not go together"),
    ])
    func mistakesAreUsageErrors(arguments: [String], message: String) throws {
        let r = try AtlasBinary.run(["map"] + arguments + ["--format", "svg", "--db", SampleLog.database])
        #expect(r.status == 1 && r.stdout.isEmpty && r.stderr.contains(message), "\(r.stderr)")
    }
}
