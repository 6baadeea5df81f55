import AtlasMap
import Testing
@testable import Report

/// `atlas map` as a page: what the standalone SVG draws inside the picture (title, counts,
/// legend, credit) is text here, so it reflows on a phone instead of shrinking with the map.
@Suite struct MapPageTests {
    @Test func titleLegendAndCreditAreTextAroundAnUnframedMap() throws {
        var content = MapContent(title: "Countries <visited>", subtitle: "3 of 195 countries · 4 cities")
        content.days = ["country:FR": 24]
        content.attribution = "Places © GeoNames"
        let countries = ReportPageTests.countries.filter { ["country:FR", "country:ES"].contains($0.id) }
        let html = MapPage.html(content, countries: countries)
        #expect(html.contains("<h1>Countries &lt;visited&gt;</h1>\n<p class=\"counts\">3 of 195 countries · 4 cities</p>"))
        #expect(html.contains("<title>Countries &lt;visited&gt;</title>"))
        for item in DayScale.legend.map(\.label) + ["city, by days", "airport"] { #expect(html.contains(item + "</li>"), "\(item)") }
        #expect(html.contains("<p class=\"credit\">Places © GeoNames</p>"))
        // The picture itself is the map only.
        let svg = try #require(html.firstRange(of: "<svg").map { html[$0.lowerBound...] })
        #expect(!svg.contains("<g class=\"legend\">") && !svg.contains("class=\"title\""))
        // The world is the zoomable one: the land drawn once, hidden, France a view of it.
        #expect(svg.contains("<use href=\"#land-FR\" class=\"visited d3\" data-id=\"country:FR\">"))
        #expect(svg.contains("<div class=\"zoomable\" data-level=\"country\"") && svg.contains("<path id=\"land-ES\" d=\"m"))
        let framed = MapPicture(content: content, countries: countries)
        let unframed = MapPicture(content: content, countries: countries, framed: false)
        #expect(unframed.height == framed.view.height && framed.height > unframed.height)
    }
}
