import Foundation

/// What happened when Chromium loaded a page: its pixels, the requests it made, the errors it
/// logged and how wide it laid itself out. ``Browser/render(_:width:height:mobile:)`` makes one.
///
/// ```swift
/// let page = try Browser.render(mapURL, width: 390, height: 844, mobile: true)
/// #expect(page.requests.isEmpty)                       // nothing left the machine
/// #expect(page.consoleErrors.isEmpty)
/// #expect(page.scrollWidth <= page.viewportWidth)      // no sideways scrolling on a phone
/// #expect(page.image.pixel(x: 10, y: 10).r == 200)
/// ```
///
/// Immutable values: safe to share between threads.
public struct Rendering: Sendable {
    /// The screenshot of the viewport, as Chromium wrote it (PNG).
    public let png: Data
    /// ``png`` decoded: as wide and high as the viewport asked for.
    public let image: RasterImage
    /// Every URL the page asked for besides itself (its images, style sheets, scripts, fonts,
    /// frames, fetches, including `data:` and `file:` ones), in the order it asked; a request
    /// that failed (no network, a name that does not resolve) is here all the same.
    public let requests: [String]
    /// What the page reported as an error: `console.error` and failed `console.assert`
    /// (their arguments joined by spaces), uncaught exceptions (with their stack) and the
    /// browser's own error entries, such as "Failed to load resource" (with the URL after it).
    public let consoleErrors: [String]
    /// `document.documentElement.scrollWidth` after load: the width the page's content needs.
    public let scrollWidth: Int
    /// `document.documentElement.clientWidth` after load: the width of the viewport the page
    /// is laid out in (the requested width, or 980 for a mobile page without
    /// `<meta name="viewport">`). A ``scrollWidth`` above it means the page scrolls sideways.
    /// Not `window.innerWidth`, which a mobile viewport widens to whatever overflows.
    public let viewportWidth: Int
    /// The value of the script given to the render, as JSON; nil without one.
    public var evaluated: String? = nil
}
