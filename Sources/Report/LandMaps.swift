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
    /// The shared world, at this width: paths keep one decimal of it, fine enough for a window
    /// of a few degrees drawn a few hundred pixels wide.
    let frame = MapFrame(width: 2000)
    /// The width a small map is laid out at, for the sizes of its dots and borders.
    static let shownWidth = 320.0

    /// The world map of `content`: every country in the neutral tone, the visited ones filled by
    /// days (`data-id`, `class="visited dN"`, a `<title>`), the cities as dots sized by days.
    func world(_ content: MapContent) -> String {
        let unit = frame.width / 1000      // frame units per pixel of a 1000-pixel-wide map
        var out = "<svg class=\"atlas-map world-map\" viewBox=\"0 0 \(MapFrame.number(frame.width)) \(MapFrame.number(frame.height))\""
            + " role=\"img\" aria-label=\"\(Markup.escape(content.title + " · " + content.subtitle))\">\n"
        out += "<path class=\"sea\" d=\"\(frame.outline)\"/>\n"
        out += "<use href=\"#land\" class=\"land\" stroke-width=\"\(MapFrame.number(0.5 * unit))\"/>\n"
        let shapes = Dictionary(countries.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        for (id, days) in content.days.sorted(by: { $0.key < $1.key }) where id.hasPrefix("country:") {
            let shape = shapes[id]
            let label = "<title>\(Markup.escape((shape?.name ?? id) + " · " + DayScale.label(days: days)))</title>"
            let cls = "visited d\(DayScale.class(forDays: days) + 1)"
            if let shape, shape.rings.isEmpty {
                // Too small for an outline (the Vatican, Tuvalu): its dots, big enough to see.
                var d = PathData()
                for (lon, lat) in shape.dots { let p = frame.point(longitude: lon, latitude: lat); d.dot(p.x, p.y, radius: 1.6 * unit) }
                out += "<path class=\"\(cls)\" data-id=\"\(Markup.escape(id))\" d=\"\(d.string)\">\(label)</path>\n"
                continue
            }
            out += "<use href=\"#land-\(Markup.escape(String(id.dropFirst(8))))\" class=\"\(cls)\" data-id=\"\(Markup.escape(id))\""
                + " stroke-width=\"\(MapFrame.number(0.5 * unit))\">\(label)</use>\n"
        }
        for city in content.cities.sorted(by: { ($0.days, $1.id) > ($1.days, $0.id) }) {
            let p = frame.point(longitude: city.longitude, latitude: city.latitude)
            let r = MapPicture.cityRadius(days: city.days) * unit
            out += "<circle class=\"city\" data-id=\"\(Markup.escape(city.id))\" cx=\"\(MapFrame.number(p.x))\" cy=\"\(MapFrame.number(p.y))\""
                + " r=\"\(MapFrame.number(r))\" stroke-width=\"\(MapFrame.number(0.8 * unit))\"><title>\(Markup.escape(city.name + " · " + DayScale.label(days: city.days)))</title></circle>\n"
        }
        return out + "</svg>\n" + HTMLPage.legend(airports: false) + "<p class=\"credit\">\(Markup.escape(content.attribution))</p>\n"
    }

    /// The hidden drawing every map of the report uses.
    func definitions() -> String {
        var out = "<svg class=\"defs\" width=\"0\" height=\"0\" aria-hidden=\"true\"><defs>\n"
        out += "<clipPath id=\"land-edge\"><path d=\"\(frame.outline)\"/></clipPath>\n<g id=\"land\" clip-path=\"url(#land-edge)\">\n"
        for shape in countries {
            var d = frame.path(shape.rings)
            // An island too small for an outline: a square about as wide as it may be (0.1°).
            for (lon, lat) in shape.dots {
                let p = frame.point(longitude: lon, latitude: lat)
                d += "M\(MapFrame.number(p.x - 0.3)) \(MapFrame.number(p.y - 0.3))h0.6v0.6h-0.6Z"
            }
            out += "<path id=\"land-\(shape.country)\" d=\"\(d)\"/>\n"
        }
        return out + "</g>\n</defs></svg>\n"
    }

    /// The small map of `content` (a trip's: ``MapContent/init(_:level:gazetteer:)``).
    func map(_ content: MapContent) -> String {
        // The shared land is one world wide: a trip across the antimeridian gets the box that
        // stays within it (wider, but whole).
        var box = content.box ?? .world
        if box.crossesAntimeridian {
            box = GeoBox(points: (content.cities + content.airports).map { ($0.longitude, $0.latitude) }).padded(by: 0.2, minimum: 6)
        }
        let view = MapView(showing: box, width: Self.shownWidth, maxAspect: 0.7)
        let k = frame.width / view.frame.width
        let unit = k     // frame units per shown pixel
        let viewBox = [view.x * k, view.y * k, view.width * k, view.height * k].map(MapFrame.number).joined(separator: " ")
        var out = "<svg class=\"trip-map\" viewBox=\"\(viewBox)\" role=\"img\" aria-label=\"\(Markup.escape("Map of " + content.title))\">"
        out += "<rect class=\"sea\" x=\"\(MapFrame.number(view.x * k))\" y=\"\(MapFrame.number(view.y * k))\" width=\"100%\" height=\"100%\"/>"
        out += "<use href=\"#land\" class=\"land\" stroke-width=\"\(MapFrame.number(max(0.1, 0.6 * unit)))\"/>"
        for id in content.days.keys.sorted() where id.hasPrefix("country:") {
            out += "<use href=\"#land-\(Markup.escape(String(id.dropFirst(8))))\" class=\"trip-country\" data-id=\"\(Markup.escape(id))\"/>"
        }
        for city in content.cities.sorted(by: { $0.id < $1.id }) {
            let p = frame.point(longitude: city.longitude, latitude: city.latitude)
            out += "<circle class=\"city\" cx=\"\(MapFrame.number(p.x))\" cy=\"\(MapFrame.number(p.y))\" r=\"\(MapFrame.number(max(0.1, 3 * unit)))\""
                + " stroke-width=\"\(MapFrame.number(max(0.1, 0.8 * unit)))\"><title>\(Markup.escape(city.name))</title></circle>"
        }
        return out + "</svg>\n"
    }
}
