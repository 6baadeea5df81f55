import Foundation
import Testing

/// `atlas map` and `atlas report` as people run them, on the sample trip.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct MapCommandTests {
    @Test func theMapOfTheSampleTripFillsItsCountries() throws {
        let result = try AtlasBinary.run(["map", "--format", "svg", "--db", SampleLog.database])
        #expect(result.status == 0, "\(result.stderr)")
        let svg = result.stdout
        #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
        for (id, days) in [("country:FR", 5), ("country:PT", 4), ("country:IT", 3), ("country:CH", 1), ("country:IS", 1)] {
            let cls = days == 1 ? "visited d1" : "visited d2"
            #expect(svg.contains("<path data-id=\"\(id)\" class=\"\(cls)\""), "\(id)")
        }
        #expect(svg.contains("<path data-id=\"country:ES\" d=\""))
        #expect(svg.contains(">5 of 195 countries · 10 cities<") && svg.contains("<title>France · 5 days</title>"))
        #expect(svg.contains("data-id=\"city:2996944\" class=\"city\"") && svg.contains("GeoNames"))
    }

    /// The credit line names every source the map draws from: the places (GeoNames), the
    /// outlines (Natural Earth), the borders refined from OpenStreetMap's time zones, and the
    /// airports (OurAirports). The README's picture (docs/images/make-readme-picture.sh) shows this line.
    @Test func theCreditLineNamesEverySource() throws {
        let result = try AtlasBinary.run(["map", "--level", "region", "--format", "svg", "--db", SampleLog.database])
        let credit = try #require(result.stdout.split(separator: "\n").first { $0.contains("class=\"credit\"") }, "\(result.stdout.suffix(500))")
        for source in ["GeoNames", "Natural Earth", "OpenStreetMap", "OurAirports"] {
            #expect(credit.contains(source), "\(source): \(credit)")
        }
    }

    @Test func theSameLogGivesTheSameFile() throws {
        let directory = SampleLog.temporaryDirectory()
        for name in ["a.html", "b.html"] {
            let r = try AtlasBinary.run(["map", "--level", "region", "--output", directory + "/" + name, "--db", SampleLog.database])
            #expect(r.status == 0 && r.stdout.isEmpty, "\(r.stderr)")
        }
        let a = try Data(contentsOf: URL(fileURLWithPath: directory + "/a.html"))
        #expect(a == (try Data(contentsOf: URL(fileURLWithPath: directory + "/b.html"))))
        let html = String(decoding: a, as: UTF8.self)
        #expect(html.hasPrefix("<!DOCTYPE html>") && html.contains("data-id=\"region:IT.19\" class=\"visited d1\""))
        #expect(html.contains("<title>Regions visited</title>"))
    }

    @Test func aTripMapIsZoomedToTheTrip() throws {
        let r = try AtlasBinary.run(["map", "--trip", "2024-07-10", "--format", "svg", "--db", SampleLog.database])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains(">Portugal, Italy &amp; Switzerland, July 2024<") && r.stdout.contains(">9 days · 4 countries · 9 cities<"))
        // Its regions are filled (Lisbon's), not whole countries; Japan is out of the window.
        #expect(r.stdout.contains("data-id=\"region:PT.14\" class=\"visited d2\"") && !r.stdout.contains("data-id=\"country:PT\" class=\"visited"))
        #expect(!r.stdout.contains("data-id=\"country:JP\""))
        #expect(!r.stdout.contains("data-id=\"country:IS\""))       // the 2019 mark is not on this trip
        // Narrower than a continent: a locator of the world, and the cities named.
        #expect(r.stdout.contains("<svg class=\"locator\"") && r.stdout.contains("data-for=\"city:2267057\">Lisbon</text>"))
        let countries = try AtlasBinary.run(["map", "--trip", "2024-07-10", "--level", "country", "--format", "svg", "--db", SampleLog.database])
        #expect(countries.stdout.contains("data-id=\"country:PT\" class=\"visited d2\""))
    }

    @Test(arguments: [
        (["--level", "city"], "--level takes country, region or subregion, not 'city'"),
        (["--view", "globe"], "--view takes world or visited"),
        (["--format", "png"], "--format takes html or svg"),
        (["--trip", "1999-01-01"], "no trip '1999-01-01'"),
        (["--trip", "2024-07-10", "--year", "2024"], "--year and --trip do not go together"),
        (["--width", "10"], "--width"),
        (["--output", "/dev/null"], "is a character device"),
    ])
    func badArgumentsAreUsageErrors(arguments: [String], message: String) throws {
        let r = try AtlasBinary.run(["map"] + arguments + ["--db", SampleLog.database])
        #expect(r.status == 1 && r.stdout.isEmpty && r.stderr.contains(message), "\(r.stderr)")
    }

    @Test func anUnwritableOutputIsExitFour() throws {
        let r = try AtlasBinary.run(["report", "--output", "/nonexistent/report.html", "--db", SampleLog.database])
        #expect(r.status == 4 && r.stderr.contains("atlas report: cannot create a temporary file in '/nonexistent'"), "\(r.stderr)")
    }

    @Test func theReportIsShareSafeUnlessPrivate() throws {
        let shared = try AtlasBinary.run(["report", "--db", SampleLog.database])
        #expect(shared.status == 0, "\(shared.stderr)")
        #expect(shared.stdout.contains("<h2>Trips <small>2</small></h2>") && shared.stdout.contains("data-id=\"trip:2024-07-06\""))
        #expect(!shared.stdout.contains(SampleLog.root) && !shared.stdout.contains("Samples/trip"))
        let personal = try AtlasBinary.run(["report", "--private", "--db", SampleLog.database])
        #expect(personal.status == 0 && personal.stdout.contains(SampleLog.root + "/Samples/trip (13)"), "\(personal.stderr)")
        #expect(personal.stdout.contains("<h2>Homes</h2>"))
        let year = try AtlasBinary.run(["report", "--year", "2019", "--db", SampleLog.database])
        #expect(year.stdout.contains("2019 in review") && year.stdout.contains("data-id=\"country:IS\"") && !year.stdout.contains("trip:2024"))
    }
}
