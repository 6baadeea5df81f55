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

    /// A city whose name a more populous place elsewhere has is followed by its region; a
    /// title of countries or regions, or a city without a bigger namesake, is not.
    @Test func aCityBetterKnownElsewhereNamesItsRegion() {
        let aberdeen = trip(["United States"], regions: ["Washington"], cities: ["Aberdeen"], start: "2017-05-02", end: "2017-05-03")
        let namesakes: Set = ["x:Aberdeen"]
        #expect(Passport.title(aberdeen, homeCountry: "x:United States", namesakes: namesakes) == "Aberdeen, Washington, May 2017")
        #expect(Passport.title(aberdeen, homeCountry: "x:United States") == "Aberdeen, May 2017")
        let two = trip(["United States"], regions: ["Washington"], cities: ["Olympia", "Aberdeen"], start: "2017-05-02", end: "2017-05-03")
        #expect(Passport.title(two, homeCountry: "x:United States", namesakes: namesakes) == "Olympia & Aberdeen, Washington, May 2017")
        let abroad = trip(["United Kingdom"], regions: ["Scotland"], cities: ["Aberdeen"], start: "2017-05-02", end: "2017-05-03")
        #expect(Passport.title(abroad, homeCountry: "x:United States", namesakes: namesakes) == "United Kingdom, May 2017")
    }
}
