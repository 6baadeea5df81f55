import Foundation
import TravelLog

/// The year in review of every year of a passport with a visit, counted a year at a time by
/// as many threads as call ``count()``: the travel record's two sides each take years once
/// their own part is done, and end together.
///
/// ```swift
/// let years = YearsInReview(passport, scheme: scheme, homes: homes)
/// concurrently({ years.count() }, { years.count(trips: passport.trips(homes: homes)); years.count() })
/// let reviews = years.reviews()
/// ```
///
/// What every year reads (the rows grouped by year, each visit's days cut by year, the years
/// of first visits) is made once, by the initializer. Thread-safe: ``count()`` and
/// ``count(trips:)`` from any number of threads at once; ``reviews()`` once they have returned.
public final class YearsInReview: @unchecked Sendable {
    private let passport: Passport
    private let scheme: CountingScheme
    private let homes: HomeTimeline
    /// The years, oldest first, the part of the passport in each (its tracks, marks and
    /// flights) until it is counted, and its rows: the passport's own rows in place, a year's
    /// being one run of them (every row copied once more, then freed, was 10 M instructions
    /// on the spread log), else a copy of them.
    private let years: [Int]
    private var scopes: [Passport?]
    private let rows: [ArraySlice<PlaceDay>]
    private let visitYears: Passport.VisitYears
    private let firstYears: Passport.FirstYears
    /// Each year's figures, but those of the trips, once counted.
    private var counted: [PassportStats?]
    /// Each year's figures of the trips (``count(trips:)``).
    private var tripFigures: [PassportStats]?
    private var next = 0
    private let lock = NSLock()

    public init(_ passport: Passport, scheme: CountingScheme, homes: HomeTimeline) {
        (self.passport, self.scheme, self.homes) = (passport, scheme, homes)
        // Each row read once, not once a year.
        var memo = RunMemo { Int($0.prefix(4)) }
        func year(_ date: String?) -> Int? { date.flatMap { memo($0) } }
        // Each year's rows by index: where they start and end, and how many.
        var runs: [Int: (first: Int, last: Int, count: Int)] = [:]
        for r in passport.days.indices {
            guard let y = year(passport.days[r].date) else { continue }
            runs[y] = runs[y].map { ($0.first, r, $0.count + 1) } ?? (r, r, 1)
        }
        let tracks = Dictionary(grouping: passport.tracks, by: { year($0.day) ?? 0 })
        let marks = Dictionary(grouping: passport.marks.filter { year($0.date) != nil }, by: { year($0.date)! })
        let flights = Dictionary(grouping: passport.flights, by: { year($0.date) ?? 0 })
        let reviewed = Set(runs.keys).union(marks.keys).union(flights.keys.filter { $0 > 0 })
        years = reviewed.sorted()
        scopes = years.map { y in
            Passport(days: [], tracks: tracks[y] ?? [], marks: marks[y] ?? [], homes: passport.homes, tripEdits: passport.tripEdits, flights: flights[y] ?? [])
        }
        rows = years.map { y in
            guard let run = runs[y] else { return [] }
            let range = run.first...run.last
            return run.count == range.count ? passport.days[range] : ArraySlice(passport.days[range].filter { year($0.date) == y })
        }
        (visitYears, firstYears) = (Passport.VisitYears(passport, years: reviewed), Passport.FirstYears(passport))
        counted = Array(repeating: nil, count: years.count)
    }

    /// Counts years not taken yet, one at a time, until none is left.
    public func count() {
        while let (i, scope) = take() {
            let s = passport.stats(scheme: scheme, homes: homes, year: years[i], currentYear: nil, outlines: nil, scope: scope, rows: rows[i],
                                   visitYears: visitYears, firstYears: firstYears)
            lock.withLock { counted[i] = s }
        }
    }

    /// The next year not taken, and its part of the passport, taken out.
    private func take() -> (Int, Passport)? {
        lock.withLock {
            guard next < years.count else { return nil }
            defer { (scopes[next], next) = (nil, next + 1) }
            return (next, scopes[next]!)
        }
    }

    /// Counts the figures of `trips` (this passport's under the homes given) for every year:
    /// how many touch it, the first, the busiest month away.
    public func count(trips: [Trip]) {
        var figures = years.map { y in
            var s = PassportStats(scheme: scheme.name, year: y)
            s.reviewYear = y
            return s
        }
        Passport.count(Passport.TripOutline.of(trips), years: &figures)
        lock.withLock { tripFigures = figures }
    }

    /// The years in review, oldest first, once ``count()`` has counted every year and
    /// ``count(trips:)`` the trips.
    public func reviews() -> [PassportStats] {
        lock.withLock {
            zip(counted, tripFigures ?? []).map { s, t in
                var s = s!
                (s.trips, s.firstTrip, s.busiestMonth) = (t.trips, t.firstTrip, t.busiestMonth)
                return s
            }
        }
    }
}
