import Foundation
import Testing
import TravelLog
@testable import Passport

/// Homes saved and inferred (``HomeTimeline``).
@Suite struct HomeTimelineTests {
    @Test func theRegionOfMostMonthsIsHomeAndAThinYearKeepsIt() throws {
        let homes = Journeys.passport().homeTimeline()
        // 2025 has Lyon in two months only: it keeps 2024's home.
        #expect(homes.periods.count == 1)
        let home = try require(homes.periods.first)
        #expect(home.place.id == "region:FR.84" && home.inferred && home.since == nil && home.until == nil)
        #expect(home.country?.id == "country:FR" && home.pointCity?.name == "Lyon")
        #expect(abs((home.latitude ?? 0) - Journeys.lyon.lat) < 1e-9 && abs((home.longitude ?? 0) - Journeys.lyon.lon) < 1e-9)
    }

    @Test func aTripWithManyPhotosNeverWins() {
        // Two hundred photos in Tokyo in one month against one a month at home.
        let burst = (0..<200).map { Journeys.photo(String(format: "2024-04-%02dT%02d:00:00", 2 + $0 % 4, 8 + $0 % 12), Journeys.tokyo, offsetHours: 9) }
        #expect(Journeys.passport(extra: burst).homeTimeline().periods.map(\.place.id) == ["region:FR.84"])
    }

    @Test func aMoveSeenInThePhotos() {
        let lisbon = ["2026-01-15", "2026-02-15", "2026-03-15"].map { Journeys.photo($0 + "T12:00:00", Journeys.lisbon, offsetHours: 0) }
        let homes = Journeys.passport(extra: lisbon + [Journeys.photo("2026-05-01T12:00:00", Journeys.lyon)]).homeTimeline()
        #expect(homes.periods.map { [$0.place.id, $0.since ?? "-", $0.until ?? "-"] } == [["region:FR.84", "-", "2025-12-31"], ["region:PT.14", "2026-01-01", "-"]])
        #expect(homes.home(on: "2025-12-31")?.place.id == "region:FR.84" && homes.home(on: "2026-01-01")?.place.id == "region:PT.14")
    }

    @Test func withoutAYearOfThreeMonthsTheRegionOfMostMonthsOverallIsHome() {
        // 2024: Lyon in two months, Lisbon in one; 2025: Lisbon in two. Lisbon has three in all.
        let photos = [("2024-01-10", Journeys.lyon), ("2024-02-10", Journeys.lyon), ("2024-03-10", Journeys.lisbon),
                      ("2025-05-10", Journeys.lisbon), ("2025-06-10", Journeys.lisbon)].map { Journeys.photo($0.0 + "T12:00:00", $0.1) }
        let homes = Passport(photos: photos, marks: []).homeTimeline()
        #expect(homes.periods.map { [$0.place.id, $0.since ?? "-", $0.until ?? "-", $0.country?.id ?? "-"] }
                == [["region:PT.14", "-", "-", "country:PT"]])
        #expect(homes.periods.first?.inferred == true && homes.periods.first?.pointCity?.name == "Lisbon")
        // Months tie (two each): more days wins.
        let tied = [("2024-01-10", Journeys.lyon), ("2024-02-10", Journeys.lyon), ("2024-02-11", Journeys.lyon),
                    ("2024-03-10", Journeys.lisbon), ("2024-04-10", Journeys.lisbon)].map { Journeys.photo($0.0 + "T12:00:00", $0.1) }
        #expect(Passport(photos: tied, marks: []).homeTimeline().periods.map(\.place.id) == ["region:FR.84"])
    }

    @Test func savedHomesWinFromTheirDateAndTheInferredHoldsBefore() {
        var lisbon = Home(place: PlaceLink(id: "city:2267057", name: "Lisbon"), since: "2024-08-01")
        (lisbon.latitude, lisbon.longitude, lisbon.country) = (38.7223, -9.1393, PlaceLink(id: "country:PT", name: "Portugal"))
        let homes = HomeTimeline(saved: [lisbon], days: Journeys.passport().days)
        #expect(homes.periods.map { [$0.place.id, $0.since ?? "-", $0.until ?? "-", $0.inferred ? "inferred" : "saved"] }
                == [["region:FR.84", "-", "2024-07-31", "inferred"], ["city:2267057", "2024-08-01", "-", "saved"]])
        #expect(homes.home(on: "2024-07-31")?.country?.id == "country:FR" && homes.home(on: "2024-08-01")?.country?.id == "country:PT")
        // A saved region without a point is measured from its most photographed city.
        let region = HomeTimeline(only: Home(place: PlaceLink(id: "region:FR.84", name: "Auvergne-Rhône-Alpes")), days: Journeys.passport().days)
        #expect(region.periods.count == 1 && region.periods[0].pointCity?.name == "Lyon" && !region.periods[0].inferred)
    }
}
