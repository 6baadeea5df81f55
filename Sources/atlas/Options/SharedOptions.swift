import Foundation
import Gazetteer
import Passport
import TravelLog

/// The options several commands take, declared once: the same name, value, parser and help
/// wherever they appear. A command lists them in its ``CommandDeclaration`` (the groups, such
/// as ``listing``, in one piece) and reads them with ``Arguments/value(_:)``.
///
/// ```swift
/// options: [SharedOptions.year("Only countries visited that year.").declaration] + SharedOptions.listing
/// let year = try arguments.value(SharedOptions.year(""))
/// ```
enum SharedOptions {
    static let db = Option("--db", .path(), "The travel log (also ATLAS_DB; default $XDG_DATA_HOME/travel-atlas/atlas.sqlite).")
    static let gazetteer = Option("--gazetteer", .path(), "Use this gazetteer instead of the bundled one (also ATLAS_GAZETTEER).",
                                  inUsage: false)
    static let json = Flag("--json", "One JSON object per line.")

    /// `--json`, with what the command's JSON holds.
    static func json(_ help: String) -> Flag { Flag("--json", help) }

    /// `--year YYYY`, said for the command (what it keeps of that year).
    static func year(_ help: String) -> Option<Int> { Option("--year", .year, help) }

    /// An option naming a place (`--country Japan`), resolved by the command through the gazetteer.
    static func place(_ name: String, _ help: String) -> Option<String> { Option(name, .text("PLACE"), help) }

    /// `--kind KIND`: a kind of place, by its plural or singular name.
    static let kind = Option("--kind", ValueParser<PlaceKind>(placeholder: "KIND", choices: PlaceKind.allCases.map(\.pluralName),
                                                              valid: "countries", invalid: "towns", show: \.pluralName) { _, text throws(UsageError) in
        guard let kind = try PlaceArgument.kind(text) else { throw UsageError("--kind needs a value") }
        return kind
    }, "Only this kind: continents, countries, regions, subregions, cities, districts or airports (or the singular: city).")

    static let sort = Option("--sort", .choice("KEY") as ValueParser<VisitOrder>,
                             "name (default), days (most first), first (oldest first visit first), last (latest visit first) or "
                             + "photos (most first); ties by name. JSON lines follow --sort when it is given, by identifier otherwise.")

    static let evidence = Option("--evidence", ValueParser<Set<Visit.Evidence>>(placeholder: "KINDS", choices: Visit.Evidence.names, valid: "photos,marks", invalid: "zzz",
                                                                             show: { kinds in Visit.Evidence.allCases.filter(kinds.contains).map(\.rawValue).joined(separator: ",") }) { name, text throws(UsageError) in
        var kinds: Set<Visit.Evidence> = []
        for word in text.split(separator: ",", omittingEmptySubsequences: false) {
            let lower = word.trimmingCharacters(in: .whitespaces).lowercased()
            guard let kind = Visit.Evidence(rawValue: lower) else {
                throw UsageError("\(name) takes \(Visit.Evidence.names.joined(separator: ", ")) (comma-separated), not '\(String(word).shown)'"
                                 + Suggestion.didYouMean(lower, among: Visit.Evidence.names))
            }
            kinds.insert(kind)
        }
        return kinds
    }, "Count only these kinds of evidence, comma-separated: photos, history (location histories), flights (flight logs), "
       + "marks (default: all; photos,flights,marks: the answers before location histories).")

    static let count = Option("--count", .choice("SCHEME") as ValueParser<CountingScheme.Name>,
                              "Which countries count: un (195, default), iso (ISO 3166-1), all (every country-level entry).")

    static let home = Option("--home", .placeOrPosition,
                             "Home for every date: a city, region or country, by identifier, code or name, or LAT,LON as for "
                             + "'atlas home set' (default: the homes saved by 'atlas home set', else inferred).", takesPosition: true)
    static let awayKm = Option("--away-km", .integer("KM", in: 1...20_000), "A day is away beyond this distance from home (default 100).")
    static let gap = Option("--gap", .integer("DAYS", in: 0...365), "Days without photos a trip may hold (default 2).")

    /// `--output FILE`, said for the command (which formats its extension may name).
    static func output(_ help: String) -> Option<String> { Option("--output", .path("FILE"), help) }

    /// `--sort`, `--evidence`, `--db`, `--gazetteer`, `--json`: what every listing of visits takes.
    static let listing: [OptionDeclaration] = [sort.declaration, evidence.declaration, db.declaration, gazetteer.declaration, json.declaration]
    /// `--home`, `--away-km`, `--gap`, `--db`, `--gazetteer`: what finds trips (``TripSettings``).
    static let tripRules: [OptionDeclaration] = [home.declaration, awayKm.declaration, gap.declaration, db.declaration, gazetteer.declaration]
}
