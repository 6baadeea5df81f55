import Foundation

/// The names a page's maps show, measured where Chromium laid them out: every `<text>` of a
/// `.labels` group, checked against the other names of its map and against the dots (cities,
/// airports) of its map that it does not name (`data-for` differs from the dot's `data-id`).
///
/// ```swift
/// let page = try Browser.render(file, width: 1280, height: 900, script: MapLabels.script)
/// let labels = try MapLabels(page)
/// #expect(labels.problems.isEmpty, "\(labels.problems)")
/// ```
public struct MapLabels: Decodable, Sendable {
    /// The text of every name shown, map by map in document order.
    public let names: [String]
    /// "A overlaps B" for each pair of names whose boxes intersect, and "A covers dot ID" for
    /// each name over a dot not its own.
    public let problems: [String]

    /// The script for ``Browser/render(_:width:height:mobile:script:)``.
    public static let script = function + "return mapLabels();"

    /// A function `mapLabels()` that returns what ``script`` does, for a script that measures
    /// more than once (before and after zooming a map). Names hidden (`display: none`, as a
    /// zoomable map keeps those of larger zooms) are not shown and not counted.
    public static let function = """
        function mapLabels() {
            const names = [], problems = [];
            const hit = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
            for (const group of document.querySelectorAll('.labels')) {
                const map = group.ownerSVGElement;
                const texts = [...group.querySelectorAll('text')].filter(t => getComputedStyle(t).display !== 'none')
                    .map(t => ({name: t.textContent, for: t.dataset.for, box: t.getBoundingClientRect()}));
                const dots = [...map.querySelectorAll('.city[data-id], .airport[data-id]')].map(d => ({id: d.dataset.id, box: d.getBoundingClientRect()}));
                texts.forEach((t, i) => {
                    names.push(t.name);
                    texts.slice(i + 1).forEach(u => { if (hit(t.box, u.box)) problems.push(t.name + ' overlaps ' + u.name); });
                    dots.forEach(d => { if (d.id !== t.for && hit(t.box, d.box)) problems.push(t.name + ' covers dot ' + d.id); });
                });
            }
            return {names, problems};
        }
        """

    /// Reads what ``script`` returned in `rendering`.
    public init(_ rendering: Rendering) throws {
        guard let json = rendering.evaluated?.data(using: .utf8) else { throw BrowserError.protocolError(method: "Runtime.evaluate", message: "no value: render with MapLabels.script") }
        self = try JSONDecoder().decode(Self.self, from: json)
    }
}
