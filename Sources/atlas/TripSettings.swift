import Gazetteer
import Passport

/// What every command that finds trips reads alike: `--home`, `--away-km` and `--gap`, the log
/// (`--db`) and the gazetteer, in that order, so their usage errors come the same way.
///
/// ```swift
/// let settings = try TripSettings(&arguments)
/// let passport = try PassportOption.passport(settings.dbPath)
/// let trips = passport.trips(homes: try settings.homes(passport), rules: settings.rules)
/// ```
struct TripSettings {
    let homeText: String?
    let rules: TripRules
    let dbPath: String
    let gazetteer: Gazetteer

    init(_ arguments: inout Arguments) throws {
        homeText = try arguments.option("--home")
        rules = try PassportOption.tripRules(&arguments)
        dbPath = try DatabaseOption.path(&arguments)
        gazetteer = try GazetteerOption.open(&arguments)
    }

    /// The homes trips are measured from: `--home`, else the log's (``PassportOption/homes(_:gazetteer:passport:)``).
    func homes(_ passport: Passport) throws -> HomeTimeline {
        try PassportOption.homes(homeText, gazetteer: gazetteer, passport: passport)
    }
}
