import AtlasMap
import Markup

/// `atlas map` as a web page: the title and counts as headings, the map, then its legend and
/// credit line as text that reflows on a phone (the standalone SVG carries them in the picture).
/// The map zooms and pans (``HTMLPage/zoomScript``). The whole world is drawn as the report
/// draws it (``LandMaps``): the land once, hidden, the visited countries and regions as views
/// of it, and a switch between the two levels; `content.days` should hold both (the command
/// gives it the regions' days too), `content.level` is the one shown first. The names of the
/// countries show as the zoom makes room for them. A map of subregions, or one zoomed to a
/// window, is the still picture (``MapPicture``) in a frame that zooms: the switch has no third
/// level, and a country's thousands of counties are drawn once, outlined, not as views of the land.
///
/// ```swift
/// let html = MapPage.html(content, countries: try MapShape.load(.country, from: gazetteer))
/// ```
public enum MapPage {
    public static func html(_ content: MapContent, countries: [MapShape], regions: [MapShape] = [], width: Double = 1000) -> String {
        var body = "<main>\n<h1>\(Markup.escape(content.title))</h1>\n<p class=\"counts\">\(Markup.escape(content.subtitle))</p>\n"
        let switchesLevels = content.box == nil && content.level != .subregion
        if switchesLevels {
            let maps = LandMaps(countries: countries, regions: regions.filter { content.days[$0.id] != nil })
            body += maps.definitions() + maps.world(content, level: content.level, airports: content.airports) + "</main>\n"
        } else {
            let picture = MapPicture(content: content, countries: countries, regions: regions, width: width, framed: false)
            body += "<div class=\"zoomable\" data-max-zoom=\"8\">\n" + LandMaps.controls(level: nil) + picture.svg(standalone: false) + "</div>\n"
                + HTMLPage.legend() + "<p class=\"credit\">\(Markup.escape(content.attribution))</p>\n</main>\n"
        }
        return HTMLPage.document(title: content.title, style: "h1{margin:.2em 0 0;font-size:24px}\n.counts{margin:0 0 10px;color:#444}\n" + (switchesLevels ? LandMaps.style : ""), body: body)
    }
}
