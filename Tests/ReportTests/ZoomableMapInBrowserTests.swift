import AtlasMap
import BrowserSupport
import Foundation
import Passport
import Testing
@testable import Report
import ScratchSpace

/// The world map that zooms, as Chromium runs it: a traveller of 60 countries (Lyon and the
/// ten cities of ``TripMapsInBrowserTests`` among them), on the map page and in the report.
@Suite(.enabled(if: Browser.isAvailable, "no chromium-headless-shell (./bootstrap --tests installs it)"))
struct ZoomableMapInBrowserTests {
    /// Sixty countries spread over the world (every few of the gazetteer's, by identifier), a
    /// photo at each one's label point, one to five days each, and Traveller's photos.
    static let passport: Passport = {
        let shapes = ReportPageTests.countries.filter { $0.labelPoint != nil && !$0.rings.isEmpty }.sorted { $0.id < $1.id }
        let step = shapes.count / 60
        var photos = Traveller.photos + TripMapsInBrowserTests.tenCities.enumerated().map {
            Traveller.photo(String(format: "2024-11-%02d", 11 + $0.offset), $0.element)
        }
        for (i, shape) in stride(from: 0, to: step * 60, by: step).map({ shapes[$0] }).enumerated() {
            let (lon, lat) = shape.labelPoint!
            let spot = Traveller.Spot(lat: lat, lon: lon, continent: "EU", country: .init(id: shape.id, name: shape.name),
                                      region: .init(id: "region:\(shape.country).00", name: shape.name), city: .init(id: "city:0", name: shape.name))
            for day in 0...(i % 5) { photos.append(Traveller.photo(String(format: "2023-%02d-%02d", 1 + i / 6, 1 + 2 * (i % 6) + day), spot)) }
        }
        return Passport(photos: photos, marks: [])
    }()

    static func file(_ name: String, _ html: String) -> URL {
        let url = Scratch.root.appendingPathComponent("\(name)-\(UUID().uuidString).html")
        try! html.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// What `atlas map` writes for the world: both levels' days, the regions' shapes.
    static let mapPage: URL = {
        let gazetteer = MapContentTests.gazetteer
        var content = try! MapContent(passport, level: .country, stats: passport.stats(scheme: try! CountingScheme.load(.un, from: gazetteer)),
                                      title: "Countries visited", gazetteer: gazetteer)
        for v in passport.visits(.region) { content.days[v.id] = v.days.count }
        return file("zoomable-map", MapPage.html(content, countries: ReportPageTests.countries, regions: MapContentTests.regions))
    }()

    static let report: URL = {
        let gazetteer = MapContentTests.gazetteer
        let trips = passport.trips()
        var page = ReportPage(passport: passport, stats: passport.stats(scheme: try! CountingScheme.load(.un, from: gazetteer), year: nil, trips: trips),
                              trips: trips, countries: ReportPageTests.countries, gazetteer: gazetteer)
        page.regions = MapContentTests.regions
        return file("zoomable-report", try! page.html())
    }()

    struct Zoomed: Decodable {
        let before: MapLabels, after: MapLabels
        let viewBoxBefore: String, viewBoxAfter: String
        /// Names shown inside the zoomed view: after zooming, and those of them shown before.
        let inViewAfter: Int, inViewBefore: Int
        let controlsShown: Bool
    }

    /// Turns the wheel five notches over Europe and reads the names before and after.
    static let zoomScript = MapLabels.function + """
        const svg = document.querySelector('.zoomable svg');
        svg.scrollIntoView({block: 'center'});
        const before = mapLabels(), viewBoxBefore = svg.getAttribute('viewBox');
        const r = svg.getBoundingClientRect();
        for (let i = 0; i < 5; i++) {
            svg.dispatchEvent(new WheelEvent('wheel', {deltaY: -200, clientX: r.left + r.width * 0.52, clientY: r.top + r.height * 0.28, bubbles: true, cancelable: true}));
        }
        const viewBoxAfter = svg.getAttribute('viewBox');
        const [x, y, w, h] = viewBoxAfter.split(' ').map(Number);
        const inside = t => +t.getAttribute('x') >= x && +t.getAttribute('x') <= x + w && +t.getAttribute('y') >= y && +t.getAttribute('y') <= y + h;
        const texts = [...svg.querySelectorAll('.labels text')].filter(inside);
        return {before, after: mapLabels(), viewBoxBefore, viewBoxAfter,
                inViewAfter: texts.filter(t => getComputedStyle(t).display !== 'none').length,
                inViewBefore: texts.filter(t => !t.dataset.z).length,
                controlsShown: !document.querySelector('.map-controls').hidden};
        """

    static func zoom(_ page: URL) throws -> (Rendering, Zoomed) {
        let rendering = try Browser.render(page, width: 1280, height: 900, script: zoomScript)
        let json = try #require(rendering.evaluated?.data(using: .utf8))
        return (rendering, try JSONDecoder().decode(Zoomed.self, from: json))
    }

    @Test(arguments: ["map", "report"])
    func theWheelZoomsInAndShowsMoreNamesThatNeverMeet(page: String) throws {
        let (rendering, zoomed) = try Self.zoom(page == "map" ? Self.mapPage : Self.report)
        #expect(rendering.requests.isEmpty && rendering.consoleErrors.isEmpty, "\(rendering.requests) \(rendering.consoleErrors)")
        #expect(zoomed.controlsShown)
        let before = zoomed.viewBoxBefore.split(separator: " ").compactMap { Double($0) }
        let after = zoomed.viewBoxAfter.split(separator: " ").compactMap { Double($0) }
        try #require(before.count == 4 && after.count == 4)
        // Five notches of 2^0.4: four times closer, the same shape.
        #expect(abs(before[2] / after[2] - 4) < 0.05 && abs(before[3] / after[3] - 4) < 0.05, "\(zoomed.viewBoxBefore) → \(zoomed.viewBoxAfter)")
        #expect(zoomed.before.problems.isEmpty, "\(zoomed.before.problems)")
        #expect(zoomed.after.problems.isEmpty, "\(zoomed.after.problems)")
        #expect(zoomed.before.names.count >= 15, "\(zoomed.before.names)")
        #expect(zoomed.after.names.count > zoomed.before.names.count)
        #expect(zoomed.inViewAfter > zoomed.inViewBefore, "\(zoomed.inViewBefore) → \(zoomed.inViewAfter) in \(zoomed.viewBoxAfter)")
    }

    /// The buttons, the keyboard, a drag and two fingers move the view; the level switch shows
    /// regions.
    @Test func buttonsKeysDragPinchAndTheLevelSwitch() throws {
        let script = """
            const box = document.querySelector('.zoomable'), svg = box.querySelector('svg');
            const view = () => svg.getAttribute('viewBox');
            const shown = s => { const e = box.querySelector(s); return e ? e.getBoundingClientRect().width > 0 : null; };
            const out = {start: view()};
            box.querySelector('[data-zoom="in"]').click(); out.plus = view();
            svg.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true, cancelable: true})); out.right = view();
            const r = svg.getBoundingClientRect(), at = (type, x) => svg.dispatchEvent(new PointerEvent(type, {pointerId: 7, clientX: r.left + x, clientY: r.top + 50, bubbles: true}));
            at('pointerdown', 300); at('pointermove', 200); at('pointerup', 200); out.dragged = view();
            box.querySelector('[data-zoom="out"]').click(); out.minus = view();
            const touch = (type, id, x) => svg.dispatchEvent(new PointerEvent(type, {pointerId: id, pointerType: 'touch', clientX: r.left + x, clientY: r.top + 100, bubbles: true}));
            touch('pointerdown', 1, 400); touch('pointerdown', 2, 500); touch('pointermove', 2, 600); touch('pointerup', 1, 400); touch('pointerup', 2, 600);
            out.pinched = view();
            const wheel = dy => { const e = new WheelEvent('wheel', {deltaY: dy, clientX: r.left + 300, clientY: r.top + 100, bubbles: true, cancelable: true}); svg.dispatchEvent(e); return e.defaultPrevented; };
            out.pinchedOut = wheel(2000); out.outAtTheWorld = wheel(100); out.whole = view();
            out.franceBefore = shown('.level-country [data-id="country:FR"]'); out.regionBefore = shown('.level-region [data-id="region:FR.84"]');
            box.querySelector('[data-level="region"]').click();
            out.franceAfter = shown('.level-country [data-id="country:FR"]'); out.regionAfter = shown('.level-region [data-id="region:FR.84"]');
            out.pressed = box.querySelector('[data-level="region"]').getAttribute('aria-pressed');
            return out;
            """
        let page = try Browser.render(Self.mapPage, width: 1280, height: 900, script: script)
        #expect(page.consoleErrors.isEmpty, "\(page.consoleErrors)")
        let json = try #require(page.evaluated?.data(using: .utf8))
        let v = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        func box(_ key: String) -> [Double] { (v[key] as? String ?? "").split(separator: " ").compactMap { Double($0) } }
        let (start, plus, right, dragged, minus) = (box("start"), box("plus"), box("right"), box("dragged"), box("minus"))
        try #require([start, plus, right, dragged, minus].allSatisfy { $0.count == 4 })
        #expect(abs(start[2] / plus[2] - 2) < 0.01, "+ zooms twice as close")
        #expect(right[0] > plus[0] && right[1] == plus[1], "→ pans east")
        #expect(dragged[0] > right[0], "dragging left moves the view east")
        #expect(minus == start, "− back out to the whole world")
        let pinched = box("pinched"), whole = box("whole")
        try #require(pinched.count == 4 && whole.count == 4)
        #expect(abs(start[2] / pinched[2] - 2) < 0.01, "two fingers twice as far apart: twice as close")
        // The wheel zooms out what is zoomed in; at the whole world it leaves the page to scroll.
        #expect(v["pinchedOut"] as? Bool == true && v["outAtTheWorld"] as? Bool == false && whole == start)
        #expect(v["franceBefore"] as? Bool == true && v["regionBefore"] as? Bool == false)
        #expect(v["franceAfter"] as? Bool == false && v["regionAfter"] as? Bool == true)
        #expect(v["pressed"] as? String == "true")
    }

    /// On a phone: no sideways scrolling, the buttons within the screen.
    @Test(arguments: ["map", "report"])
    func itFitsAPhone(page: String) throws {
        let script = "return [...document.querySelectorAll('.map-controls button')].map(b => b.getBoundingClientRect().right);"
        let phone = try Browser.render(page == "map" ? Self.mapPage : Self.report, width: 390, height: 844, mobile: true, script: script)
        #expect(phone.requests.isEmpty && phone.consoleErrors.isEmpty, "\(phone.requests) \(phone.consoleErrors)")
        #expect(phone.scrollWidth == phone.viewportWidth && phone.viewportWidth == 390, "\(phone.scrollWidth)")
        let json = try #require(phone.evaluated?.data(using: .utf8))
        let rights = try #require(try JSONSerialization.jsonObject(with: json) as? [Double])
        #expect(rights.count == 5 && rights.allSatisfy { $0 <= 390 }, "\(rights)")
    }

    /// The report's trips are cards of one height in a grid, however long their names or lists.
    @Test func tripCardsAreOfOneHeight() throws {
        let script = "return [...document.querySelectorAll('.trip')].map(t => { const r = t.getBoundingClientRect(); return [r.left, r.height]; });"
        for width in [1280, 390] {
            let page = try Browser.render(Self.report, width: width, height: 900, mobile: width < 500, script: script)
            let json = try #require(page.evaluated?.data(using: .utf8))
            let cards = try #require(try JSONSerialization.jsonObject(with: json) as? [[Double]])
            #expect(cards.count >= 3)
            let heights = cards.map { $0[1] }
            #expect(heights.max()! - heights.min()! < 1, "\(width) px: \(heights)")
            if width == 1280 { #expect(Set(cards.map { $0[0] }).count >= 3, "a grid of columns") }
        }
    }
}
