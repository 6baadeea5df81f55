import Foundation
import ScratchSpace

/// Renders a local HTML or SVG file in a real headless Chromium (Debian's
/// `chromium-headless-shell`) and reports what happened, for tests of the pages TravelAtlas writes.
///
/// ```swift
/// @Test(.enabled(if: Browser.isAvailable)) func theMapFitsAPhone() throws {
///     let page = try Browser.render(mapFile, width: 390, height: 844, mobile: true)
///     #expect(page.scrollWidth == page.viewportWidth)
///     #expect(page.requests.isEmpty && page.consoleErrors.isEmpty)
/// }
/// ```
///
/// Each render starts its own browser with a fresh profile and ends it (killing and reaping it,
/// removing the profile) before it returns or throws, so renders share nothing: calling it from
/// several threads at once is safe. A browser that stops answering fails the render with
/// ``BrowserError/timeout(waitingFor:seconds:)`` after ``timeout``.
public struct Browser {
    /// How long one render may take, launch to screenshot, before it gives up.
    public static let timeout: Duration = .seconds(60)

    /// The headless Chromium to run, or nil when none is installed.
    ///
    /// Debian's `/usr/bin/chromium-headless-shell` is a shell script that runs the real binary
    /// as its child (no `exec`); the binary itself is preferred, so that the process the harness
    /// starts is the browser. A wrapper found elsewhere on the PATH works too.
    public static var executable: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let candidates = ["/usr/lib/chromium/chromium-headless-shell"]
            + path.split(separator: ":").map { "\($0)/chromium-headless-shell" }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether ``executable`` found a browser: tests that need one use
    /// `.enabled(if: Browser.isAvailable)` so that a machine without it reports them skipped.
    public static var isAvailable: Bool { executable != nil }

    /// Loads `file` in a viewport of `width` × `height` CSS pixels at one device pixel per CSS
    /// pixel, waits for its load event and two animation frames, and reports the rendering.
    /// `mobile` emulates a phone: the page's `<meta name="viewport">` is honoured and, without
    /// one, the page is laid out 980 pixels wide as phones do.
    /// `script`, when given, is evaluated after load and before the screenshot (it may scroll
    /// or read the DOM); its value, as `JSON.stringify` writes it, is ``Rendering/evaluated``.
    public static func render(_ file: URL, width: Int, height: Int, mobile: Bool = false, script: String? = nil) throws -> Rendering {
        precondition(width > 0 && height > 0, "a viewport of \(width)×\(height)")
        guard let executable else { throw BrowserError.executableMissing }
        let directory = Scratch.root.appendingPathComponent("browser-\(UUID().uuidString)")
        let profile = directory.appendingPathComponent("profile")
        try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let arguments = [
            "--headless",
            "--no-sandbox",                     // tests run as root, where Chromium's sandbox refuses to start
            "--disable-gpu",
            "--no-first-run",
            "--hide-scrollbars",                // a scrollbar would take pixels and width from the page
            "--force-color-profile=srgb",       // pixels are the CSS colours, whatever display profile the machine has
            "--disable-dev-shm-usage",          // containers give /dev/shm 64 MB, too little for a renderer
            "--disable-background-networking",  // the browser's own requests: nothing leaves the machine
            "--user-data-dir=\(profile.path)",
            "--remote-debugging-pipe",
        ]
        let pipe = try DevToolsPipe(executable: executable, arguments: arguments,
                                    log: directory.appendingPathComponent("chromium.log"), timeout: timeout)
        defer { pipe.close() }

        let page = PageEvents()
        pipe.onEvent = { page.record($0, $1, $2) }
        guard let target = try pipe.call("Target.createTarget", ["url": "about:blank"])["targetId"] as? String,
              let session = try pipe.call("Target.attachToTarget", ["targetId": target, "flatten": true])["sessionId"] as? String
        else { throw BrowserError.protocolError(method: "Target.attachToTarget", message: "no target or session id in the answer") }
        page.session = session
        for domain in ["Network", "Runtime", "Log", "Page"] {
            try pipe.call("\(domain).enable", session: session)
        }
        try pipe.call("Emulation.setDeviceMetricsOverride",
                      ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile], session: session)

        let url = file.standardizedFileURL.absoluteString
        page.loaded = false   // only the load of the page itself counts, not about:blank's
        let navigation = try pipe.call("Page.navigate", ["url": url], session: session)
        if let reason = navigation["errorText"] as? String, !reason.isEmpty {
            throw BrowserError.navigationFailed(url: url, reason: reason)
        }
        try pipe.wait(for: "Page.loadEventFired") { page.loaded }
        // Two frames after load: styles and layout that changed in the load handler are
        // painted, and what the page logged while loading has come through the pipe.
        try evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))", pipe, session)
        let evaluated = try script.map { try evaluate("JSON.stringify((() => { \($0) })())", pipe, session) as? String }
        if script != nil {
            try evaluate("new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))", pipe, session)
        }
        // The layout viewport's width, not window.innerWidth: with `mobile`, Chromium widens
        // the window to take in content that overflows (innerWidth became 1001 for a 1000-pixel
        // element on a 390-pixel phone), which would hide the very overflow a test looks for.
        let widths = try evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]", pipe, session) as? [Any]
        guard let widths, widths.count == 2, let scrollWidth = widths[0] as? Int, let viewportWidth = widths[1] as? Int else {
            throw BrowserError.protocolError(method: "Runtime.evaluate", message: "the page's widths came back as \(String(describing: widths))")
        }

        let shot = try pipe.call("Page.captureScreenshot", ["format": "png"], session: session)
        guard let base64 = shot["data"] as? String, let png = Data(base64Encoded: base64) else {
            throw BrowserError.protocolError(method: "Page.captureScreenshot", message: "no base64 PNG in the answer")
        }
        let image = try RasterImage(png: png)
        pipe.close(gracefully: true)

        // The navigation's own request has the navigation's loader id as its request id.
        let loader = navigation["loaderId"] as? String
        let requests = page.requests.filter { loader != nil ? $0.id != loader : $0.url != url }.map(\.url)
        return Rendering(png: png, image: image, requests: requests, consoleErrors: page.errors,
                         scrollWidth: scrollWidth, viewportWidth: viewportWidth, evaluated: evaluated ?? nil)
    }

    /// The value of `expression` in the page, awaited if it is a promise.
    @discardableResult
    private static func evaluate(_ expression: String, _ pipe: DevToolsPipe, _ session: String) throws -> Any? {
        let answer = try pipe.call("Runtime.evaluate", ["expression": expression, "returnByValue": true, "awaitPromise": true], session: session)
        if let exception = answer["exceptionDetails"] as? [String: Any] {
            throw BrowserError.protocolError(method: "Runtime.evaluate", message: PageEvents.describe(exception))
        }
        return (answer["result"] as? [String: Any])?["value"]
    }
}
