import AtlasMap
import BrowserSupport
import Foundation
import Passport
import Testing
@testable import Report
import ScratchSpace

/// The trips' small maps of the report as Chromium draws them: where on Earth a trip was, not a
/// block of one colour. The traveller of ``Traveller`` (at home in Lyon) also goes to Berlin for
/// three days and, later, to Lisbon and then Helsinki, at the two ends of Europe.
@Suite(.enabled(if: Browser.isAvailable, "no chromium-headless-shell (./bootstrap --tests installs it)"))
struct TripMapsInBrowserTests {
    static let berlin = Traveller.Spot(lat: 52.52, lon: 13.405, continent: "EU", country: .init(id: "country:DE", name: "Germany"),
                                       region: .init(id: "region:DE.16", name: "Berlin"), city: .init(id: "city:2950159", name: "Berlin"))
    static let helsinki = Traveller.Spot(lat: 60.1699, lon: 24.9384, continent: "EU", country: .init(id: "country:FI", name: "Finland"),
                                         region: .init(id: "region:FI.01", name: "Uusimaa"), city: .init(id: "city:658225", name: "Helsinki"))

    /// Ten cities a day apart in the Low Countries and the Rhineland, 20 to 100 km from each other.
    static let tenCities: [Traveller.Spot] = [
        ("Paris", 48.8566, 2.3522, "FR", "France", "FR.11", "city:2988507"), ("Brussels", 50.8503, 4.3517, "BE", "Belgium", "BE.BRU", "city:2800866"),
        ("Antwerp", 51.2194, 4.4025, "BE", "Belgium", "BE.VLG", "city:2803138"), ("Rotterdam", 51.9244, 4.4777, "NL", "The Netherlands", "NL.11", "city:2747891"),
        ("Amsterdam", 52.3676, 4.9041, "NL", "The Netherlands", "NL.07", "city:2759794"), ("Eindhoven", 51.4416, 5.4697, "NL", "The Netherlands", "NL.06", "city:2756253"),
        ("Düsseldorf", 51.2277, 6.7735, "DE", "Germany", "DE.07", "city:2934246"), ("Köln", 50.9375, 6.9603, "DE", "Germany", "DE.07", "city:2886242"),
        ("Frankfurt am Main", 50.1109, 8.6821, "DE", "Germany", "DE.05", "city:2925533"), ("Luxembourg", 49.6116, 6.1319, "LU", "Luxembourg", "LU.LU", "city:2960316"),
    ].map { name, lat, lon, iso, country, region, city in
        Traveller.Spot(lat: lat, lon: lon, continent: "EU", country: .init(id: "country:" + iso, name: country),
                       region: .init(id: "region:" + region, name: region), city: .init(id: city, name: name))
    }

    static let report: URL = {
        var photos = Traveller.photos
        photos += ["2024-09-20", "2024-09-21", "2024-09-22"].map { Traveller.photo($0, berlin) }
        photos += ["2024-10-20", "2024-10-21"].map { Traveller.photo($0, Traveller.lisbon) }
        photos += ["2024-10-22", "2024-10-23"].map { Traveller.photo($0, helsinki) }
        photos += tenCities.enumerated().map { Traveller.photo(String(format: "2024-11-%02d", 11 + $0.offset), $0.element) }
        let passport = Passport(photos: photos, marks: [])
        let gazetteer = MapContentTests.gazetteer
        let trips = passport.trips()
        var page = ReportPage(passport: passport, stats: passport.stats(scheme: try! CountingScheme.load(.un, from: gazetteer), year: nil, trips: trips),
                              trips: trips, countries: ReportPageTests.countries, gazetteer: gazetteer)
        page.regions = MapContentTests.regions
        let file = Scratch.root.appendingPathComponent("trip-maps-\(UUID().uuidString).html")
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

    /// Names where they fit, never over each other or over another place's dot: the world map's
    /// countries and every trip's cities, the ten-city trip's included.
    @Test func namesNeverOverlapNamesOrOtherDots() throws {
        let page = try Browser.render(Self.report, width: 1280, height: 900, script: MapLabels.script)
        let labels = try MapLabels(page)
        #expect(labels.problems.isEmpty, "\(labels.problems)")
        // France is left to its tooltip: Paris and Lyon take its middle.
        for name in ["Finland", "Italy", "Berlin", "Helsinki", "Lisbon", "Paris", "Amsterdam"] { #expect(labels.names.contains(name), "\(name)") }
        let tenCities = Set(Self.tenCities.map(\.city.name))
        #expect(labels.names.filter { tenCities.contains($0) }.count >= 5, "\(labels.names)")
    }
}
