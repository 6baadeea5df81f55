import AtlasMap
import Foundation
import Gazetteer
import Markup
import Passport
import TravelLog

/// `atlas report`: the passport as one page to print or share. The world map, the figures,
/// countries by continent, the milestones, new places per year, the trips with a small map each, the top
/// cities. Share-safe unless ``private`` is set: no file paths and no position finer than a
/// city (cities at the gazetteer's point of them); private adds each trip's photo folders and
/// the homes' points.
///
/// ```swift
/// let page = ReportPage(passport: passport, stats: stats, trips: trips, countries: shapes, gazetteer: gazetteer)
/// let html = try page.html()
/// ```
///
/// The same log gives the same bytes: nothing in it depends on the clock or the machine.
public struct ReportPage {
    public var passport: Passport
    public var stats: PassportStats
    public var trips: [Trip]
    public var countries: [MapShape]
    /// The regions of the world (``MapShape/load(_:from:)`` `.region`): the trips' maps fill
    /// the regions visited and are framed round them; without them, the countries.
    public var regions: [MapShape] = []
    public var gazetteer: Gazetteer
    public var year: Int?
    /// The homes, shown with their points when ``isPrivate``.
    public var homes: HomeTimeline?
    /// Each trip's photo folders (by trip id) and counts, shown when ``isPrivate``.
    public var folders: [String: [(folder: String, photos: Int)]] = [:]
    public var isPrivate = false
    /// The Schengen 90/180 window shown (``Passport/latestSchengenWindow(year:)``); nil: the
    /// one of ``passport``, read when the page is made. `atlas report --year` sets it from the
    /// whole log, whose days before the year count in the window.
    public var schengen: SchengenWindow?

    public init(passport: Passport, stats: PassportStats, trips: [Trip], countries: [MapShape], gazetteer: Gazetteer, year: Int? = nil) {
        (self.passport, self.stats, self.trips, self.countries, self.gazetteer, self.year) = (passport, stats, trips, countries, gazetteer, year)
    }

    public func html() throws -> String {
        let dates = passport.visits(.country).flatMap { [$0.firstDate, $0.lastDate] }.compactMap { $0 }.sorted()
        let span = year.map { "\($0) in review" } ?? {
            guard let first = dates.first?.prefix(4), let last = dates.last?.prefix(4) else { return "No dated visits yet" }
            return first == last ? String(first) : "\(first)–\(last)"
        }()
        let shownTrips = try tripMaps()
        let filled = Set(shownTrips.flatMap { $0.content.days.keys })
        // The world map's region level fills the regions visited: drawn once with the trips'.
        var content = try MapContent(passport, level: .country, stats: stats, title: "Travel report · " + span, gazetteer: gazetteer)
        for v in passport.visits(.region) { content.days[v.id] = v.days.count }
        let maps = LandMaps(countries: countries, regions: regions.filter { filled.contains($0.id) || content.days[$0.id] != nil })
        var body = "<main>\n" + maps.definitions() + "<header><h1>Travel report</h1><p class=\"span\">\(Markup.escape(span))</p></header>\n"
        body += "<section class=\"world\">\n" + maps.world(content) + "</section>\n"
        body += figures()
        if let window = schengen ?? passport.latestSchengenWindow(year: year) { body += Self.schengenSection(window) }
        body += continents()
        body += try milestones()
        body += "<section><h2>New places per year</h2>\n" + TimelineChart(passport.timeline(monthly: false)).svg() + "</section>\n"
        body += tripSection(shownTrips, maps)
        body += topCities()
        if isPrivate { body += homesSection() }
        body += "<footer><p>Made offline by TravelAtlas with gazetteer \(Markup.escape(gazetteer.version)).</p></footer>\n</main>\n"
        return HTMLPage.document(title: "Travel report · " + span, style: Self.style, body: body)
    }

    private func figures() -> String {
        let s = stats
        var rows: [(String, String, String)] = [
            ("Countries", grouped(s.countries), "of \(s.countriesInScheme) (\(String(format: "%.1f", s.share * 100))%)"),
            ("Continents", "\(s.continents)", "of \(PassportStats.continentsInWorld)"),
            ("Regions", grouped(s.regions), ""),
            ("Cities", grouped(s.cities), ""),
            ("Days abroad", grouped(s.daysAbroad), ""),
            ("Trips", grouped(s.trips), s.firstTrip.map { "the first from \($0)" } ?? ""),
            ("Distance", "\(grouped(Int(s.distanceKm.rounded()))) km", "along the photos"),
        ]
        if s.flights > 0 { rows.append(("Flights", grouped(s.flights), "\(grouped(Int(s.flightKm.rounded()))) km")) }
        if let m = s.mostVisitedCountry { rows.append(("Most visited", m.name, counted(m.days, "day"))) }
        if let b = s.busiestMonth { rows.append(("Busiest month", b.month, counted(b.days, "day") + " away")) }
        if let f = s.farthest, let place = f.place { rows.append(("Farthest", place.name, "\(grouped(Int(f.km.rounded()))) km from home")) }
        if let home = s.home { rows.append(("Home", home.name, s.homeInferred ? "inferred" : "")) }
        var out = "<section><h2>At a glance</h2>\n<dl class=\"figures\">\n"
        for (name, value, note) in rows {
            out += "<div><dt>\(Markup.escape(name))</dt><dd>\(Markup.escape(value))"
                + (note.isEmpty ? "" : " <small>\(Markup.escape(note))</small>") + "</dd></div>\n"
        }
        return out + "</dl>\n</section>\n"
    }

    /// The window on the log's last day: days used and left, the most in it, its dates as runs.
    static func schengenSection(_ w: SchengenWindow) -> String {
        var runs: [(first: CalendarDay, last: CalendarDay)] = []
        for d in w.dates {
            if let last = runs.last?.last, last + 1 == d { runs[runs.count - 1].last = d } else { runs.append((d, d)) }
        }
        var out = "<section class=\"schengen\"><h2>Schengen 90/180</h2>\n"
        out += "<p>On \(w.on.text), the last day of the log: <strong>\(counted(w.daysUsed, "day")) in the area</strong> in the 180 days from "
            + "\((w.on - (SchengenWindow.length - 1)).text), \(w.daysLeft) left of \(SchengenWindow.limit)"
            + (w.daysOver > 0 ? " (\(w.daysOver) over)" : "") + ". The most on any date of that window: \(w.maxInWindow)"
            + (w.maxOn.map { " (\($0.text))" } ?? "") + ".</p>\n"
        if !runs.isEmpty {
            out += "<ul class=\"runs\">\n"
            for run in runs {
                let length = run.last.number - run.first.number + 1
                out += "<li>\(run.first.text)" + (length > 1 ? " – \(run.last.text)" : "") + " <small>\(counted(length, "day"))</small></li>\n"
            }
            out += "</ul>\n"
        }
        out += "<p><small>Counted: \(Markup.escape(w.counting.description)). \(w.daysWithoutEvidence) of the 180 days have no evidence at all. "
            + "Evidence from the log, not legal advice.</small></p>\n"
        return out + "</section>\n"
    }

    private func continents() -> String {
        let visits = passport.visits(.country)
        let groups = Dictionary(grouping: visits) { $0.continent?.name ?? "Elsewhere" }
        var out = "<section><h2>Countries by continent</h2>\n"
        for name in groups.keys.sorted() {
            let members = groups[name]!.sorted { ($0.days.count, $1.name) > ($1.days.count, $0.name) }
            out += "<h3>\(Markup.escape(name)) <small>\(members.count)</small></h3>\n<ul class=\"badges\">\n"
            for v in members {
                out += "<li data-id=\"\(Markup.escape(v.id))\">\(Markup.escape(v.name)) <small>\(DayScale.label(days: v.days.count))</small></li>\n"
            }
            out += "</ul>\n"
        }
        return out + "</section>\n"
    }

    /// The milestones reached, with the date and place, then the nearest few of the others.
    private func milestones() throws -> String {
        let all = try passport.milestones(scheme: try CountingScheme.load(stats.scheme, from: gazetteer), gazetteer: gazetteer)
        let reached = all.filter(\.isReached), near = all.filter { !$0.isReached && $0.done > 0 }.prefix(5)
        guard !reached.isEmpty || !near.isEmpty else { return "" }
        var out = "<section class=\"milestones\"><h2>Milestones <small>\(reached.count) reached</small></h2>\n<ul class=\"badges\">\n"
        for m in reached {
            let when = [m.reached, m.place?.name].compactMap { $0 }.joined(separator: ", ")
            out += "<li data-id=\"\(Markup.escape(m.id))\">\(Markup.escape(m.title))" + (when.isEmpty ? "" : " <small>\(Markup.escape(when))</small>") + "</li>\n"
        }
        out += "</ul>\n"
        if !near.isEmpty {
            out += "<h3>In reach</h3>\n<ul class=\"reach\">\n"
            for m in near {
                let missing = m.missing.prefix(5).map(\.name).joined(separator: ", ") + (m.missing.count > 5 ? ", …" : "")
                out += "<li data-id=\"\(Markup.escape(m.id))\">\(Markup.escape(m.title)) <small>\(grouped(m.done)) of \(grouped(m.total))"
                    + (missing.isEmpty ? "" : ": " + Markup.escape(missing)) + "</small></li>\n"
            }
            out += "</ul>\n"
        }
        return out + "</section>\n"
    }

    /// The trips shown, newest first, each with what its map shows: its regions (or, without
    /// ``regions``, its countries), framed round them and its cities.
    private func tripMaps() throws -> [(trip: Trip, content: MapContent)] {
        let shapes = Dictionary(regions.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return try trips.filter { !$0.excluded }.reversed().map { trip in
            var content = try MapContent(trip, level: regions.isEmpty ? .country : .region, gazetteer: gazetteer)
            content.box = MapContent.box(around: content.cities + content.airports, extents: content.extents(in: shapes))
            return (trip, content)
        }
    }

    private func tripSection(_ shown: [(trip: Trip, content: MapContent)], _ maps: LandMaps) -> String {
        guard !shown.isEmpty else { return "" }
        var out = "<section><h2>Trips <small>\(shown.count)</small></h2>\n<div class=\"trips\">\n"
        for (trip, content) in shown {
            out += "<article class=\"trip\" data-id=\"trip:\(Markup.escape(trip.id))\">\n" + maps.map(content)
            out += "<h3>\(Markup.escape(trip.title))</h3>\n<p>\(trip.start) – \(trip.end) · \(counted(trip.dayCount, "day")) · "
                + "\(grouped(Int(trip.distanceKm.rounded()))) km</p>\n"
            out += "<p class=\"places\">\(Markup.escape(trip.cities.prefix(8).map(\.place.name).joined(separator: ", ")))</p>\n"
            if isPrivate, let list = folders[trip.id], !list.isEmpty {
                out += "<p class=\"folders\">" + list.map { "\(Markup.escape($0.folder)) (\($0.photos))" }.joined(separator: "<br>") + "</p>\n"
            }
            out += "</article>\n"
        }
        return out + "</div>\n</section>\n"
    }

    private func topCities() -> String {
        let cities = passport.visits(.city)
            .sorted { ($0.days.count, $1.name, $1.id) > ($1.days.count, $0.name, $0.id) }.prefix(20)
        guard !cities.isEmpty else { return "" }
        var out = "<section><h2>Top cities</h2>\n<ol class=\"cities\">\n"
        for v in cities {
            let where_ = [v.region?.name, v.country?.name].compactMap { $0 }.joined(separator: ", ")
            out += "<li data-id=\"\(Markup.escape(v.id))\">\(Markup.escape(v.name)) <small>\(Markup.escape(where_)) · \(DayScale.label(days: v.days.count))\(v.firstDate.map { ", since " + $0 } ?? "")</small></li>\n"
        }
        return out + "</ol>\n</section>\n"
    }

    private func homesSection() -> String {
        guard let homes, !homes.periods.isEmpty else { return "" }
        var out = "<section><h2>Homes</h2>\n<ul>\n"
        for h in homes.periods {
            let point = h.latitude.flatMap { lat in h.longitude.map { String(format: "%.5f, %.5f", lat, $0) } }
            out += "<li>\(Markup.escape(h.place.name)) <small>\(h.since ?? "…") – \(h.until ?? "…")"
                + (h.inferred ? ", inferred" : "") + (point.map { " · \($0)" } ?? "") + "</small></li>\n"
        }
        return out + "</ul>\n</section>\n"
    }

    static let style = """
        header h1{margin:.2em 0 0;font-size:28px}
        header .span{margin:0 0 8px;color:#555}
        h2{font-size:20px;margin:28px 0 10px;border-bottom:1px solid #ddd;padding-bottom:4px}
        h3{font-size:16px;margin:14px 0 6px}
        small{color:#666;font-weight:normal}
        .figures{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:10px;margin:0}
        .figures div{background:#f6f4f0;border-radius:6px;padding:8px 10px}
        .figures dt{font-size:12px;color:#666;text-transform:uppercase;letter-spacing:.04em}
        .figures dd{margin:0;font-size:20px;font-weight:600;overflow-wrap:anywhere}
        .figures dd small{display:block;font-size:12px}
        .badges{list-style:none;padding:0;margin:0;display:flex;flex-wrap:wrap;gap:6px}
        .badges li{border:1px solid #e3a87a;background:#fff4ea;border-radius:999px;padding:2px 10px;font-size:14px}
        .reach{padding-left:1.2em;font-size:14px}
        .runs{list-style:none;padding:0;margin:0;columns:2;font-size:14px}
        .trips{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,280px),1fr));grid-auto-rows:1fr;gap:14px}
        .trip{border:1px solid #e6e2da;border-radius:8px;padding:10px;break-inside:avoid;display:flex;flex-direction:column;min-width:0}
        .trip h3{margin:8px 0 2px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
        .trip p{margin:2px 0;font-size:13px;color:#444;overflow-wrap:anywhere}
        .trip .places,.trip .folders{display:-webkit-box;-webkit-box-orient:vertical;-webkit-line-clamp:2;overflow:hidden}
        \(LandMaps.style)        .trip-map .land{fill:\(DayScale.unvisited);stroke:#fff;stroke-linejoin:round}
        .trip-map .city{fill:\(DayScale.city);stroke:#fff}
        svg.trip-map{display:block;width:100%;height:auto;aspect-ratio:8/5;border-radius:4px;background:\(DayScale.sea)}
        .trip-map .sea{fill:\(DayScale.sea)}
        .trip-map .trip-place{fill:#fc8d59;stroke:#fff}
        \(TimelineChart.style)        .trip-map .locator .sea{fill:\(DayScale.sea);stroke:\(DayScale.seaEdge);stroke-width:12}
        .trip-map .locator rect{fill:none;stroke:#b30000;stroke-width:22}
        .cities{padding-left:1.6em}
        .cities li{margin:2px 0;overflow-wrap:anywhere}
        footer{margin-top:32px;font-size:12px;color:#666}
        @media print{h2{break-after:avoid}.world{break-inside:avoid}}

        """
}
