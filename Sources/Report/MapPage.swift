import AtlasMap
import Markup

/// `atlas map` as a web page: the title and counts as headings, the map, then its legend and
/// credit line as text that reflows on a phone (the standalone SVG carries them in the picture).
///
/// ```swift
/// let html = MapPage.html(content, countries: try MapShape.load(.country, from: gazetteer))
/// ```
public enum MapPage {
    public static func html(_ content: MapContent, countries: [MapShape], regions: [MapShape] = [], width: Double = 1000) -> String {
        let picture = MapPicture(content: content, countries: countries, regions: regions, width: width, framed: false)
        let body = "<main>\n<h1>\(Markup.escape(content.title))</h1>\n<p class=\"counts\">\(Markup.escape(content.subtitle))</p>\n"
            + picture.svg(standalone: false) + HTMLPage.legend()
            + "<p class=\"credit\">\(Markup.escape(content.attribution))</p>\n</main>\n"
        return HTMLPage.document(title: content.title, style: "h1{margin:.2em 0 0;font-size:24px}\n.counts{margin:0 0 10px;color:#444}\n", body: body)
    }
}
