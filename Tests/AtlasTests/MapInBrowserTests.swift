import BrowserSupport
import Foundation
import Testing

/// The sample trip's map and report as a browser shows them: headless Chromium renders what
/// `atlas map` and `atlas report` wrote, and the pixels, the requests and the console are checked.
@Suite(.enabled(if: SampleLog.gazetteerAvailable, "no gazetteer in Resources/"),
       .enabled(if: Browser.isAvailable, "no chromium-headless-shell (./bootstrap --tests installs it)"))
struct MapInBrowserTests {
    /// Equal Earth on the unit sphere, from the published polynomial (Šavrič, Patterson & Jenny
    /// 2018, eq. 2): a reference of its own for where a place must appear.
    static func equalEarth(_ lon: Double, _ lat: Double) -> (x: Double, y: Double) {
        let (a1, a2, a3, a4) = (1.340264, -0.081106, 0.000893, 0.003796)
        let theta = asin(sqrt(3) / 2 * sin(lat * .pi / 180))
        let t2 = theta * theta, t6 = pow(theta, 6)
        let x = 2 * sqrt(3) * (lon * .pi / 180) * cos(theta) / (3 * (9 * a4 * t6 * t2 + 7 * a3 * t6 + 3 * a2 * t2 + a1))
        return (x, a4 * pow(theta, 9) + a3 * pow(theta, 7) + a2 * pow(theta, 3) + a1 * theta)
    }
    static let edge = equalEarth(180, 0).x, top = equalEarth(0, 90).y

    /// Where a longitude and latitude land in the picture, from the map's own placement: the
    /// inner <svg class="map"> (x, y, size, viewBox) and the width of the world it draws.
    struct Placement {
        let x, y, width, height, viewX, viewY, viewWidth, viewHeight, world: Double

        init(_ svg: String) throws {
            let tag = try #require(svg.firstMatch(of: /<svg class="map"[^>]*>/)).output
            func number(_ name: String) throws -> Double {
                let value = try #require(tag.firstMatch(of: try Regex("\\b\(name)=\"([^\"]+)\"")))
                return try #require(Double(String(value.output[1].substring!)))
            }
            (x, y, width, height, world) = (try number("x"), try number("y"), try number("width"), try number("height"), try number("data-world-width"))
            let box = try #require(tag.firstMatch(of: /viewBox="([^"]+)"/)).output.1.split(separator: " ").compactMap { Double($0) }
            (viewX, viewY, viewWidth, viewHeight) = (box[0], box[1], box[2], box[3])
        }

        func pixel(_ lon: Double, _ lat: Double) -> (x: Int, y: Int) {
            let p = MapInBrowserTests.equalEarth(lon, lat)
            let fx = (p.x / MapInBrowserTests.edge + 1) / 2 * world
            let fy = (MapInBrowserTests.top - p.y) / (2 * MapInBrowserTests.edge) * world
            return (Int((x + (fx - viewX) * width / viewWidth).rounded(.down)), Int((y + (fy - viewY) * height / viewHeight).rounded(.down)))
        }
    }

    /// The colour the picture's own stylesheet gives a place's class, as (r, g, b): the element
    /// with its data-id (a <path> in a map, a <use> in the report), its day class `dN`, and the
    /// `.dN{fill:…}` rule (or the rule for land not visited).
    static func colour(of id: String, in svg: String) throws -> (Int, Int, Int) {
        let at = try #require(svg.range(of: "data-id=\"\(id)\""))
        let start = try #require(svg[..<at.lowerBound].lastIndex(of: "<")), end = try #require(svg[at.upperBound...].firstIndex(of: ">"))
        let tag = svg[start..<end]
        let selector = tag.firstMatch(of: /class="visited (d[0-9])"/).map { ".\($0.output.1){fill:" } ?? ".map path{fill:"
        let rule = try #require(svg.range(of: selector)).upperBound
        let hex = try #require(Int(svg[svg.index(after: rule)..<svg.index(rule, offsetBy: 7)], radix: 16))
        return (hex >> 16, (hex >> 8) & 0xFF, hex & 0xFF)
    }

    func write(_ arguments: [String], to name: String) throws -> URL {
        let file = SampleLog.temporaryDirectory() + "/" + name
        let r = try AtlasBinary.run(arguments + ["--output", file, "--db", SampleLog.database])
        try #require(r.status == 0, "\(r.stderr)")
        return URL(fileURLWithPath: file)
    }

    @Test func visitedCountriesShowTheirColourWhereTheyLie() throws {
        let file = try write(["map", "--width", "2000"], to: "map.svg")
        let svg = try String(contentsOf: file, encoding: .utf8)
        let height = try #require(svg.firstMatch(of: /height="([0-9.]+)"/).flatMap { Double($0.output.1) })
        // The names are taken away: this is about the fills under them.
        let page = try Browser.render(file, width: 2000, height: Int(height.rounded(.up)),
                                      script: "document.querySelectorAll('.labels').forEach(e => e.remove())")
        #expect(page.requests.isEmpty && page.consoleErrors.isEmpty, "\(page.requests) \(page.consoleErrors)")
        let placement = try Placement(svg)
        let places: [(id: String, lon: Double, lat: Double, visited: Bool)] = [
            ("country:FR", 1.0, 47.0, true), ("country:PT", -8.0, 39.6, true), ("country:IS", -18.5, 64.9, true),
            ("country:IT", 12.5, 42.8, true), ("country:ES", -3.7, 40.0, false), ("country:BR", -50, -10, false),
            ("country:JP", 138.5, 36.3, false),
        ]
        let neutral = try Self.colour(of: "country:ES", in: svg)
        for place in places {
            let expected = try Self.colour(of: place.id, in: svg)
            #expect((expected != neutral) == place.visited, "\(place.id)")
            let (x, y) = placement.pixel(place.lon, place.lat)
            let p = page.image.pixel(x: x, y: y)
            #expect(abs(Int(p.r) - expected.0) <= 2 && abs(Int(p.g) - expected.1) <= 2 && abs(Int(p.b) - expected.2) <= 2,
                    "\(place.id) at \(x),\(y): \(p) instead of \(expected)")
        }
    }

    @Test func theMapPageFetchesNothingAndFitsAPhone() throws {
        let file = try write(["map"], to: "map.html")
        let desktop = try Browser.render(file, width: 1280, height: 900)
        #expect(desktop.requests.isEmpty && desktop.consoleErrors.isEmpty, "\(desktop.requests) \(desktop.consoleErrors)")
        let phone = try Browser.render(file, width: 390, height: 844, mobile: true)
        #expect(phone.scrollWidth == phone.viewportWidth && phone.viewportWidth == 390)
    }

    @Test func theReportFetchesNothingAndFitsAPhone() throws {
        let file = try write(["report"], to: "report.html")
        let phone = try Browser.render(file, width: 390, height: 844, mobile: true)
        #expect(phone.requests.isEmpty && phone.consoleErrors.isEmpty, "\(phone.requests) \(phone.consoleErrors)")
        #expect(phone.scrollWidth == phone.viewportWidth && phone.viewportWidth == 390, "\(phone.scrollWidth)")
        let desktop = try Browser.render(file, width: 1280, height: 1000)
        #expect(desktop.requests.isEmpty && desktop.consoleErrors.isEmpty)
        // The world map at the top is drawn: some pixel of the page has France's visited colour.
        let html = try String(contentsOf: file, encoding: .utf8)
        let france = try Self.colour(of: "country:FR", in: html)
        let image = desktop.image
        let found = stride(from: 0, to: image.height, by: 2).contains { y in
            stride(from: 0, to: image.width, by: 2).contains { x in
                let p = image.pixel(x: x, y: y)
                return Int(p.r) == france.0 && Int(p.g) == france.1 && Int(p.b) == france.2
            }
        }
        #expect(found)
    }

    /// A trip's page zooms too (no level switch: it has one window), by the wheel and the
    /// keyboard; the SVG of the same map stays a still picture, with no script.
    @Test func aTripPageZoomsAndItsSVGStaysStill() throws {
        let script = """
            const box = document.querySelector('.zoomable'), svg = box.querySelector('svg'), r = svg.getBoundingClientRect();
            const start = svg.getAttribute('viewBox');
            svg.dispatchEvent(new WheelEvent('wheel', {deltaY: -300, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2, bubbles: true, cancelable: true}));
            const wheeled = svg.getAttribute('viewBox');
            svg.dispatchEvent(new KeyboardEvent('keydown', {key: '0', bubbles: true, cancelable: true}));
            return {start, wheeled, reset: svg.getAttribute('viewBox'), levels: box.querySelectorAll('[data-level]').length};
            """
        let page = try Browser.render(try write(["map", "--trip", "2024-07-10"], to: "zoom-trip.html"), width: 1280, height: 900, script: script)
        #expect(page.requests.isEmpty && page.consoleErrors.isEmpty, "\(page.requests) \(page.consoleErrors)")
        let json = try #require(page.evaluated?.data(using: .utf8))
        let v = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let (start, wheeled) = (v["start"] as? String ?? "", v["wheeled"] as? String ?? "")
        let numbers = { (box: String) in box.split(separator: " ").compactMap { Double($0) } }
        let (a, b, reset) = (numbers(start), numbers(wheeled), numbers(v["reset"] as? String ?? ""))
        try #require(a.count == 4 && b.count == 4 && reset.count == 4, "\(start) \(wheeled) \(reset)")
        #expect(a[2] / b[2] > 1.5, "\(start) → \(wheeled)")
        #expect(zip(a, reset).allSatisfy { abs($0 - $1) < 0.01 } && v["levels"] as? Int == 0, "\(start) → \(reset)")
        let svg = try String(contentsOf: try write(["map", "--trip", "2024-07-10"], to: "still.svg"), encoding: .utf8)
        #expect(!svg.contains("<script") && !svg.contains("zoomable") && !svg.contains("data-z="))
    }

    /// The sample trip's map names its cities, the world map its countries, and no name covers
    /// another or a dot not its own.
    @Test func namesOnTheSampleMapsNeverOverlap() throws {
        for (arguments, name, shown) in [(["map", "--trip", "2024-07-10"], "trip.html", "Lisbon"), (["map"], "world.html", "France"),
                                         (["report"], "report.html", "France")] {
            let page = try Browser.render(try write(arguments, to: name), width: 1280, height: 900, script: MapLabels.script)
            let labels = try MapLabels(page)
            #expect(page.consoleErrors.isEmpty && labels.problems.isEmpty, "\(name): \(labels.problems) \(page.consoleErrors)")
            #expect(labels.names.contains(shown), "\(name): \(labels.names)")
        }
    }
}
