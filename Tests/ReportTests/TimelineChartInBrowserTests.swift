import AtlasMap
import BrowserSupport
import Foundation
import Passport
import Testing
@testable import Report
import ScratchSpace

/// The report's "new places per year" chart on a phone: fifteen years of travel, read at 390 px.
@Suite(.enabled(if: Browser.isAvailable, "no chromium-headless-shell (./bootstrap --tests installs it)"))
struct TimelineChartInBrowserTests {
    @Test func theChartReadsOnAPhone() throws {
        // A new city every year, Lyon, Paris, Lisbon, Milan, Berlin, then the ten cities.
        let spots = [Traveller.lyon, Traveller.paris, Traveller.lisbon, Traveller.milan, TripMapsInBrowserTests.berlin] + TripMapsInBrowserTests.tenCities
        let photos = (2011...2025).map { Traveller.photo("\($0)-03-10", spots[$0 - 2011]) }
        let passport = Passport(photos: photos, marks: [])
        let gazetteer = MapContentTests.gazetteer
        let page = ReportPage(passport: passport, stats: passport.stats(scheme: try CountingScheme.load(.un, from: gazetteer), year: nil, trips: []),
                              trips: [], countries: ReportPageTests.countries, gazetteer: gazetteer)
        let file = Scratch.root.appendingPathComponent("chart-\(UUID().uuidString).html")
        try page.html().write(to: file, atomically: true, encoding: .utf8)
        let script = """
            const c = document.querySelector('svg.chart'); c.scrollIntoView();
            const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
            const texts = [...c.querySelectorAll('text')].filter(t => getComputedStyle(t).display !== 'none').map(box);
            const legend = [...c.nextElementSibling.querySelectorAll('li')].map(l => box(l).concat([parseFloat(getComputedStyle(l).fontSize)]));
            return {texts, legend};
            """
        let phone = try Browser.render(file, width: 390, height: 844, mobile: true, script: script)
        #expect(phone.scrollWidth == phone.viewportWidth && phone.consoleErrors.isEmpty)
        let json = try #require(phone.evaluated?.data(using: .utf8))
        let value = try #require(try JSONSerialization.jsonObject(with: json) as? [String: [[Double]]])
        let texts = try #require(value["texts"]), legend = try #require(value["legend"])
        #expect(texts.count >= 7, "\(texts.count) labels")
        for (i, a) in texts.enumerated() {
            #expect(a[3] - a[1] >= 10, "a label \(a[3] - a[1]) px high")
            for b in texts[(i + 1)...] { #expect(!(a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3]), "\(a) overlaps \(b)") }
        }
        #expect(legend.count == 3 && legend.allSatisfy { $0[4] >= 12 && $0[0] >= 0 && $0[2] <= 390 }, "\(legend)")
    }

    /// Its colours are not the map's classes of days, so the two do not read as one scale.
    @Test func itsColoursAreItsOwn() {
        let map = Set(DayScale.legend.map(\.colour))
        #expect(TimelineChart.kinds.allSatisfy { !map.contains($0.1) })
    }
}
