import Testing
import TravelLog
@testable import Passport

/// Generated trip titles (``Passport/title(_:homeCountry:)``).
@Suite struct TripTitleTests {
    func trip(_ countries: [String], regions: [String] = [], cities: [String] = [], start: String, end: String) -> Trip {
        func places(_ names: [String]) -> [Trip.Place] { names.map { Trip.Place(place: PlaceLink(id: "x:" + $0, name: $0), days: 1, first: start) } }
        var t = Trip(id: start, title: "", start: start, end: end)
        (t.countries, t.regions, t.cities) = (places(countries), places(regions), places(cities))
        return t
    }

    @Test func namesAndMonths() {
        #expect(Passport.title(trip(["France", "Italy", "Portugal"], start: "2024-07-06", end: "2024-07-15"), homeCountry: nil)
                == "France, Italy & Portugal, July 2024")
        #expect(Passport.title(trip(["A", "B", "C", "D", "E"], start: "2024-07-30", end: "2024-08-02"), homeCountry: nil)
                == "A, B, C & 2 more, July–August 2024")
        // At home: the regions, or within one region its city.
        #expect(Passport.title(trip(["France"], regions: ["Brittany", "Normandy"], cities: ["Rennes", "Caen", "Brest"], start: "2024-05-01", end: "2024-05-04"),
                               homeCountry: "x:France") == "Brittany & Normandy, May 2024")
        #expect(Passport.title(trip(["France"], regions: ["Brittany"], cities: ["Rennes", "Brest", "Quimper"], start: "2024-05-01", end: "2024-05-04"),
                               homeCountry: "x:France") == "Brittany, May 2024")
        #expect(Passport.months("2024-12-30", "2025-01-02") == "December 2024 – January 2025")
    }
}
