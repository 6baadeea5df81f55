import Gazetteer
import Passport
import Resolver
import TravelLog

/// What every command that finds trips reads alike: `--home`, `--away-km` and `--gap`, the log
/// (`--db`) and the gazetteer, in that order, so their usage errors come the same way.
///
/// ```swift
/// let settings = try TripSettings(&arguments)
/// let passport = try settings.passport()
/// let trips = passport.trips(homes: try settings.homes(passport), rules: settings.rules)
/// ```
struct TripSettings {
    let home: PlaceOrPosition?
    let rules: TripRules
    let dbPath: String
    let gazetteer: Gazetteer

    init(_ arguments: inout Arguments) throws {
        home = try arguments.value(SharedOptions.home)
        rules = try PassportOption.tripRules(&arguments)
        dbPath = try DatabaseOption.path(&arguments)
        gazetteer = try GazetteerOption.open(&arguments)
    }

    /// The passport of `log` (default: the log at `--db`, read-only), knowing which of its cities
    /// have a more populous namesake elsewhere (``Gazetteer/namesakes(of:)``), so that trip
    /// titles name their region ("Aberdeen, Washington, May 2017"); its rows without their
    /// times unless `times` (trips' order and distance and the day rules read them), without
    /// track days unless `tracks` (`stats`' distance reads them), and without the namesakes
    /// unless `titles` (`stats` counts trips without naming them: 20 M instructions saved on the
    /// spread log). With `visits`, the visits are begun on a second core before anything else
    /// (``Passport/prepareVisits()``), for a command that reads them after other work: the
    /// namesakes, the homes and the trips are found meanwhile.
    func passport(_ log: TravelLog? = nil, times: Bool = true, tracks: Bool = true, titles: Bool = true, visits: Bool = false) throws -> Passport {
        // The namesakes of the snapshot's cities looked up on a second core while its rows are
        // read (the one stretch of a passport answer with a core idle), then of any other city
        // (the marks', or all of them when the rows come from the tables): a city is a namesake
        // or not whatever the others.
        let gazetteer = self.gazetteer
        @Sendable func namesakes(of cities: Set<String>) throws -> Set<PlaceID> {
            cities.isEmpty ? [] : try gazetteer.namesakes(of: cities.sorted().compactMap(PlaceID.init))
        }
        var early: (cities: Set<String>, namesakes: ParallelLoad<Set<PlaceID>>)?
        var passport = try Passport(log: log ?? TravelLog(path: dbPath, readOnly: true), times: times, tracks: tracks, placesRead: !titles ? nil : { places in
            let cities = Set(places.compactMap { $0.city?.id })
            early = (cities, ParallelLoad { try namesakes(of: cities) })
        })
        if visits { passport.prepareVisits() }
        if titles {
            let found = try (early?.namesakes.value() ?? []).union(namesakes(of: passport.cityIDs.subtracting(early?.cities ?? [])))
            passport.namesakes = Set(found.map(\.description))
        }
        return KeptUntilExit.keep(passport)
    }

    /// The homes trips are measured from: `--home`, else the log's (``PassportOption/homes(_:gazetteer:passport:)``).
    func homes(_ passport: Passport) throws -> HomeTimeline {
        try PassportOption.homes(home, gazetteer: gazetteer, passport: passport)
    }
}
