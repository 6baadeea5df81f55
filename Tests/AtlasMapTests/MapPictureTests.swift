import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Gazetteer
import Testing
@testable import AtlasMap

/// The SVG of a map, read back as XML: every element the issue promises is there.
@Suite struct MapPictureTests {
    /// The elements of an SVG document: name, attributes, and the text of its `<title>` child.
    final class Elements: NSObject, XMLParserDelegate {
        struct Element { let name: String; let attributes: [String: String]; var title = "" }
        var all: [Element] = []
        private var stack: [Int] = []
        private var inTitle = false

        init(_ svg: String) throws {
            super.init()
            let parser = XMLParser(data: Data(svg.utf8))
            parser.delegate = self
            guard parser.parse() else { throw parser.parserError ?? CocoaError(.coderReadCorrupt) }
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String]) {
            if name == "title" { inTitle = true; return }
            all.append(Element(name: name, attributes: attributes))
            stack.append(all.count - 1)
        }
        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "title" { inTitle = false } else { stack.removeLast() }
        }
        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inTitle, let i = stack.last { all[i].title += string }
        }

        func withID(_ id: String) -> Element? { all.first { $0.attributes["data-id"] == id } }
    }

    static let countries = MapShapeTests.countries
    static let regions = MapShapeTests.regions

    var content: MapContent {
        var c = MapContent(title: "Countries visited", subtitle: "3 of 195 countries · 2 cities")
        c.days = ["country:FR": 5, "country:IT": 40, "country:VA": 1]
        c.cities = [.init(id: "city:2996944", name: "Lyon", longitude: 4.85, latitude: 45.75, days: 3),
                    .init(id: "city:3169070", name: "Rome & around", longitude: 12.48, latitude: 41.89, days: 30)]
        c.airports = [.init(id: "airport:LYS", name: "Lyon–Saint-Exupéry (LYS)", longitude: 5.08, latitude: 45.73, days: 1)]
        c.attribution = "Places © GeoNames"
        return c
    }

    @Test func everyCountryIsAShapeWithItsIdAndLabel() throws {
        let svg = MapPicture(content: content, countries: Self.countries).svg(standalone: true)
        let doc = try Elements(svg)
        let places = doc.all.filter { $0.attributes["data-id"]?.hasPrefix("country:") == true }
        #expect(places.count == Self.countries.count)
        #expect(places.allSatisfy { $0.name == "path" && !$0.title.isEmpty && !($0.attributes["d"] ?? "").isEmpty })

        let france = try #require(doc.withID("country:FR"))
        #expect(france.attributes["class"] == "visited d2" && france.title == "France · 5 days")
        #expect(doc.withID("country:IT")?.attributes["class"] == "visited d4")
        let spain = try #require(doc.withID("country:ES"))
        #expect(spain.attributes["class"] == nil && spain.title == "Spain")
        #expect(doc.all.filter { $0.attributes["class"]?.hasPrefix("visited") == true }.count == 3)

        let rome = try #require(doc.withID("city:3169070"))
        #expect(rome.name == "circle" && rome.title == "Rome & around · 30 days")
        #expect(Double(rome.attributes["r"]!)! > Double(doc.withID("city:2996944")!.attributes["r"]!)!)
        #expect(doc.withID("airport:LYS")?.title == "Lyon–Saint-Exupéry (LYS)")
        #expect(svg.contains("Places © GeoNames") && svg.contains("3 of 195 countries · 2 cities") && svg.contains("180 days or more"))
    }

    /// The Vatican, a dot, comes after Italy, so the country around it does not cover it.
    @Test func dotsComeAfterOutlines() throws {
        let doc = try Elements(MapPicture(content: content, countries: Self.countries).svg(standalone: false))
        let ids = doc.all.compactMap { $0.attributes["data-id"] }
        #expect(ids.firstIndex(of: "country:VA")! > ids.firstIndex(of: "country:IT")!)
        #expect(ids.firstIndex(of: "country:VA")! > ids.firstIndex(of: "country:ZW")!)
    }

    @Test func theSameContentGivesTheSameBytes() {
        let a = MapPicture(content: content, countries: Self.countries).svg(standalone: true)
        let b = MapPicture(content: content, countries: Self.countries.shuffled().sorted { $0.id < $1.id }).svg(standalone: true)
        #expect(a == b)
    }

    /// A window on the Alps leaves out what lies far outside it.
    @Test func aZoomedMapDrawsOnlyWhatItShows() throws {
        var c = content
        c.box = GeoBox(west: 3, south: 41, east: 14, north: 47)
        let picture = MapPicture(content: c, countries: Self.countries, width: 800)
        let doc = try Elements(picture.svg(standalone: true))
        #expect(doc.withID("country:FR") != nil && doc.withID("country:CH") != nil)
        #expect(doc.withID("country:AU") == nil && doc.withID("country:JP") == nil)
        let map = try #require(doc.all.first { $0.attributes["class"] == "map" })
        #expect(map.attributes["viewBox"] == picture.view.viewBox && map.attributes["width"] == "800.0")
        #expect(picture.svg(standalone: true).utf8.count < MapPicture(content: content, countries: Self.countries).svg(standalone: true).utf8.count / 3)
    }

    /// A window from Fiji to Samoa: Samoa and Tonga are drawn east of Fiji, inside the window,
    /// not at the far west edge of the world.
    @Test func aWindowAcrossTheAntimeridianDrawsBothSides() throws {
        var c = MapContent(title: "South Seas", subtitle: "")
        c.days = ["country:FJ": 5, "country:WS": 3, "country:TO": 2]
        c.cities = [.init(id: "city:2202064", name: "Nadi", longitude: 177.44, latitude: -17.76, days: 2),
                    .init(id: "city:4035413", name: "Apia", longitude: -171.77, latitude: -13.83, days: 3)]
        c.box = GeoBox(enclosing: c.cities.map { ($0.longitude, $0.latitude) }).padded(by: 0.2, minimum: 6)
        let picture = MapPicture(content: c, countries: Self.countries, width: 800)
        let doc = try Elements(picture.svg(standalone: true))
        let view = picture.view
        func inWindow(_ x: Double, _ y: Double) -> Bool {
            x >= view.x - 1 && x <= view.x + view.width + 1 && y >= view.y - 1 && y <= view.y + view.height + 1
        }
        for id in ["country:WS", "country:FJ"] {
            let d = try #require(doc.withID(id)?.attributes["d"])
            let points = MapFrameTests().points(d.replacingOccurrences(of: #"a[^MLZ]*"#, with: "", options: .regularExpression)).joined()
            #expect(points.contains { inWindow($0.0, $0.1) }, "\(id) has no point in the window")
        }
        for id in ["city:2202064", "city:4035413"] {
            let circle = try #require(doc.withID(id))
            #expect(inWindow(Double(circle.attributes["cx"]!)!, Double(circle.attributes["cy"]!)!), "\(id)")
        }
        let apia = try #require(doc.withID("city:4035413")), nadi = try #require(doc.withID("city:2202064"))
        #expect(Double(apia.attributes["cx"]!)! > Double(nadi.attributes["cx"]!)!)       // east of Fiji
        #expect(doc.withID("country:AU") == nil && doc.withID("country:BR") == nil)
    }

    /// Regions over countries: the regions carry the days; a country with regions stays neutral
    /// under them, one without (the Vatican) is filled itself.
    @Test func regionLevelFillsRegions() throws {
        var c = content
        c.level = .region
        c.days["region:FR.84"] = 3
        c.box = GeoBox(west: -5, south: 36, east: 16, north: 51)
        let doc = try Elements(MapPicture(content: c, countries: Self.countries, regions: Self.regions).svg(standalone: true))
        #expect(doc.withID("region:FR.84")?.attributes["class"] == "visited d2")
        #expect(doc.withID("region:FR.84")?.title.hasSuffix(", France · 3 days") == true)
        #expect(doc.withID("country:FR")?.attributes["class"] == nil)
        #expect(doc.withID("country:VA")?.attributes["class"] == "visited d1")
        #expect(doc.withID("region:IT.07") != nil && doc.withID("region:AU.02") == nil)
    }

    /// Subregions over countries, as regions are: the visited département filled, the others
    /// outlined, France neutral under them, Italy (none of its subregions given) filled itself;
    /// the regions given are not of the level and stay off. Written as relative steps.
    @Test func subregionLevelFillsSubregions() throws {
        var c = content
        c.level = .subregion
        c.days["subregion:FR.84.69"] = 3
        c.box = GeoBox(west: -5, south: 41, east: 10, north: 51)
        let departments = try MapShape.load(.subregion, countries: ["FR"], from: MapShapeTests.gazetteer)
        let svg = MapPicture(content: c, countries: Self.countries, regions: Self.regions + departments).svg(standalone: true)
        let doc = try Elements(svg)
        let rhone = try #require(doc.withID("subregion:FR.84.69"))
        #expect(rhone.attributes["class"] == "visited d2" && rhone.title == "Rhône, Auvergne-Rhône-Alpes · 3 days")
        #expect(rhone.attributes["d"]?.hasPrefix("m") == true)
        let savoie = try #require(doc.withID("subregion:FR.84.74"))
        #expect(savoie.attributes["class"] == nil && savoie.title == "Haute-Savoie, Auvergne-Rhône-Alpes")
        #expect(doc.all.filter { $0.attributes["data-id"]?.hasPrefix("subregion:FR.") == true }.count == departments.count)
        #expect(doc.withID("country:FR")?.attributes["class"] == nil && doc.withID("country:IT")?.attributes["class"] == "visited d4")
        #expect(!doc.all.contains { $0.attributes["data-id"]?.hasPrefix("region:") == true })
        #expect(svg == MapPicture(content: c, countries: Self.countries, regions: departments).svg(standalone: true))
    }
}
