import AtlasMap
import Markup
import Passport

/// Small maps of trips that share one drawing of the world: the land is drawn once, hidden, as
/// `<path id="land-XX">`s; each trip's map is a window onto it (`<use>`) with the trip's countries
/// filled and its cities marked. Hundreds of trips then cost a few hundred bytes each, not a
/// world each.
struct TripMaps {
    let countries: [MapShape]
    /// The shared world, at this width: paths keep one decimal of it, fine enough for a window
    /// of a few degrees drawn a few hundred pixels wide.
    let frame = MapFrame(width: 2000)
    /// The width a small map is laid out at, for the sizes of its dots and borders.
    static let shownWidth = 320.0

    /// The hidden drawing every small map uses.
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
