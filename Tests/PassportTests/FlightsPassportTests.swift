import Foundation
import Testing
import TravelLog
@testable import Passport

/// Flights of a flight log in the passport: airports used, countries passed through, trips,
/// the year in review (``Journeys/flights``).
@Suite struct FlightsPassportTests {
    let passport = Journeys.passport(flights: Journeys.flights)

    @Test func airportsAreUsedAndTheirCountriesOnlyPassedThrough() throws {
        let airports = Dictionary(uniqueKeysWithValues: passport.visits(.airport).map { ($0.id, $0.days) })
        #expect(airports["airport:FRA"] == ["2024-04-01", "2024-04-11"])
        #expect(airports["airport:CDG"] == ["2023-05-01"] && airports["airport:KEF"] == ["2023-05-01"] && airports["airport:LIS"] == ["2024-06-04"])
        // Iceland is visited by its mark only; the flight of 2023 visits nothing.
        let iceland = try #require(passport.visits(.country).first { $0.id == "country:IS" })
        #expect(iceland.days == ["2024-10-05"])
        #expect(!passport.visits(.country).flatMap(\.days).contains("2023-05-01"))
    }

    @Test func daysPresentCountTheFlightsAsTransit() {
        func row(_ year: Int, _ id: String) -> [Int]? {
            passport.presence(year: year).first { $0.country.id == id }.map { [$0.days.count, $0.transitDays.count] }
        }
        // Germany: the layover of 04-01 and the arrival of 04-11; Japan: the departure of 04-11.
        #expect(row(2024, "country:DE") == [0, 2] && row(2024, "country:JP") == [7, 1])
        // Lisbon had photos on the day of arrival: present, not in transit. Lyon was left that day.
        #expect(row(2024, "country:PT") == [2, 0] && row(2024, "country:FR") == [15, 1])
        #expect(row(2023, "country:FR") == [0, 1] && row(2023, "country:IS") == [0, 1])
    }

    @Test func tripsHoldTheirFlights() throws {
        let trips = passport.trips()
        // A flight with no photo around it makes no trip.
        #expect(trips.map(\.id) == Journeys.passport().trips().map(\.id))
        let japan = try #require(trips.first { $0.id == "2024-04-01" })
        #expect(japan.flights.map(\.id) == ["2024-04-11-HND-FRA-LH715"] && japan.days[10].flights == ["2024-04-11-HND-FRA-LH715"])
        #expect(japan.transit.map { [$0.place.name, String($0.days)] } == [["Germany", "2"]])
        let lisbon = try #require(trips.first { $0.id == "2024-06-04" })
        // Leaving home is no transit.
        #expect(lisbon.flights.map(\.id) == ["2024-06-04-LYS-LIS-TP481"] && lisbon.transit.isEmpty)
    }

    @Test func theYearCountsItsFlightsAndTheirDistance() {
        let all = CountingScheme(name: .all, countries: [])
        let year = passport.stats(scheme: all, year: 2024)
        let (lys, lis, hnd, fra) = (Journeys.lys, Journeys.lis, Journeys.hnd, Journeys.fra)
        let expected = Journeys.km(lys.latitude!, lys.longitude!, lis.latitude!, lis.longitude!) + Journeys.km(hnd.latitude!, hnd.longitude!, fra.latitude!, fra.longitude!)
        #expect(year.flights == 2 && abs(year.flightKm - expected) < 1)
        #expect(passport.stats(scheme: all, year: 2023).flights == 1 && passport.stats(scheme: all).flights == 3)
        #expect(passport.years(scheme: all, homes: passport.homeTimeline(), trips: passport.trips()).map(\.reviewYear) == [2023, 2024, 2025])
    }
}
