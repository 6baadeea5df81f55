import Foundation
import Testing

/// `atlas subregions` on a US road trip: the counties stayed in with their dates and the
/// country's total, then those the track only crossed.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"))
struct SubregionsCommandTests {
    /// A GPX track: five hours in Los Angeles, four hours of Interstate 5 north through Kern and
    /// Kings counties, ten hours in Fresno.
    static var roadTrip: String {
        var points: [(Double, Double, Int)] = []
        var minute = 0
        for i in 0..<30 { points.append((34.05 + 0.0001 * Double(i), -118.25, minute)); minute += 10 }
        for (lat, lon) in [(34.39, -118.54), (34.80, -118.86), (34.99, -118.95), (35.20, -119.10), (35.50, -119.35), (35.80, -119.60),
                           (36.10, -119.90), (36.40, -120.10), (36.60, -120.00), (36.74, -119.78)] {
            points.append((lat, lon, minute)); minute += 25
        }
        for i in 0..<40 { points.append((36.74 + 0.0001 * Double(i), -119.78, minute)); minute += 15 }
        let start = Date(timeIntervalSince1970: 1_714_550_400)  // 2024-05-01T08:00:00Z, 01:00 in California
        let format = ISO8601DateFormatter()
        let body = points.map { #"<trkpt lat="\#($0.0)" lon="\#($0.1)"><time>\#(format.string(from: start.addingTimeInterval(Double($0.2 * 60))))</time></trkpt>"# }
        return #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
            + body.joined(separator: "\n") + "</trkseg></trk></gpx>\n"
    }

    /// As for cities: a region outside the country would list nothing, as if nothing had been visited.
    @Test func aRegionOutsideTheCountryIsAnError() throws {
        let result = try AtlasBinary.run(["subregions", "--country", "FR", "--region", "Lombardy", "--db", SampleLog.database])
        #expect(result.status == 1 && result.stdout.isEmpty)
        // After the note on stderr of what the name was taken for.
        #expect(result.stderr.hasSuffix("atlas subregions: --region 'Lombardy' (Lombardy) is not in --country 'FR' (France): it is in Italy\n"),
                "\(result.stderr)")
        let inside = try AtlasBinary.run(["subregions", "--country", "Italy", "--region", "Lombardy", "--db", SampleLog.database])
        #expect(inside.status == 0 && inside.stdout.contains("Italy: provinces"), "\(inside.stdout)\(inside.stderr)")
    }

    @Test func countiesStayedInThenCrossed() throws {
        let folder = SampleLog.temporaryDirectory()
        try Data(Self.roadTrip.utf8).write(to: URL(fileURLWithPath: folder + "/trip.gpx"))
        let db = folder + ".sqlite"
        #expect(try AtlasBinary.run(["import", folder, "--db", db, "--progress", "never"]).status == 0)
        let result = try AtlasBinary.run(["subregions", "--country", "US", "--db", db])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.contains { $0.hasPrefix("Los Angeles County") && $0.hasSuffix("subregion:US.CA.037") }, "\(result.stdout)")
        #expect(result.lines.contains { $0.hasPrefix("Fresno County") && $0.hasSuffix("subregion:US.CA.019") }, "\(result.stdout)")
        #expect(result.lines.filter { $0.contains("2024-05-01  2024-05-01") }.count == 2, "\(result.stdout)")
        #expect(result.lines.contains("United States: counties 2 of 3,143"), "\(result.stdout)")
        let crossed = result.lines.drop { !$0.hasPrefix("Passed through") }.dropFirst()
        #expect(crossed.map { $0.split(separator: ",").first.map(String.init) ?? "" } == ["  Kern County", "  Kings County"], "\(result.stdout)")

        let json = try AtlasBinary.run(["subregions", "--db", db, "--json"])
        #expect(json.lines.filter { $0.contains(#""passed_through":true"#) }.count == 2, "\(json.stdout)")
        #expect(json.lines.filter { $0.contains(#""subregions_of_country":3143"#) }.count == 2, "\(json.stdout)")
    }
}
