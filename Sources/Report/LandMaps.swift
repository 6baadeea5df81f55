import AtlasMap
import Foundation
import Markup
import Passport

/// The report's maps, all drawn from one drawing of the world: the land is written once, hidden,
/// as `<path id="land-XX">`s; the world map and each trip's small map are views of it (`<use>`)
/// with their countries filled and their cities marked. The world then costs its bytes once, and
/// hundreds of trips a few hundred bytes each.
struct LandMaps {
    let countries: [MapShape]
    /// The regions some trip fills: drawn once, hidden, as the land is.
    var regions: [MapShape] = []
    /// The shared world, at this width: paths keep one decimal of it, fine enough for a window
    /// of a few degrees drawn a few hundred pixels wide.
    let frame = MapFrame(width: 2000)
    /// The width a small map is laid out at, for the sizes of its dots and borders.
    static let shownWidth = 320.0

    /// The world map of `content`, one that zooms (``HTMLPage/zoomScript``): every country in
    /// the neutral tone; at country level the visited ones filled by days (`data-id`,
    /// `class="visited dN"`, a `<title>`), at region level the visited regions of ``regions``
    /// filled and the visited countries with none of them; the cities as dots sized by days; the
    /// visited countries' names placed for each zoom (``LabelLayout/leveled(_:dots:bounds:fontSize:zooms:)``).
    /// `content.days` holds both levels' days; `level` is the one shown first. Without the
    /// script it is the whole world at that level, its names of the first zoom shown.
    /// `airports`, when given (the map's, not the report's), are drawn as diamonds and named
    /// in the legend.
    func world(_ content: MapContent, level: MapShape.Kind = .country, airports: [MapContent.Spot]? = nil) -> String {
        let unit = frame.width / 1000      // frame units per pixel of a 1000-pixel-wide map
        let n = MapFrame.number
        var out = "<div class=\"zoomable\" data-level=\"\(level.rawValue)\" data-max-zoom=\"\(n(Self.zooms.last!))\">\n"
            + Self.controls(level: level)
        out += "<svg class=\"atlas-map world-map\" viewBox=\"0 0 \(n(frame.width)) \(n(frame.height))\" tabindex=\"0\""
            + " role=\"img\" aria-label=\"\(Markup.escape(content.title + " · " + content.subtitle))\">\n"
        out += "<use href=\"#world-edge\" class=\"sea\"/>\n"
        out += "<g class=\"shapes\" stroke-width=\"\(n(0.5 * unit))\" data-stroke=\"\(n(0.5 * unit))\">\n<use href=\"#land\" class=\"land\"/>\n"
        let shapes = Dictionary(countries.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let regionNames = Dictionary(regions.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        let drawn = Set(regionNames.keys)
        let countriesWithRegions = Set(regions.filter { content.days[$0.id] != nil }.map(\.country))
        var byCountry = "<g class=\"level-country\">\n", byRegion = "<g class=\"level-region\">\n"
        for (id, days) in content.days.sorted(by: { $0.key < $1.key }) {
            let place: String
            if id.hasPrefix("region:") {
                guard drawn.contains(id) else { continue }
                let name = regionNames[id] ?? id
                place = "<use href=\"#\(Self.reference(id))\" class=\"visited d\(DayScale.class(forDays: days) + 1)\" data-id=\"\(Markup.escape(id))\">"
                    + "<title>\(Markup.escape(name + " · " + DayScale.label(days: days)))</title></use>\n"
                byRegion += place
                continue
            }
            guard id.hasPrefix("country:") else { continue }
            let shape = shapes[id]
            let label = "<title>\(Markup.escape((shape?.name ?? id) + " · " + DayScale.label(days: days)))</title>"
            let cls = "visited d\(DayScale.class(forDays: days) + 1)"
            if let shape, shape.rings.isEmpty {
                // Too small for an outline (the Vatican, Tuvalu): its dots, big enough to see.
                var d = PathData(relative: true)
                for (lon, lat) in shape.dots { let p = frame.point(longitude: lon, latitude: lat); d.dot(p.x, p.y, radius: 1.6 * unit) }
                place = "<path class=\"\(cls)\" data-id=\"\(Markup.escape(id))\" d=\"\(d.string)\">\(label)</path>\n"
            } else {
                place = "<use href=\"#land-\(Markup.escape(String(id.dropFirst(8))))\" class=\"\(cls)\" data-id=\"\(Markup.escape(id))\">\(label)</use>\n"
            }
            byCountry += place
            if !countriesWithRegions.contains(shape?.country ?? String(id.dropFirst(8))) { byRegion += place }
        }
        out += byCountry + "</g>\n" + byRegion + "</g>\n</g>\n"
        for city in content.cities.sorted(by: { ($0.days, $1.id) > ($1.days, $0.id) }) {
            let p = frame.point(longitude: city.longitude, latitude: city.latitude)
            let r = MapPicture.cityRadius(days: city.days) * unit
            out += "<circle class=\"city\" data-id=\"\(Markup.escape(city.id))\" cx=\"\(n(p.x))\" cy=\"\(n(p.y))\""
                + " r=\"\(n(r))\" stroke-width=\"\(n(0.8 * unit))\"><title>\(Markup.escape(city.name + " · " + DayScale.label(days: city.days)))</title></circle>\n"
        }
        for airport in (airports ?? []).sorted(by: { $0.id < $1.id }) {
            // Drawn round the origin and moved there, so the script can keep its size on screen.
            let p = frame.point(longitude: airport.longitude, latitude: airport.latitude), s = n(3 * unit)
            out += "<path class=\"airport\" data-id=\"\(Markup.escape(airport.id))\" transform=\"translate(\(n(p.x)) \(n(p.y)))\" d=\"M0 -\(s)l\(s) \(s)-\(s) \(s)-\(s)-\(s)z\""
                + " stroke-width=\"\(n(0.5 * unit))\"><title>\(Markup.escape(airport.name))</title></path>\n"
        }
        out += names(of: content, airports: airports ?? [], shapes: shapes, unit: unit)
        return out + "</svg>\n</div>\n" + HTMLPage.legend(airports: airports != nil) + "<p class=\"credit\">\(Markup.escape(content.attribution))</p>\n"
    }

    /// The CSS of the hidden drawing and the world map, and of the names on every map.
    static let style = """
        svg.defs{position:absolute;width:0;height:0}
        .world-map{display:block;width:100%;height:auto}
        .world-map .sea{fill:\(DayScale.sea);stroke:\(DayScale.seaEdge)}
        .world-map .land{fill:\(DayScale.unvisited);stroke:#fff;stroke-linejoin:round}
        .world-map .visited{stroke:#fff;stroke-linejoin:round}
        .world-map .city{fill:\(DayScale.city);stroke:#fff}
        .world-map .airport{fill:#444;stroke:#fff}
        \(DayScale.fills(under: ".world-map"))\(MapPicture.labelStyle)

        """

    /// The zooms the world's names are placed for: each shows more of them.
    static let zooms: [Double] = [1, 2, 4, 8, 16]

    /// The buttons over a zoomable map: hidden until the script shows them, since only it makes
    /// them work.
    static func controls(level: MapShape.Kind?) -> String {
        var out = "<div class=\"map-controls\" hidden>"
            + "<button type=\"button\" data-zoom=\"in\" title=\"Zoom in (+)\" aria-label=\"Zoom in\">+</button>"
            + "<button type=\"button\" data-zoom=\"out\" title=\"Zoom out (−)\" aria-label=\"Zoom out\">−</button>"
            + "<button type=\"button\" data-zoom=\"reset\" title=\"The whole map (0)\" aria-label=\"Show the whole map\">⤢</button>"
        if let level {
            out += "<span class=\"level-switch\" role=\"group\" aria-label=\"Level\">"
                + "<button type=\"button\" data-level=\"country\" aria-pressed=\"\(level == .country)\">Countries</button>"
                + "<button type=\"button\" data-level=\"region\" aria-pressed=\"\(level == .region)\">Regions</button></span>"
        }
        return out + "</div>\n"
    }

    /// The names of the visited countries, most days first, at their label points where they
    /// fit among each other and the city dots, zoom by zoom.
    private func names(of content: MapContent, airports: [MapContent.Spot], shapes: [String: MapShape], unit: Double) -> String {
        let dots = content.cities.map { city in
            let p = frame.point(longitude: city.longitude, latitude: city.latitude)
            return LabelLayout.Dot(id: city.id, x: p.x, y: p.y, radius: MapPicture.cityRadius(days: city.days) * unit)
        } + airports.map { a in
            let p = frame.point(longitude: a.longitude, latitude: a.latitude)
            return LabelLayout.Dot(id: a.id, x: p.x, y: p.y, radius: 3 * unit)
        }
        let labels = MapPicture.countryLabels(content, shapes: shapes) { frame.point(longitude: $0, latitude: $1) }
        let placed = LabelLayout.leveled(labels, dots: dots, bounds: (0, 0, frame.width, frame.height), fontSize: 11 * unit, zooms: Self.zooms)
        return LabelLayout.svg(placed, fontSize: 11 * unit, halo: 3 * unit)
    }

    /// The hidden drawing every map of the report uses: the world's edge, the land, and the
    /// regions that trips fill (``regions``), thinned to half a unit of the shared world.
    func definitions() -> String {
        var out = "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>\n"
        out += "<path id=\"world-edge\" d=\"\(frame.outline)\"/>\n"
        out += "<clipPath id=\"land-edge\"><use href=\"#world-edge\"/></clipPath>\n<g id=\"land\" clip-path=\"url(#land-edge)\">\n"
        for shape in countries {
            var d = PathData(relative: true)
            frame.append(shape.rings, to: &d)
            // An island too small for an outline: a square about as wide as it may be (0.1°).
            for (lon, lat) in shape.dots {
                let p = frame.point(longitude: lon, latitude: lat)
                d.move(p.x - 0.3, p.y - 0.3); d.line(p.x + 0.3, p.y - 0.3); d.line(p.x + 0.3, p.y + 0.3); d.line(p.x - 0.3, p.y + 0.3); d.close()
            }
            out += "<path id=\"land-\(shape.country)\" d=\"\(d.string)\"/>\n"
        }
        out += "</g>\n"
        for shape in regions {
            var d = PathData(relative: true)
            frame.append(shape.rings, spacing: 0.5, to: &d)
            out += "<path id=\"\(Self.reference(shape.id))\" d=\"\(d.string)\"/>\n"
        }
        return out + "</defs></svg>\n"
    }

    /// The id in the drawing of a region (`r-DE.16`) or country (`land-DE`).
    static func reference(_ id: String) -> String {
        Markup.escape(id.hasPrefix("region:") ? "r-" + id.dropFirst(7) : "land-" + id.dropFirst(8))
    }

    /// The small map of `content` (a trip's: ``MapContent/init(_:level:gazetteer:)``): the land
    /// in the neutral tone, the trip's regions filled (a country itself when none of its regions
    /// has a shape), its cities as dots, and when the window is smaller than a continent a
    /// locator in the corner with fewest cities: the world, and a box where the trip is.
    func map(_ content: MapContent) -> String {
        // The shared land is one world wide: a trip across the antimeridian gets the box that
        // stays within it (wider, but whole).
        var box = content.box ?? .world
        if box.crossesAntimeridian {
            box = GeoBox(points: (content.cities + content.airports).map { ($0.longitude, $0.latitude) }).padded(by: 0.2, minimum: 6)
        }
        let view = MapView(showing: box, width: Self.shownWidth, maxAspect: 0.8, minAspect: 0.5)
        let k = frame.width / view.frame.width
        let unit = k     // frame units per shown pixel
        let (left, top, width, height) = (view.x * k, view.y * k, view.width * k, view.height * k)
        let viewBox = [left, top, width, height].map(MapFrame.number).joined(separator: " ")
        var out = "<svg class=\"trip-map\" viewBox=\"\(viewBox)\" role=\"img\" aria-label=\"\(Markup.escape("Map of " + content.title))\">"
        out += "<rect class=\"sea\" x=\"\(MapFrame.number(left))\" y=\"\(MapFrame.number(top))\" width=\"100%\" height=\"100%\"/>"
        let stroke = "stroke-width=\"\(MapFrame.number(max(0.1, 0.6 * unit)))\""
        out += "<use href=\"#land\" class=\"land\" \(stroke)/>"
        let drawn = Set(regions.map(\.id))
        let countriesWithRegions = Set(regions.filter { content.days[$0.id] != nil }.map(\.country))
        for id in content.days.keys.sorted() {
            let fills = id.hasPrefix("region:") ? drawn.contains(id) : id.hasPrefix("country:") && !countriesWithRegions.contains(String(id.dropFirst(8)))
            guard fills else { continue }
            out += "<use href=\"#\(Self.reference(id))\" class=\"trip-place\" data-id=\"\(Markup.escape(id))\" \(stroke)/>"
        }
        let cities = content.cities.sorted(by: { ($0.days, $1.id) > ($1.days, $0.id) })
        let radius = max(0.1, 3 * unit)
        var dots: [LabelLayout.Dot] = []
        for city in cities {
            let p = frame.point(longitude: city.longitude, latitude: city.latitude)
            dots.append(.init(id: city.id, x: p.x, y: p.y, radius: radius))
            out += "<circle class=\"city\" data-id=\"\(Markup.escape(city.id))\" cx=\"\(MapFrame.number(p.x))\" cy=\"\(MapFrame.number(p.y))\" r=\"\(MapFrame.number(radius))\""
                + " stroke-width=\"\(MapFrame.number(max(0.1, 0.8 * unit)))\"><title>\(Markup.escape(city.name))</title></circle>"
        }
        // The cities' names, most days first, where they fit (the locator's corner kept clear).
        var labels = LabelLayout(bounds: (left, top, width, height), fontSize: 11 * unit)
        if content.box != nil, box.east - box.west < MapPicture.locatorDegrees {
            let inset = locator(box, left: left, top: top, width: width, height: height, avoiding: dots, unit: unit)
            labels.block(x: inset.x, y: inset.y, width: inset.width, height: inset.height)
            out += inset.svg
        }
        let placed = labels.place(zip(cities, dots).map { .init(id: $0.id, text: $0.name, x: $1.x, y: $1.y, gap: radius) }, dots: dots)
        return out + labels.svg(placed, halo: 3 * unit) + "</svg>\n"
    }

    /// The world a quarter of the map wide in one of its corners (the first of bottom-left,
    /// bottom-right, top-left, top-right with the fewest of `dots` under it), with `box` marked.
    private func locator(_ box: GeoBox, left: Double, top: Double, width: Double, height: Double,
                         avoiding dots: [LabelLayout.Dot], unit: Double) -> (svg: String, x: Double, y: Double, width: Double, height: Double) {
        let w = width * 0.28, h = w * frame.height / frame.width, margin = 4 * unit
        let corners = [(left + margin, top + height - h - margin), (left + width - w - margin, top + height - h - margin),
                       (left + margin, top + margin), (left + width - w - margin, top + margin)]
        let (x, y) = corners.min { a, b in
            func under(_ c: (Double, Double)) -> Int { dots.filter { $0.x >= c.0 && $0.x <= c.0 + w && $0.y >= c.1 && $0.y <= c.1 + h }.count }
            return under(a) < under(b)
        }!
        // The trip's box on the world, big enough to see at the locator's size.
        let sw = frame.point(longitude: box.west, latitude: box.south), ne = frame.point(longitude: box.east, latitude: box.north)
        let least = frame.width / 40
        let (bx, by) = ((sw.x + ne.x) / 2, (sw.y + ne.y) / 2)
        let (bw, bh) = (max(least, ne.x - sw.x), max(least, sw.y - ne.y))
        let n = MapFrame.number
        return ("<svg class=\"locator\" x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\" viewBox=\"0 0 \(n(frame.width)) \(n(frame.height))\">"
            + "<use href=\"#world-edge\" class=\"sea\"/><use href=\"#land\" class=\"land\"/>"
            + "<rect x=\"\(n(bx - bw / 2))\" y=\"\(n(by - bh / 2))\" width=\"\(n(bw))\" height=\"\(n(bh))\"/></svg>", x, y, w, h)
    }
}
