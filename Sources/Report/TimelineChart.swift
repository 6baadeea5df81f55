import AtlasMap
import Passport

/// The timeline as an SVG bar chart: for each year from the first to the last, the places
/// first visited in it, stacked by kind (countries, regions, cities); a year with none keeps
/// its empty slot so gaps show.
///
/// ```swift
/// let svg = TimelineChart(passport.timeline(monthly: false)).svg()
/// ```
struct TimelineChart {
    let years: [(year: Int, countries: Int, regions: Int, cities: Int)]

    static let kinds = [("countries", "#b30000"), ("regions", "#fc8d59"), ("cities", "#fdd49e")]

    init(_ periods: [Passport.Period]) {
        let byYear = Dictionary(periods.compactMap { p in Int(p.period.prefix(4)).map { ($0, p) } }, uniquingKeysWith: { a, _ in a })
        guard let first = byYear.keys.min(), let last = byYear.keys.max() else { years = []; return }
        years = (first...last).map { y in
            let p = byYear[y]
            return (y, p?.countries.count ?? 0, p?.regions.count ?? 0, p?.cities.count ?? 0)
        }
    }

    func svg() -> String {
        guard !years.isEmpty else { return "<p>No dated visits yet.</p>\n" }
        let (width, plot, top, bottom) = (720.0, 120.0, 18.0, 40.0)
        let slot = (width - 40) / Double(years.count), bar = min(slot * 0.72, 36)
        let most = max(1, years.map { $0.countries + $0.regions + $0.cities }.max() ?? 1)
        let labelEvery = years.count <= 16 ? 1 : (years.count <= 40 ? 5 : 10)
        var out = "<svg class=\"chart\" viewBox=\"0 0 \(Int(width)) \(Int(top + plot + bottom))\" role=\"img\" aria-label=\"New places per year\">\n"
        out += "<line x1=\"30\" y1=\"\(n(top + plot))\" x2=\"\(n(width - 10))\" y2=\"\(n(top + plot))\" stroke=\"#999\"/>\n"
        for (i, y) in years.enumerated() {
            let x = 34 + Double(i) * slot
            var base = top + plot
            let total = y.countries + y.regions + y.cities
            out += "<g><title>\(y.year): \(counted(y.countries, "new country", "new countries")), \(counted(y.regions, "region")), \(counted(y.cities, "city", "cities"))</title>"
            for ((_, colour), value) in zip(Self.kinds, [y.countries, y.regions, y.cities]) where value > 0 {
                let h = plot * Double(value) / Double(most)
                base -= h
                out += "<rect x=\"\(n(x))\" y=\"\(n(base))\" width=\"\(n(max(1, bar)))\" height=\"\(n(h))\" fill=\"\(colour)\"/>"
            }
            if total > 0, labelEvery == 1 {
                out += "<text x=\"\(n(x + bar / 2))\" y=\"\(n(base - 4))\" text-anchor=\"middle\">\(total)</text>"
            }
            out += "</g>\n"
            if (y.year % labelEvery == 0) || labelEvery == 1 {
                out += "<text x=\"\(n(x + bar / 2))\" y=\"\(n(top + plot + 16))\" text-anchor=\"middle\">\(y.year)</text>\n"
            }
        }
        var lx = 34.0
        for (name, colour) in Self.kinds {
            out += "<rect x=\"\(n(lx))\" y=\"\(n(top + plot + 26))\" width=\"10\" height=\"10\" fill=\"\(colour)\"/>"
                + "<text x=\"\(n(lx + 14))\" y=\"\(n(top + plot + 35))\">new \(name)</text>\n"
            lx += 120
        }
        return out + "</svg>\n"
    }

    private func n(_ v: Double) -> String { MapFrame.number(v) }
}
