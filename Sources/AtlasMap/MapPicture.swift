import Foundation
import Markup

/// A map as SVG: the Equal Earth world (or the window of ``MapContent/box``), visited places
/// filled by days spent (``DayScale``), the rest in a neutral tone, cities as dots sized by days,
/// airports as small diamonds, a title with the counts, a legend and the data's credit line.
///
/// Every country, region or subregion is one `<path>` with `data-id` (its place identifier) and, when
/// visited, `class="visited dN"`; its label is a `<title>` inside it, so the picture reads
/// without a script, with a screen reader, and in tests.
///
/// ```swift
/// let picture = MapPicture(content: content, countries: try MapShape.load(.country, from: gazetteer))
/// try picture.svg(standalone: true).write(toFile: "map.svg", atomically: true, encoding: .utf8)
/// ```
///
/// The same content and shapes give the same bytes. A value type; `Sendable`.
public struct MapPicture: Sendable {
    public let content: MapContent
    public let view: MapView
    /// Total size, with the title above the map and the legend below when framed.
    public let width: Double, height: Double
    /// Where the map sits in the picture.
    public let mapTop: Double
    /// Whether the picture carries its title, counts, legend and credit line (a standalone SVG),
    /// or only the map (a page that says them itself, in text that reflows on a phone).
    public let isFramed: Bool
    let countries: [MapShape], regions: [MapShape]

    static let headerHeight = 64.0, footerHeight = 50.0

    /// `regions` (regions or subregions) are drawn over the countries when they are of
    /// ``MapContent/level``: those visited filled by days, the others outlined in the neutral
    /// tone, and their countries left unfilled under them.
    public init(content: MapContent, countries: [MapShape], regions: [MapShape] = [], width: Double = 1000, framed: Bool = true) {
        self.content = content
        self.countries = countries
        self.regions = content.level == .country ? [] : regions.filter { $0.kind == content.level }
        isFramed = framed
        view = content.box.map { MapView(showing: $0, width: width) } ?? MapView(worldWidth: width)
        self.width = width
        mapTop = framed ? Self.headerHeight : 0
        height = mapTop + view.height + (framed ? Self.footerHeight : 0)
    }

    public func svg(standalone: Bool) -> String {
        var out = standalone ? "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n" : ""
        let size = "width=\"\(MapFrame.number(width))\" height=\"\(MapFrame.number(height))\""
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(MapFrame.number(width)) \(MapFrame.number(height))\" \(size)"
            + " class=\"atlas-map\" role=\"img\" aria-labelledby=\"map-title\">\n"
        out += "<title id=\"map-title\">\(Markup.escape(content.title + " · " + content.subtitle))</title>\n"
        out += Self.style
        if isFramed {
            out += "<text class=\"title\" x=\"16\" y=\"30\">\(Markup.escape(content.title))</text>\n"
            out += "<text class=\"counts\" x=\"16\" y=\"52\">\(Markup.escape(content.subtitle))</text>\n"
        }
        out += "<svg class=\"map\" x=\"0\" y=\"\(MapFrame.number(mapTop))\" width=\"\(MapFrame.number(view.width))\""
            + " height=\"\(MapFrame.number(view.height))\" viewBox=\"\(view.viewBox)\" data-world-width=\"\(MapFrame.number(view.frame.width))\">\n"
        if view.isWorld {
            // Rings across the antimeridian are drawn on both edges; the world's outline cuts them.
            let edge = view.frame.outline
            out += "<defs><clipPath id=\"map-edge\"><path d=\"\(edge)\"/></clipPath></defs>\n"
            out += "<path class=\"sphere\" d=\"\(edge)\"/>\n<g clip-path=\"url(#map-edge)\">\n"
        } else {
            // A window: the picture's edge cuts, and shapes come again 360° round where it goes past ±180.
            out += "<rect class=\"sphere\" x=\"\(MapFrame.number(view.x))\" y=\"\(MapFrame.number(view.y))\""
                + " width=\"\(MapFrame.number(view.width))\" height=\"\(MapFrame.number(view.height))\"/>\n<g>\n"
        }
        let regionCountries = Set(regions.map(\.country))
        // Outlines first, dot-only places after, so an enclave drawn as a dot (the Vatican) is not
        // covered by the country around it.
        for shapes in [countries, regions] {
            for shape in shapes.filter({ !$0.rings.isEmpty }) + shapes.filter({ $0.rings.isEmpty }) {
                let shifts = view.shifts.filter { view.shows(shape.bounds, shift: $0) }
                guard !shifts.isEmpty else { continue }
                let fills = shape.kind != .country || !regionCountries.contains(shape.country)
                out += place(shape, shifts: shifts, days: fills ? content.days[shape.id] : nil)
            }
        }
        out += "</g>\n"
        out += spots()
        let inset = locator()
        out += inset?.svg ?? ""
        out += labels(avoiding: inset?.box)
        out += "</svg>\n"
        if isFramed { out += legend() }
        out += "</svg>\n"
        return out
    }

    private func place(_ shape: MapShape, shifts: [Double], days: Int?) -> String {
        // A country's thousands of subregions: points closer than a pixel's fraction left out,
        // and written as relative steps, so the counties of the United States stay in budget.
        let fine = shape.kind == .subregion
        var data = PathData(relative: fine)
        let r = view.isWorld ? 1.1 : 1.6
        for shift in shifts {
            view.frame.append(shape.rings, shift: shift, spacing: fine ? Self.subregionSpacing : 0, to: &data)
            for (lon, lat) in shape.dots {
                let p = view.frame.point(longitude: lon + shift, latitude: lat)
                data.dot(p.x, p.y, radius: r)
            }
        }
        let visited = days.map { " class=\"visited d\(DayScale.class(forDays: $0) + 1)\"" } ?? ""
        let label = shape.name + (days.map { " · " + DayScale.label(days: $0) } ?? "")
        return "<path data-id=\"\(shape.id)\"\(visited) d=\"\(data.string)\"><title>\(Markup.escape(label))</title></path>\n"
    }

    /// Cities by days, the biggest first so the small ones stay on top; then the airports.
    private func spots() -> String {
        var out = "<g class=\"spots\">\n"
        let scale = view.isWorld ? 1.0 : 1.3
        for city in content.cities.sorted(by: { ($0.days, $1.id) > ($1.days, $0.id) }) {
            let p = view.point(longitude: city.longitude, latitude: city.latitude)
            let r = Self.cityRadius(days: city.days) * scale
            out += "<circle data-id=\"\(Markup.escape(city.id))\" class=\"city\" cx=\"\(MapFrame.number(p.x))\" cy=\"\(MapFrame.number(p.y))\""
                + " r=\"\(MapFrame.number(r))\"><title>\(Markup.escape(city.name + " · " + DayScale.label(days: city.days)))</title></circle>\n"
        }
        for airport in content.airports.sorted(by: { $0.id < $1.id }) {
            let p = view.point(longitude: airport.longitude, latitude: airport.latitude)
            let s = 3.0 * scale
            out += "<path data-id=\"\(Markup.escape(airport.id))\" class=\"airport\" d=\"M\(MapFrame.number(p.x)) \(MapFrame.number(p.y - s))"
                + "l\(MapFrame.number(s)) \(MapFrame.number(s)) \(MapFrame.number(-s)) \(MapFrame.number(s)) \(MapFrame.number(-s)) \(MapFrame.number(-s))Z\">"
                + "<title>\(Markup.escape(airport.name))</title></path>\n"
        }
        return out + "</g>\n"
    }

    /// Names where they fit: on the world, the visited countries'; zoomed, the cities', most
    /// days first. Kept off every city dot and airport but the one they name.
    private func labels(avoiding inset: (x: Double, y: Double, width: Double, height: Double)?) -> String {
        let scale = view.isWorld ? 1.0 : 1.3
        let dots = content.cities.map { c in
            let p = view.point(longitude: c.longitude, latitude: c.latitude)
            return LabelLayout.Dot(id: c.id, x: p.x, y: p.y, radius: Self.cityRadius(days: c.days) * scale)
        } + content.airports.map { a in
            let p = view.point(longitude: a.longitude, latitude: a.latitude)
            return LabelLayout.Dot(id: a.id, x: p.x, y: p.y, radius: 3 * scale)
        }
        var layout = LabelLayout(bounds: (view.x, view.y, view.width, view.height), fontSize: view.isWorld ? 11 : 12)
        if let inset { layout.block(x: inset.x, y: inset.y, width: inset.width, height: inset.height) }
        let labels: [LabelLayout.Label]
        if view.isWorld {
            let shapes = Dictionary(countries.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            labels = Self.countryLabels(content, shapes: shapes) { view.point(longitude: $0, latitude: $1) }
        } else {
            labels = zip(content.cities, dots).sorted { ($0.0.days, $1.0.id) > ($1.0.days, $0.0.id) }
                .map { .init(id: $0.0.id, text: $0.0.name, x: $0.1.x, y: $0.1.y, gap: $0.1.radius) }
        }
        return layout.svg(layout.place(labels, dots: dots), halo: 3)
    }

    /// A zoomed picture narrower than ``locatorDegrees``: the world, a fifth of the window wide,
    /// in the corner (bottom-left, bottom-right, top-left, top-right) with fewest cities under
    /// it, its land thinned to a pixel, with a box where the window is.
    private func locator() -> (svg: String, box: (x: Double, y: Double, width: Double, height: Double))? {
        guard let box = content.box, !view.isWorld, box.east - box.west < Self.locatorDegrees else { return nil }
        let world = MapFrame(width: (view.width * 0.2).rounded())
        let (w, h, margin) = (world.width, world.height, 6.0)
        let cities = content.cities.map { view.point(longitude: $0.longitude, latitude: $0.latitude) }
        let corners = [(view.x + margin, view.y + view.height - h - margin), (view.x + view.width - w - margin, view.y + view.height - h - margin),
                       (view.x + margin, view.y + margin), (view.x + view.width - w - margin, view.y + margin)]
        func under(_ c: (Double, Double)) -> Int { cities.filter { $0.x >= c.0 && $0.x <= c.0 + w && $0.y >= c.1 && $0.y <= c.1 + h }.count }
        let (x, y) = corners.min { under($0) < under($1) }!
        var land = PathData()
        for shape in countries { world.append(shape.rings, spacing: 1, to: &land) }
        let sw = world.point(longitude: box.west, latitude: box.south), ne = world.point(longitude: box.east, latitude: box.north)
        let (bw, bh) = (max(4, ne.x - sw.x), max(4, sw.y - ne.y))
        let n = MapFrame.number
        let svg = "<svg class=\"locator\" x=\"\(n(x))\" y=\"\(n(y))\" width=\"\(n(w))\" height=\"\(n(h))\" viewBox=\"0 0 \(n(w)) \(n(h))\">\n"
            + "<defs><clipPath id=\"locator-edge\"><path d=\"\(world.outline)\"/></clipPath></defs>\n<path class=\"sphere\" d=\"\(world.outline)\"/>\n"
            + "<path clip-path=\"url(#locator-edge)\" d=\"\(land.string)\"/>\n"
            + "<rect x=\"\(n((sw.x + ne.x - bw) / 2))\" y=\"\(n((sw.y + ne.y - bh) / 2))\" width=\"\(n(bw))\" height=\"\(n(bh))\"/>\n</svg>\n"
        return (svg, (x, y, w, h))
    }

    /// How far apart, in pixels, the points kept of a subregion's outline are at least.
    static let subregionSpacing = 0.5

    /// Windows narrower than this many degrees of longitude get a locator.
    public static let locatorDegrees = 50.0

    /// The visited countries' names at their label points, most days first.
    public static func countryLabels(_ content: MapContent, shapes: [String: MapShape],
                                     point: (Double, Double) -> (x: Double, y: Double)) -> [LabelLayout.Label] {
        content.days.filter { $0.key.hasPrefix("country:") }.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.compactMap { id, _ in
            guard let shape = shapes[id], let (lon, lat) = shape.labelPoint else { return nil }
            let p = point(lon, lat)
            return LabelLayout.Label(id: id, text: shape.name, x: p.x, y: p.y, gap: 0)
        }
    }

    /// The classes of days, the unvisited tone, the markers, and the credit line.
    private func legend() -> String {
        let y = mapTop + view.height + 18
        var out = "<g class=\"legend\">\n"
        var x = 16.0
        let items = DayScale.legend
        for (label, colour) in items {
            out += "<rect x=\"\(MapFrame.number(x))\" y=\"\(MapFrame.number(y - 9))\" width=\"14\" height=\"10\" fill=\"\(colour)\"/>"
                + "<text x=\"\(MapFrame.number(x + 18))\" y=\"\(MapFrame.number(y))\">\(Markup.escape(label))</text>\n"
            x += 26 + Double(label.count) * 6
        }
        out += "<circle class=\"city\" cx=\"\(MapFrame.number(x + 5))\" cy=\"\(MapFrame.number(y - 4))\" r=\"4\"/>"
            + "<text x=\"\(MapFrame.number(x + 14))\" y=\"\(MapFrame.number(y))\">city, by days</text>\n"
        x += 100
        out += "<path class=\"airport\" d=\"M\(MapFrame.number(x + 4)) \(MapFrame.number(y - 8))l4 4 -4 4 -4 -4Z\"/>"
            + "<text x=\"\(MapFrame.number(x + 12))\" y=\"\(MapFrame.number(y))\">airport</text>\n"
        out += "<text class=\"credit\" x=\"16\" y=\"\(MapFrame.number(y + 22))\">\(Markup.escape(content.attribution))</text>\n"
        return out + "</g>\n"
    }

    /// The radius in pixels of a city's dot: 2.2 for a day, growing with the logarithm of the
    /// days (a week 6.1), at most 8, so a home city does not cover its country.
    public static func cityRadius(days: Int) -> Double {
        min(8, 2.2 + 1.4 * log2(Double(max(1, days))))
    }

    /// Names on a map: dark text in a white halo, at the size their group gives.
    public static let labelStyle = ".labels text{font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,Helvetica,Arial,sans-serif;"
        + "font-size:inherit;fill:#222;stroke:#fff;paint-order:stroke;stroke-linejoin:round;pointer-events:none}"

    /// Inside the SVG, so that a standalone file looks the same as the map in a page.
    static let style = """
            <style>
            .atlas-map text{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif;fill:#222;font-size:11px}
            .atlas-map .title{font-size:22px;font-weight:600}
            .atlas-map .counts{font-size:14px;fill:#444}
            .atlas-map .credit{font-size:10px;fill:#666}
            .map path{fill:\(DayScale.unvisited);stroke:#fff;stroke-width:.5;stroke-linejoin:round}
            .map .sphere{fill:\(DayScale.sea);stroke:\(DayScale.seaEdge);stroke-width:.8}
            .atlas-map .city{fill:\(DayScale.city);stroke:#fff;stroke-width:.8}
            .atlas-map .airport{fill:#444;stroke:#fff;stroke-width:.5}
            .map .locator path{stroke:none}
            .map .locator .sphere{stroke:\(DayScale.seaEdge)}
            .map .locator rect{fill:none;stroke:#b30000;stroke-width:1.5}
            \(labelStyle)
            \(DayScale.fills(under: ".map"))</style>

            """
}
