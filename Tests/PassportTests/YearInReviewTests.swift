import Testing
import TravelLog
@testable import Passport

/// `atlas stats --year`: the page of one year (``Passport/stats(scheme:homes:rules:year:currentYear:trips:)``).
@Suite struct YearInReviewTests {
    let all = CountingScheme(name: .all, countries: [])

    @Test func theYearOfTheJapanTrip() throws {
        let s = Journeys.passport().stats(scheme: all, year: 2024)
        #expect(s.reviewYear == 2024 && s.year == 2024)
        // France, Japan, Portugal, Italy, Iceland (a mark), Austria; Germany was transit, Russia and Kazakhstan flown over.
        #expect(s.countriesVisited == 6 && s.newCountriesThisYear == 6)
        #expect(s.cities == 10 && s.newCitiesThisYear == 10)
        // Japan 7 (one a mark), Lisbon 2, Milan 2, Iceland 1, Vienna 2 (of 2024).
        #expect(s.daysAbroad == 14)
        #expect(s.trips == 7 && s.firstTrip == "2024-04-01")
        #expect(s.busiestMonth?.month == "2024-04" && s.busiestMonth?.days == 9)
        #expect(s.farthest?.place?.name == "Tokyo")
        #expect(abs((s.farthest?.km ?? 0) - Journeys.km(Journeys.lyon, Journeys.tokyo)) < 10)
        #expect(s.home?.id == "region:FR.84" && s.homeInferred)
    }

    @Test func theNextYearHasOnlyTheEndOfATrip() {
        let s = Journeys.passport().stats(scheme: all, year: 2025)
        #expect(s.countriesVisited == 2 && s.newCountriesThisYear == 0 && s.newCitiesThisYear == 0)
        #expect(s.daysAbroad == 2 && s.trips == 1 && s.busiestMonth?.month == "2025-01" && s.busiestMonth?.days == 2)
        #expect(s.farthest?.place?.name == "Vienna")
    }

    @Test func everyYearOnce() {
        let p = Journeys.passport()
        let years = p.years(scheme: all, homes: p.homeTimeline(), trips: p.trips())
        #expect(years.map(\.reviewYear) == [2024, 2025])
        #expect(years[0] == p.stats(scheme: all, year: 2024))
    }
}
