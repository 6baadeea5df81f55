import Foundation
import Gazetteer
import Passport
import TravelLog

/// What the passport commands read alike from their options: the evidence (`--evidence`), the
/// counting scheme (`--count`), the order (`--sort`), the trip rules and homes (`--away-km`,
/// `--gap`, `--home`), places (`--country Italy`) and trips (`ID`), each resolved once, with
/// the same usage errors.
enum PassportOption {
    /// This year, by the calendar: what "new this year" means in the passport.
    static var currentYear: Int { Calendar(identifier: .gregorian).component(.year, from: Date()) }

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

    /// The trip `text` names (``Passport/trips(lookingUp:homes:rules:)``); a usage error with
    /// the nearest identifiers when none does.
    static func trip(_ text: String, in passport: Passport, homes: HomeTimeline, rules: TripRules) throws -> Trip {
        // Kept: a trip of thousands of days is as many arrays to free, for nothing at exit.
        let trips = KeptUntilExit.keep(passport.trips(lookingUp: text, homes: homes, rules: rules))
        if let trip = Trip.find(text, in: trips) { return trip }
        throw noTrip(text, among: trips.map(\.id))
    }

    /// No trip `text`, with the nearest of `ids`.
    static func noTrip(_ text: String, among ids: [String]) -> UsageError {
        UsageError("no trip '\(text.shown)' ('atlas trips --all' lists them)" + Suggestion.didYouMean(text, among: ids), showsUsage: false)
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
}
