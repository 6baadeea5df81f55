import AtlasMap
import BrowserSupport
import Foundation
import Passport
import Testing
@testable import Report

/// The trips' small maps of the report as Chromium draws them: where on Earth a trip was, not a
/// block of one colour. The traveller of ``Traveller`` (at home in Lyon) also goes to Berlin for
/// three days and, later, to Lisbon and then Helsinki, at the two ends of Europe.
@Suite(.enabled(if: Browser.isAvailable, "no chromium-headless-shell (./bootstrap --tests installs it)"))
struct TripMapsInBrowserTests {
    static let berlin = Traveller.Spot(lat: 52.52, lon: 13.405, continent: "EU", country: .init(id: "country:DE", name: "Germany"),
                                       region: .init(id: "region:DE.16", name: "Berlin"), city: .init(id: "city:2950159", name: "Berlin"))
    static let helsinki = Traveller.Spot(lat: 60.1699, lon: 24.9384, continent: "EU", country: .init(id: "country:FI", name: "Finland"),
                                         region: .init(id: "region:FI.01", name: "Uusimaa"), city: .init(id: "city:658225", name: "Helsinki"))

    static let report: URL = {
        var photos = Traveller.photos
        photos += ["2024-09-20", "2024-09-21", "2024-09-22"].map { Traveller.photo($0, berlin) }
        photos += ["2024-10-20", "2024-10-21"].map { Traveller.photo($0, Traveller.lisbon) }
        photos += ["2024-10-22", "2024-10-23"].map { Traveller.photo($0, helsinki) }
        let passport = Passport(photos: photos, marks: [])
        let gazetteer = MapContentTests.gazetteer
        let trips = passport.trips()
        var page = ReportPage(passport: passport, stats: passport.stats(scheme: try! CountingScheme.load(.un, from: gazetteer), year: nil, trips: trips),
                              trips: trips, countries: ReportPageTests.countries, gazetteer: gazetteer)
        page.regions = MapContentTests.regions
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("trip-maps-\(UUID().uuidString).html")
        try! page.html().write(to: file, atomically: true, encoding: .utf8)
        return file
    }()

    /// Scrolls a trip's map into view and reads its box and the boxes of the places it fills.
    static func render(trip: String) throws -> (page: Rendering, map: [Double], fills: [[Double]]) {
        let script = """
            const m = document.querySelector('[data-id="trip:\(trip)"] .trip-map'); m.scrollIntoView({block: 'center'});
            const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
            return {map: box(m), fills: [...m.querySelectorAll('.trip-place')].map(box)};
            """
        let page = try Browser.render(report, width: 1280, height: 900, script: script)
        let json = try #require(page.evaluated?.data(using: .utf8))
        let value = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let map = try #require(value["map"] as? [Double]), fills = try #require(value["fills"] as? [[Double]])
        return (page, map, fills)
    }

    /// The share of the map's pixels in each of `colours` (`#rrggbb`).
    static func shares(_ page: Rendering, in box: [Double], of colours: [String]) -> [Double] {
        let targets = colours.map { Int($0.dropFirst(), radix: 16)! }
        var counts = Array(repeating: 0, count: colours.count), total = 0
        for y in Int(box[1].rounded(.up))..<Int(box[3].rounded(.down)) {
            for x in Int(box[0].rounded(.up))..<Int(box[2].rounded(.down)) {
                let p = page.image.pixel(x: x, y: y)
                let rgb = Int(p.r) << 16 | Int(p.g) << 8 | Int(p.b)
                if let i = targets.firstIndex(of: rgb) { counts[i] += 1 }
                total += 1
            }
        }
        return counts.map { Double($0) / Double(max(1, total)) }
    }

    @Test func aOneCityTripShowsTheLandAndSeaAroundIt() throws {
        let (page, map, fills) = try Self.render(trip: "2024-09-20")
        #expect(page.requests.isEmpty && page.consoleErrors.isEmpty, "\(page.requests) \(page.consoleErrors)")
        #expect(fills.count == 1 && map[2] - map[0] > 200)
        let s = Self.shares(page, in: map, of: ["#fc8d59", DayScale.sea, DayScale.unvisited])
        // Berlin is filled, but most of the map is the land around it and the Baltic.
        #expect(s[0] > 0 && s[0] < 0.5, "trip fill \(s[0])")
        #expect(s[1] > 0.05 && s[2] > 0.2, "sea \(s[1]), land \(s[2])")
        let html = try String(contentsOf: Self.report, encoding: .utf8)
        let card = try #require(html.firstMatch(of: /data-id="trip:2024-09-20">\n<svg class="trip-map"[^\n]*/)).output
        #expect(card.contains("<svg class=\"locator\""))
    }

    @Test func aTripAcrossEuropeHoldsBothEndsWhole() throws {
        let (page, map, fills) = try Self.render(trip: "2024-10-20")
        #expect(page.consoleErrors.isEmpty)
        #expect(fills.count == 2)
        for f in fills {
            #expect(f[0] >= map[0] && f[1] >= map[1] && f[2] <= map[2] && f[3] <= map[3], "\(f) outside \(map)")
        }
    }
}
