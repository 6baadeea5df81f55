import BrowserSupport
import Foundation
import Testing
import ScratchSpace

/// The harness against a real headless Chromium: what it reports is what the page did.
/// Skipped where no chromium-headless-shell is installed.
@Suite(.enabled(if: Browser.isAvailable, "needs chromium-headless-shell (./bootstrap --tests)"))
struct BrowserTests {
    /// A page of no margins with a body of the given markup.
    static func html(_ body: String, head: String = "") -> String {
        """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8">\(head)<style>html, body { margin: 0; padding: 0; }</style></head>
        <body>\(body)</body></html>
        """
    }

    @Test func eachRegionHasExactlyItsColourAndTheImageIsTheViewport() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let page = try fixtures.page("colours.html", Self.html("""
            <div style="height: 150px; background: rgb(200, 30, 40)"></div>
            <div style="height: 90px; background: rgb(20, 120, 220)"></div>
            """))
        let rendering = try Browser.render(page, width: 320, height: 240)
        #expect(rendering.png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(rendering.image.width == 320 && rendering.image.height == 240)
        for (x, y) in [(0, 0), (160, 75), (319, 149)] {
            #expect(rendering.image.pixel(x: x, y: y) == (200, 30, 40, 255), "(\(x), \(y))")
        }
        for (x, y) in [(0, 150), (200, 200), (319, 239)] {
            #expect(rendering.image.pixel(x: x, y: y) == (20, 120, 220, 255), "(\(x), \(y))")
        }
    }

    @Test func aStandaloneSVGRenders() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let svg = try fixtures.page("map.svg", """
            <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
              <rect x="0" y="0" width="100" height="100" fill="rgb(10, 200, 90)"/>
              <rect x="100" y="0" width="100" height="100" fill="#3040ff"/>
            </svg>
            """)
        let rendering = try Browser.render(svg, width: 200, height: 100)
        #expect(rendering.image.pixel(x: 50, y: 50) == (10, 200, 90, 255))
        #expect(rendering.image.pixel(x: 150, y: 50) == (0x30, 0x40, 0xFF, 255))
        #expect(rendering.consoleErrors.isEmpty)
    }

    @Test func requestsThatFailAreStillRecorded() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let page = try fixtures.page("remote.html", Self.html(
            #"<img src="http://example.invalid/x.png">"#,
            head: #"<link rel="stylesheet" href="https://example.invalid/s.css">"#))
        let rendering = try Browser.render(page, width: 400, height: 300)
        #expect(Set(rendering.requests) == ["http://example.invalid/x.png", "https://example.invalid/s.css"])
        // The failures themselves are the browser's errors, each naming its URL.
        #expect(rendering.consoleErrors.contains { $0.contains("http://example.invalid/x.png") })
    }

    @Test func aSelfContainedPageAsksForNothingAndLogsNothing() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let page = try fixtures.page("plain.html", Self.html(
            #"<p>Nothing to fetch.</p><script>console.log("fine"); console.warn("only a warning")</script>"#,
            head: "<style>p { color: rgb(1, 2, 3) }</style>"))
        let rendering = try Browser.render(page, width: 400, height: 300)
        #expect(rendering.requests == [])
        #expect(rendering.consoleErrors == [])
    }

    @Test func consoleErrorIsReported() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let page = try fixtures.page("console.html", Self.html(
            #"<script>console.error("boom", 42); console.assert(1 === 2, "one is not two")</script>"#))
        let rendering = try Browser.render(page, width: 400, height: 300)
        #expect(rendering.consoleErrors.contains("boom 42"), "\(rendering.consoleErrors)")
        #expect(rendering.consoleErrors.contains { $0.contains("one is not two") }, "\(rendering.consoleErrors)")
    }

    @Test func anUncaughtErrorIsReported() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let page = try fixtures.page("throws.html", Self.html(
            #"<script>window.addEventListener("load", () => { throw new Error("kaboom") })</script>"#))
        let rendering = try Browser.render(page, width: 400, height: 300)
        #expect(rendering.consoleErrors.count == 1, "\(rendering.consoleErrors)")
        #expect(rendering.consoleErrors.first?.contains("Error: kaboom") == true, "\(rendering.consoleErrors)")
    }

    @Test func aWideElementMakesAPhoneScrollSideways() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let page = try fixtures.page("wide.html", Self.html(
            #"<div style="width: 1000px; height: 50px; background: red"></div>"#,
            head: #"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
        let rendering = try Browser.render(page, width: 390, height: 844, mobile: true)
        #expect(rendering.viewportWidth == 390)
        #expect(rendering.scrollWidth >= 1000, "\(rendering.scrollWidth)")
        #expect(rendering.scrollWidth > rendering.viewportWidth)
    }

    @Test func aResponsivePageFitsAPhone() throws {
        let fixtures = try Fixtures()
        defer { fixtures.remove() }
        let page = try fixtures.page("responsive.html", Self.html(
            #"<div style="max-width: 1000px; height: 50px; background: red"></div><svg viewBox="0 0 1000 500" style="width: 100%"></svg>"#,
            head: #"<meta name="viewport" content="width=device-width, initial-scale=1">"#))
        let rendering = try Browser.render(page, width: 390, height: 844, mobile: true)
        #expect(rendering.viewportWidth == 390)
        #expect(rendering.scrollWidth == rendering.viewportWidth)
        #expect(rendering.image.width == 390 && rendering.image.height == 844)
    }

    @Test func aMissingFileFailsTheRender() throws {
        let missing = Scratch.root.appendingPathComponent("no-such-page-\(UUID().uuidString).html")
        let error = #expect(throws: BrowserError.self) { try Browser.render(missing, width: 100, height: 100) }
        if case .navigationFailed(_, let reason) = error {
            #expect(reason.contains("FILE_NOT_FOUND"), "\(reason)")
        } else {
            Issue.record("\(String(describing: error))")
        }
    }
}
