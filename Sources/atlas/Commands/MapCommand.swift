import AtlasMap
import Foundation
import Gazetteer
import Passport
import Report

/// `atlas map`: the world with the places visited filled in, as one self-contained HTML or SVG file.
enum MapCommand: Command {
    static let level = Option("--level", .choice("country|region") as ValueParser<MapShape.Kind>, "country (the default, but for --trip) or region (regions drawn over the countries; the default for --trip).")
    static let year = SharedOptions.year("Only what was visited in that year.")
    static let trip = Option("--trip", .text("ID"), "One trip ('atlas trips' lists them): its ID or any date in it, zoomed to its places.")
    static let view = Option("--view", .choice("world|visited") as ValueParser<MapView>, "world or visited (the area of the cities and airports visited); default world, visited for --level region and --trip.")
    static let output = SharedOptions.output("Write there instead of stdout ('-' is stdout), whole or not at all; the format follows the extension (.svg is SVG, else HTML). Needed when stdout is a terminal.")
    static let format = Option("--format", .choice("html|svg") as ValueParser<PageFormat>, "html or svg; a FILE with an extension must end in it (.html, .htm or .svg: map.png is refused).")
    static let width = Option("--width", .integer("PX", in: 400...4000), "The picture's width in pixels (400 to 4000, default 1200).")
    static let declaration = CommandDeclaration(
        name: "map", summary: "Draw the world map of the places visited (HTML or SVG, offline)",
        about: """
            Draws the Equal Earth world with the countries (or, with --level region, the regions)
            visited filled by the days spent there (a legend of five classes), the others in a
            neutral tone; the cities visited as dots sized by days, the airports used as small
            diamonds; a title, the counts and the data's credit line. One file that needs no
            network and no server: inline SVG, and for HTML inline CSS and a small script for
            labels under the pointer and zooming (every shape also carries its name as a <title>,
            and its place identifier as data-id).

            The HTML map pans and zooms (the wheel, two fingers, dragging, its + and - buttons, or
            + - 0 and the arrows on the focused map); the world's country names show as the zoom
            makes room, and a switch shows countries or regions. The SVG is a still picture.

            Cities and airports are drawn at the gazetteer's point of them, never at a photo's
            position. The same log gives the same bytes.
            """,
        options: [level.declaration,
                  year.declaration,
                  trip.declaration,
                  view.declaration,
                  output.declaration,
                  format.declaration,
                  width.declaration,
                  SharedOptions.count.declaration] + SharedOptions.tripRules,
        exitStatus: "0 drawn, 1 usage error (an --output that is not a regular file or whose extension is not the format's, no --output to a terminal, a trip that does not exist), 2 no travel log or gazetteer problem, 4 output could not be written.")

    static func run(_ arguments: inout Arguments) throws -> ExitStatus {
        let levelOption = try arguments.value(Self.level)
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
        try PageOutput.check(output, format: format, command: name)
        let file = try OutputFile.target(output)

        let passport = try settings.passport()
        let homes = try settings.homes(passport)
        var content: MapContent
        if let tripText {
            content = try MapContent(PassportOption.trip(tripText, in: passport, homes: homes, rules: settings.rules), level: level, gazetteer: settings.gazetteer)
        } else {
            let stats = passport.stats(scheme: try CountingScheme.load(scheme, from: settings.gazetteer), homes: homes, rules: settings.rules, year: year,
                                       currentYear: PassportOption.currentYear)
            let kind = level == .country ? "Countries" : "Regions"
            content = try MapContent(year.map { passport.restricted(toYear: $0) } ?? passport, level: level, stats: stats,
                                     title: year.map { "\(kind) visited in \($0)" } ?? "\(kind) visited", gazetteer: settings.gazetteer)
            content.box = (viewText ?? (level == .region ? "visited" : "world")) == "visited"
                ? MapContent.box(around: content.cities + content.airports) : nil
        }
        if viewText == "world" { content.box = nil }
        // The page's world map switches between the levels: it fills the regions visited too.
        let switchable = format == "html" && content.box == nil
        if switchable, tripText == nil {
            for v in (year.map { passport.restricted(toYear: $0) } ?? passport).visits(.region) { content.days[v.id] = v.days.count }
        }
        let countries = try MapShape.load(.country, from: settings.gazetteer)
        let regions = level == .region || switchable ? try MapShape.load(.region, from: settings.gazetteer) : []
        if tripText != nil, viewText != "world" {
            // Framed round the places filled, whole, not only round their cities.
            let shapes = Dictionary((level == .region ? regions : countries).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
            content.box = MapContent.box(around: content.cities + content.airports, extents: content.extents(in: shapes))
        }
        let text = format == "svg"
            ? MapPicture(content: content, countries: countries, regions: regions, width: Double(width)).svg(standalone: true)
            : MapPage.html(content, countries: countries, regions: regions, width: Double(width))
        return try OutputFile.deliver(text, to: file, command: name)
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
