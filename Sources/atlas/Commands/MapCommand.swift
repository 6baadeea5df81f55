import AtlasMap
import Foundation
import Gazetteer
import Passport
import Report

/// `atlas map`: the world with the places visited filled in, as one self-contained HTML or SVG file.
enum MapCommand: Command {
    static let answersAndExits = true
    static let level = Option("--level", .choice("country|region|subregion") as ValueParser<MapShape.Kind>,
                              "country (the default, but for --trip), region (regions drawn over the countries; the default for --trip) or subregion "
                              + "(counties, départements, provinces over the countries: those of --country, else of every country whose subregions "
                              + "were visited and have outlines; not with --trip).")
    static let country = SharedOptions.place("--country", "The map of one country (United States, US, country:US), framed on its mainland and the "
                                             + "regions or subregions visited in it; at --level region or subregion only its own are drawn. Not with --trip or --view.")
    static let year = SharedOptions.year("Only what was visited in that year.")
    static let trip = Option("--trip", .text("ID"), "One trip ('atlas trips' lists them): its ID or any date in it, zoomed to its places.")
    static let view = Option("--view", .choice("world|visited") as ValueParser<MapView>, "world or visited (the area of the cities and airports visited); default world, visited for --level region and --trip.")
    static let output = SharedOptions.output("Write there instead of stdout ('-' is stdout), whole or not at all; the format follows the extension (.svg is SVG, else HTML). Needed when stdout is a terminal.")
    static let format = Option("--format", .choice("html|svg") as ValueParser<PageFormat>, "html or svg; a FILE with an extension must end in it (.html, .htm or .svg: map.png is refused).")
    static let width = Option("--width", .integer("PX", in: 400...4000), "The picture's width in pixels (400 to 4000, default 1200).")
    static let declaration = CommandDeclaration(
        name: "map", summary: "Draw the world map of the places visited (HTML or SVG, offline)",
        about: """
            Draws the Equal Earth world with the countries (or, with --level region, the regions;
            with --level subregion the counties, départements or provinces) visited filled by the
            days spent there (a legend of five classes), the others in a neutral tone; the cities
            visited as dots sized by days, the airports used as small diamonds; a title, the counts
            and the data's credit line. One file that needs no network and no server: inline SVG,
            and for HTML inline CSS and a small script for labels under the pointer and zooming
            (every shape also carries its name as a <title>, and its place identifier as data-id).

            The HTML map pans and zooms (the wheel, two fingers, dragging, its + and - buttons, or
            + - 0 and the arrows on the focused map); the world's country names show as the zoom
            makes room, and a switch shows countries or regions. The SVG is a still picture.

            --level subregion draws the subregions of the countries that have outlines of them
            (the United States, France, Italy, Spain, Belgium, Ireland, the Philippines): with
            --country that country's, else those of every such country where a subregion was
            visited, framed on them (--view world for the whole world); the counts say how many
            of each country's were visited ("2 of 3,143 counties").

            Cities and airports are drawn at the gazetteer's point of them, never at a photo's
            position. The same log gives the same bytes.
            """,
        options: [level.declaration,
                  country.declaration,
                  year.declaration,
                  trip.declaration,
                  view.declaration,
                  output.declaration,
                  format.declaration,
                  width.declaration,
                  SharedOptions.count.declaration] + SharedOptions.tripRules,
        exitStatus: "0 drawn, 1 usage error (an --output that is not a regular file or whose extension is not the format's, no --output to a terminal, a trip that does not exist, "
            + "a --country the gazetteer does not know, subregions of a country without their outlines or of none visited), 2 no travel log or gazetteer problem, 4 output could not be written.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let levelOption = try arguments.value(Self.level)
        let countryText = try arguments.value(Self.country)
        let year = try arguments.value(Self.year)
        let tripText = try arguments.value(Self.trip)
        // A trip's map fills its regions over neutral neighbours; the world its countries.
        let level = levelOption ?? (tripText != nil ? .region : .country)
        let viewText = try arguments.value(Self.view)?.rawValue
        let output = try arguments.value(Self.output)
        let format = try pageFormat(arguments.value(Self.format)?.rawValue, output: output)
        let width = try arguments.value(Self.width) ?? 1200
        let scheme = try PassportOption.scheme(&arguments)
        let settings = try TripSettings(&arguments)
        guard try arguments.finish().isEmpty else { throw UsageError("map takes no arguments (use --output FILE)") }
        if year != nil && tripText != nil { throw UsageError("--year and --trip do not go together: a trip has its own dates") }
        if countryText != nil && tripText != nil { throw UsageError("--country and --trip do not go together: a trip is framed on its own places") }
        if countryText != nil && viewText != nil { throw UsageError("--country and --view do not go together: --country frames the map on the country") }
        if level == .subregion && tripText != nil { throw UsageError("--level subregion and --trip do not go together: a trip's map fills its regions") }
        try PageOutput.check(output, format: format, command: name)
        let file = try OutputFile.target(output)

        let country = try PassportOption.place(countryText, kind: .country, option: "--country", gazetteer: settings.gazetteer)
        // A map of the visits begins them on a second core while this one finds the homes.
        let passport = try settings.passport(visits: tripText == nil)
        let homes = try settings.homes(passport)
        let shown = year.map { passport.restricted(toYear: $0) } ?? passport
        let subregionCountries = level == .subregion ? try Self.subregionCountries(of: country, visited: shown, gazetteer: settings.gazetteer) : []
        var content: MapContent
        if let tripText {
            content = try MapContent(PassportOption.trip(tripText, in: passport, homes: homes, rules: settings.rules), level: level, gazetteer: settings.gazetteer)
        } else {
            let stats = passport.stats(scheme: try CountingScheme.load(scheme, from: settings.gazetteer), homes: homes, rules: settings.rules, year: year,
                                       currentYear: PassportOption.currentYear)
            let kind = try Self.title(level, subregionCountries: subregionCountries, gazetteer: settings.gazetteer)
            content = try MapContent(shown, level: level, stats: stats, title: year.map { "\(kind) visited in \($0)" } ?? "\(kind) visited",
                                     subregionCountries: subregionCountries, gazetteer: settings.gazetteer)
            content.box = (viewText ?? (level == .country ? "world" : "visited")) == "visited"
                ? MapContent.box(around: content.cities + content.airports) : nil
        }
        if viewText == "world" { content.box = nil }
        // The page's world map switches between the countries and the regions: it fills the
        // regions visited too.
        let switchable = format == "html" && content.box == nil && level != .subregion
        if switchable, tripText == nil {
            for v in shown.visits(.region) { content.days[v.id] = v.days.count }
        }
        let countries = try MapShape.load(.country, from: settings.gazetteer)
        // One country's regions for --country; the subregions only of the countries drawn.
        let regions = switch level {
        case .subregion: try MapShape.load(.subregion, countries: subregionCountries, from: settings.gazetteer)
        case .region: try MapShape.load(.region, countries: country.map { [$0.id.code] }, from: settings.gazetteer)
        case .country: switchable ? try MapShape.load(.region, from: settings.gazetteer) : []
        }
        // A country's map (--country, and the subregion level's countries) is framed round the
        // country's mainland (its dots, for the Vatican) and the places filled in it, not round
        // cities elsewhere.
        let framed = country.map { [$0.id.code] } ?? (level == .subregion && viewText != "world" ? subregionCountries : [])
        if !framed.isEmpty {
            let inside = (level == .country ? countries : regions).filter { framed.contains($0.country) }
            content.box = MapContent.box(around: [], extents: content.extents(in: Dictionary(inside.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })),
                                         whole: countries.filter { framed.contains($0.country) }.map { $0.mainland ?? $0.bounds })
        } else if tripText != nil, viewText != "world" {
            // Framed round the places filled, whole, not only round their cities.
            let shapes = Dictionary((level == .region ? regions : countries).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            content.box = MapContent.box(around: content.cities + content.airports, extents: content.extents(in: shapes))
        }
        let text = format == "svg"
            ? MapPicture(content: content, countries: countries, regions: regions, width: Double(width)).svg(standalone: true)
            : MapPage.html(content, countries: countries, regions: regions, width: Double(width))
        return try OutputFile.deliver(text, to: file, command: name)
    }

    /// The countries whose subregions a map draws: `country` when it has their outlines, else
    /// every country with outlines where `passport` visited a subregion.
    static func subregionCountries(of country: Place?, visited passport: Passport, gazetteer: Gazetteer) throws -> [String] {
        let outlined = try MapShape.countries(with: .subregion, in: gazetteer)
        func names() throws -> String { try outlined.map { try gazetteer.place(PlaceID("country:" + $0)!)?.name ?? $0 }.sorted().joined(separator: ", ") }
        if let country {
            guard outlined.contains(country.id.code) else {
                throw UsageError("\(country.name) has no subregion outlines in the gazetteer; --level subregion draws those of \(try names())", showsUsage: false)
            }
            return [country.id.code]
        }
        let visited = Set(passport.visits(.subregion).compactMap { $0.country.flatMap { PlaceID($0.id)?.code } })
        let drawn = outlined.filter(visited.contains)
        guard !drawn.isEmpty else {
            throw UsageError("no subregion visited lies in a country with subregion outlines (\(try names())): name one with --country", showsUsage: false)
        }
        return drawn
    }

    /// "Countries", "Regions"; for one country's subregions its word ("Counties"), else "Subregions".
    static func title(_ level: MapShape.Kind, subregionCountries: [String], gazetteer: Gazetteer) throws -> String {
        switch level {
        case .country: return "Countries"
        case .region: return "Regions"
        case .subregion:
            guard subregionCountries.count == 1 else { return "Subregions" }
            let plural = try gazetteer.subregionsWord(country: subregionCountries[0])
            return plural.prefix(1).uppercased() + plural.dropFirst()
        }
    }

    /// `--format`, else the output's extension: svg or html.
    static func pageFormat(_ text: String?, output: String?) throws -> String {
        if let text {
            guard ["html", "svg"].contains(text) else {
                throw UsageError("--format takes html or svg, not '\(text.shown)'" + Suggestion.didYouMean(text, among: ["html", "svg"]))
            }
            return text
        }
        return output.map { URL(fileURLWithPath: $0).pathExtension.lowercased() == "svg" } == true ? "svg" : "html"
    }
}
