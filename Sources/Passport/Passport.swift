import Foundation
import Gazetteer
import Heap
import TravelLog

/// One photo as the passport sees it (``VisitPhoto``, kept in the travel log).
public typealias PassportPhoto = VisitPhoto

/// The passport of a travel log: which continents, countries, regions, cities, districts and
/// airports the traveller has been to, on which days, and the figures `atlas stats` prints,
/// read from the log's aggregates (never every photo).
///
/// ```swift
/// let passport = try Passport(log: TravelLog(path: path, readOnly: true))
/// for country in passport.visits(.country) { print(country.name, country.days.count) }
/// ```
///
/// What counts as a visit is ``VisitRules``: the one definition the import summary, every
/// passport command and the export share.
///
/// A value type built once; `Sendable`.
public struct Passport: Sendable {
    public typealias Level = Visits.Level

    /// The aggregate rows: per local date, place snapshot and status.
    public let days: [PlaceDay]
    /// The track, day by day: the distance travelled.
    public let tracks: [TrackDay]
    public let marks: [Mark]
    /// The homes saved in the log (``HomeTimeline`` infers the rest).
    public let homes: [Home]
    /// The user's edits of the trips, in the order made.
    public let tripEdits: [TripEdit]
    /// The flights of the flight logs imported, by date.
    public let flights: [Flight]
    /// Made on first use: trips, homes and the day rules never read them (a sixth of a trip
    /// detection's instructions on a log of 50,000 rows).
    private let all = VisitsOnce()
    /// The cities (identifiers) whose name a more populous city elsewhere also has, from the
    /// gazetteer, which the passport does not read: a trip at home titled by one of them names
    /// its region too ("Aberdeen, Washington, May 2017"). Empty: cities alone.
    public var namesakes: Set<String> = []

    /// The passport of `log`. Without `times` its rows have no first and last times, which only
    /// trips and the day rules read; without `tracks` it has no track days, which only the
    /// distance of ``stats(scheme:homes:rules:year:currentYear:trips:)`` reads: what other
    /// answers need, made faster. `placesRead` is given the place snapshots of the stored
    /// snapshot before its rows are read (``TravelLog/passportAggregates(times:tracks:placesRead:)``).
    public init(log: TravelLog, times: Bool = true, tracks: Bool = true, placesRead: (([PlaceDay.Places]) -> Void)? = nil) throws {
        // A location history's stays and passages are rows of their own beside the photos'.
        let rows = try log.passportAggregates(times: times, tracks: tracks, placesRead: placesRead)
        self.init(days: rows.days, tracks: rows.tracks, marks: try log.marks(), homes: try log.homes(), tripEdits: try log.tripEdits(),
                  flights: try log.flights())
    }

    public init(days: [PlaceDay], tracks: [TrackDay], marks: [Mark], homes: [Home] = [], tripEdits: [TripEdit] = [], flights: [Flight] = []) {
        (self.days, self.tracks, self.marks, self.homes, self.tripEdits, self.flights) = (days, tracks, marks, homes, tripEdits, flights)
    }

    /// The passport of photos held in memory (classified here), by the same rules as the log's.
    public init(photos: [VisitPhoto], marks: [Mark], homes: [Home] = [], tripEdits: [TripEdit] = [], flights: [Flight] = []) {
        let classified = VisitRules.classify(photos)
        self.init(days: PlaceDay.aggregate(classified), tracks: TrackDay.aggregate(classified), marks: marks, homes: homes, tripEdits: tripEdits,
                  flights: flights)
    }

    /// The same passport with other trip edits (what an edit would change).
    public func with(tripEdits: [TripEdit]) -> Passport {
        var edited = Passport(days: days, tracks: tracks, marks: marks, homes: homes, tripEdits: tripEdits, flights: flights)
        edited.namesakes = namesakes
        return edited
    }

    /// The visited places of one level, sorted by identifier.
    public func visits(_ level: Level) -> [Visit] { visits[level] }

    /// Every level's visits.
    public var visits: Visits { all.value { Visits(days: days, marks: marks, flights: flights) } }

    /// Begins making ``visits`` on a second core, for a caller with other work to do before it
    /// reads them (the homes and trips of `atlas stats`); a read meanwhile waits for them.
    ///
    /// ```swift
    /// passport.prepareVisits()
    /// let trips = passport.trips(homes: homes)   // while the visits are made
    /// let countries = passport.visits(.country)
    /// ```
    public func prepareVisits() {
        DispatchQueue.global().async { [self] in
            LoadingHeap.growThisThread()
            _ = visits
        }
    }

    /// Every city the rows and marks name, whatever the row's status: at least the cities
    /// ``visits(_:)`` lists, found without counting their days (what a trip title's namesakes
    /// are looked up among).
    public var cityIDs: Set<String> {
        var ids: Set<String> = []
        // Each snapshot once, found by its object: rows share a few hundred of them.
        var seen = IdentityTable()
        for i in days.indices where seen[days[i].places] == nil {
            seen[days[i].places] = 0
            if let city = days[i].places.city { ids.insert(city.id) }
        }
        for m in marks {
            if let city = m.city { ids.insert(city.id) }
            if PlaceID(m.placeID)?.kind == .city { ids.insert(m.placeID) }
        }
        return ids
    }

    /// How many photos have `status` (flight and transit: the ones `stats` says it left out).
    public func photoCount(_ status: VisitPhoto.Status) -> Int {
        // By index: a row passed by value is retained and released (200 instructions a row).
        var count = 0
        for i in days.indices where days[i].status == status { count += days[i].photos }
        return count
    }
}

extension Passport {
    /// The passport of some kinds of evidence only (`--evidence photos`: the answers of the
    /// photos alone): the photos' days and track, the history's days, the flights, the marks.
    public func restricted(to evidence: Set<Visit.Evidence>) -> Passport {
        guard evidence != Set(Visit.Evidence.allCases) else { return self }
        let photos = evidence.contains(.photos), history = evidence.contains(.history)
        var kept = Passport(days: days.filter { $0.isHistory ? history : photos }, tracks: photos ? tracks : [],
                            marks: evidence.contains(.marks) ? marks : [], homes: homes, tripEdits: tripEdits,
                            flights: evidence.contains(.flights) ? flights : [])
        kept.namesakes = namesakes
        return kept
    }

    /// The passport of one calendar year: the days, track days and dated marks of that year.
    public func restricted(toYear year: Int) -> Passport {
        let prefix = String(format: "%04d-", year)
        // A date's year read as a number, its text compared only for a year of more digits
        // (`hasPrefix` on every row was 19 M instructions of `stats --year` on the spread log).
        func inYear(_ date: String?) -> Bool {
            guard let date else { return false }
            guard (0...9_999).contains(year) else { return date.hasPrefix(prefix) }
            return Passport.year(of: date) == year && date.utf8.dropFirst(4).first == UInt8(ascii: "-")
        }
        var kept: [PlaceDay] = []
        for i in days.indices where inYear(days[i].date) { kept.append(days[i]) }
        var year = Passport(days: kept, tracks: tracks.filter { inYear($0.day) }, marks: marks.filter { inYear($0.date) }, homes: homes,
                            tripEdits: tripEdits, flights: flights.filter { inYear($0.date) })
        year.namesakes = namesakes
        return year
    }
}
