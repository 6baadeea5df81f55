import Testing
import TravelLog
@testable import Passport

/// ``YearsInReview``: the years counted by two threads at once are each year's own page
/// (``Passport/stats(scheme:homes:rules:year:currentYear:trips:)``, read from that year's rows).
@Suite struct YearsInReviewTests {
    let all = CountingScheme(name: .all, countries: [])

    @Test func yearsCountedByTwoThreadsAreEachYearsOwnPage() {
        // Around New Year in Tokyo too: a trip over two years, a year with one day.
        for p in [Journeys.passport(), Journeys.passport(extra: [Journeys.photo("2025-12-31T23:30:00", Journeys.tokyo, offsetHours: 9),
                                                                 Journeys.photo("2026-01-01T00:30:00", Journeys.tokyo, offsetHours: 9)])] {
            let (homes, trips) = (p.homeTimeline(), p.trips())
            let years = YearsInReview(p, scheme: all, homes: homes)
            _ = concurrently({ years.count() }, { years.count(trips: trips); years.count() })
            let reviews = years.reviews()
            #expect(reviews.map(\.reviewYear) == reviews.compactMap(\.reviewYear).sorted() && reviews.count >= 2)
            for s in reviews { #expect(s == p.stats(scheme: all, year: s.reviewYear), "\(s.reviewYear ?? 0)") }
            #expect(reviews == p.years(scheme: all, homes: homes, trips: trips))
        }
    }
}
