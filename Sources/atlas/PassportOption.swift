import Foundation
import JSONWriter
import Gazetteer
import Passport
import TravelLog

/// What the passport commands share: the travel log opened read-only, the visit model, the
/// counting scheme (`--count un|iso|all`), `--home`, `--sort`, and aligned text tables.
enum PassportOption {
    /// The Options lines of shared options, for the commands whose help is still written by hand.
    static let countHelp = lines(SharedOptions.count.declaration)
    static let homeHelp = lines(SharedOptions.home.declaration)
    static let tripRulesHelp = lines(SharedOptions.awayKm.declaration) + "\n" + lines(SharedOptions.gap.declaration)
    static let jsonHelp = lines(SharedOptions.json.declaration)
    static let evidenceHelp = lines(SharedOptions.evidence.declaration)
    static let sortHelp = lines(SharedOptions.sort.declaration)

    private static func lines(_ option: OptionDeclaration) -> String {
        CommandDeclaration.optionLines(option).joined(separator: "\n")
    }

    /// This year, by the calendar: what "new this year" means in the passport.
    static var currentYear: Int { Calendar(identifier: .gregorian).component(.year, from: Date()) }

    /// The passport of the log at `dbPath`, of `evidence` only (``evidence(_:)``).
    static func passport(_ dbPath: String, evidence: Set<Visit.Evidence> = Set(Visit.Evidence.allCases)) throws -> Passport {
        try Passport(log: TravelLog(path: dbPath, readOnly: true)).restricted(to: evidence)
    }

    /// `--evidence KINDS`: the kinds of evidence to count, all when not given.
    static func evidence(_ arguments: inout Arguments) throws -> Set<Visit.Evidence> {
        try arguments.value(SharedOptions.evidence) ?? Set(Visit.Evidence.allCases)
    }

    /// `--count SCHEME`, un when not given.
    static func scheme(_ arguments: inout Arguments) throws -> CountingScheme.Name {
        try arguments.value(SharedOptions.count) ?? .un
    }

    /// `--sort KEY`, nil when not given.
    static func order(_ arguments: inout Arguments) throws -> VisitOrder? {
        try arguments.value(SharedOptions.sort)
    }

    /// The homes: `--home` (one home for every date, resolved through the gazetteer) or else
    /// the log's, saved or inferred.
    static func homes(_ given: PlaceOrPosition?, gazetteer: Gazetteer, passport: Passport) throws -> HomeTimeline {
        guard let given else { return passport.homeTimeline() }
        return HomeTimeline(only: try PositionArgument.home(given, option: "--home", gazetteer: gazetteer), days: passport.days)
    }

    /// The trip `text` names among `trips` (``Trip/find(_:in:)``); a usage error with the nearest
    /// identifiers when none does.
    static func trip(_ text: String, among trips: [Trip]) throws -> Trip {
        if let trip = Trip.find(text, in: trips) { return trip }
        throw noTrip(text, among: trips.map(\.id))
    }

    /// No trip `text`, with the nearest of `ids`.
    static func noTrip(_ text: String, among ids: [String]) -> UsageError {
        UsageError("no trip '\(text.shown)' ('atlas trips --all' lists them)" + Suggestion.didYouMean(text, among: ids), showsUsage: false)
    }

    /// The trip `text` names, found among the trips of its year alone when it is a date (an
    /// identifier is one, and any date names the trip it lies in).
    static func trip(_ text: String, in passport: Passport, homes: HomeTimeline, rules: TripRules) throws -> Trip {
        try trip(text, among: passport.trips(homes: homes, rules: rules, year: CalendarDay(text.prefix(10))?.components.year))
    }

    /// `--away-km` and `--gap`.
    static func tripRules(_ arguments: inout Arguments) throws -> TripRules {
        var rules = TripRules()
        if let km = try arguments.value(SharedOptions.awayKm) { rules.awayKm = Double(km) }
        if let gap = try arguments.value(SharedOptions.gap) { rules.maximumGap = gap }
        return rules
    }

    /// An option naming a place of `kind` (`--country Italy`), as its identifier.
    static func place(_ text: String?, kind: PlaceKind, option: String, gazetteer: Gazetteer) throws -> Place? {
        guard let text else { return nil }
        return try PlaceArgument.resolve(text, kinds: [kind], option: option, in: gazetteer)
    }

    /// Digits, with commas grouping them ("3,610"): a number the tables right-align.
    static func isNumber(_ cell: String) -> Bool {
        !cell.isEmpty && cell.utf8.first != UInt8(ascii: ",") && cell.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ",") }
    }

    /// Left-aligned columns, two spaces apart; numbers right-aligned.
    static func table(_ header: [String], _ rows: [[String]]) -> String {
        let all = [header] + rows
        let widths = header.indices.map { i in all.map { $0[i].count }.max() ?? 0 }
        return all.map { row in
            row.indices.map { i -> String in
                let cell = row[i], pad = String(repeating: " ", count: widths[i] - cell.count)
                return i > 0 && isNumber(cell) ? pad + cell : cell + pad
            }.joined(separator: "  ").trimmingTrailingSpaces
        }.joined(separator: "\n")
    }

    /// The columns every listing shows after its own: first and last visit, days, photos.
    /// A place known only from undated photos or marks says so in words: a dash read as a
    /// missing value, not as "when is unknown".
    static var visitColumns: [(String, (Visit) -> String)] { [
        ("FIRST", { $0.firstDate ?? "no date" }), ("LAST", { $0.lastDate ?? "no date" }), ("DAYS", { String($0.days.count) }), ("PHOTOS", { String($0.photos) }),
        ("EVIDENCE", { $0.evidence.map(\.rawValue).joined(separator: ",") }),
    ] }

    /// Shows visits as a table sorted by `order` (by name when nil) with the identifier last,
    /// or as JSON lines (by identifier unless `order` is given); `empty` goes to stderr when
    /// there is nothing ("No airports visited.").
    static func list(_ visits: [Visit], json: Bool, order: VisitOrder?, empty: String, columns: [(String, (Visit) -> String)],
                     extra: (Visit) -> [(String, JSONValue)] = { _ in [] }) {
        if json {
            for v in order?.sorted(visits) ?? visits { Console.out(TravelRecord.listing(v, extra: extra(v)).rendered()) }
            return
        }
        guard !visits.isEmpty else { Console.error(empty); return }
        let columns = columns + [("ID", \.id)]
        Console.out(table(columns.map(\.0), (order ?? .name).sorted(visits).map { v in columns.map { $0.1(v) } }))
    }

    /// "No regions visited in Japan." / "No regions visited."
    static func nothing(_ what: String, in places: Place?...) -> String {
        let names = places.compactMap { $0?.name }
        return "No \(what) visited\(names.isEmpty ? "" : " in " + names.joined(separator: ", "))."
    }
}

extension String {
    /// Without the spaces at its end (a table's last column padded to its width).
    var trimmingTrailingSpaces: String {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return String(self[..<end])
    }
}
