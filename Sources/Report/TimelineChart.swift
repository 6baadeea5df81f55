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

    /// Colours of its own, not the maps' orange ramp of days (Okabe & Ito's, told apart with
    /// the common colour blindnesses): blue, bluish green, reddish purple.
    static let kinds = [("countries", "#0072b2"), ("regions", "#009e73"), ("cities", "#cc79a7")]

    /// On a phone the chart is drawn at half its size or less: its text is set larger there,
    /// every other year's label and the totals are left out when they would crowd.
    static let style = """
        .chart{display:block;width:100%;max-width:720px;height:auto}
        .chart text{font-size:12px;fill:#333}
        @media (max-width:600px){.chart text{font-size:22px}.chart .crowded{display:none}}

        """

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
        let (width, plot, top, bottom) = (720.0, 120.0, 30.0, 32.0)
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
            // At 22 units a total or a year takes about 55: more than 12 slots crowd on a phone.
            let crowdedTotals = years.count > 12 ? " class=\"crowded\"" : ""
            if total > 0, labelEvery == 1 {
                out += "<text\(crowdedTotals) x=\"\(n(x + bar / 2))\" y=\"\(n(base - 4))\" text-anchor=\"middle\">\(total)</text>"
            }
            out += "</g>\n"
            if (y.year % labelEvery == 0) || labelEvery == 1 {
                let crowded = slot * Double(labelEvery) < 60 && (i / labelEvery) % 2 == 1 ? " class=\"crowded\"" : ""
                out += "<text\(crowded) x=\"\(n(x + bar / 2))\" y=\"\(n(top + plot + 24))\" text-anchor=\"middle\">\(y.year)</text>\n"
            }
        }
        out += "</svg>\n"
        // The legend as text that reflows, readable at any width.
        return out + "<ul class=\"legend\">" + Self.kinds.map { "<li><span style=\"background:\($0.1)\"></span>new \($0.0)</li>" }.joined() + "</ul>\n"
    }

    private func n(_ v: Double) -> String { MapFrame.number(v) }
}
