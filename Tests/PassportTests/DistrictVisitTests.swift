import Testing
import TravelLog
@testable import Passport

/// Districts in the visit model: counted below their city, which is counted once; the flight and
/// transit rules apply to them as to cities; a mark on a district counts for it and everything above.
@Suite struct DistrictVisitTests {
    static let (europe, france, rhone) = (PassportPhoto.Link(id: "continent:EU", name: "Europe"), PassportPhoto.Link(id: "country:FR", name: "France"),
                                          PassportPhoto.Link(id: "region:FR.84", name: "Auvergne-Rhône-Alpes"))
    static let lyon = PassportPhoto.Link(id: "city:2996944", name: "Lyon")

    func photo(_ district: String?, _ name: String, on day: String, altitude: Double? = nil) -> PassportPhoto {
        var p = PassportPhoto(path: "/p/\(day)-\(name).jpg")
        p.takenLocal = day + "T10:00:00"
        (p.continent, p.country, p.region, p.city) = (Self.europe, Self.france, Self.rhone, Self.lyon)
        p.district = district.map { .init(id: $0, name: name) }
        p.altitude = altitude
        return p
    }

    @Test func districtsAreVisitedBelowTheirCityWhichCountsOnce() throws {
        let passport = Passport(photos: [
            photo("district:6543971", "Lyon 05", on: "2024-03-01"),
            photo("district:6543971", "Lyon 05", on: "2024-03-02"),
            photo("district:6543968", "Lyon 02", on: "2024-03-02"),
            photo(nil, "centre", on: "2024-03-03"),
            photo("district:6543969", "Lyon 03", on: "2024-03-04", altitude: 10_000),  // in flight: no visit
        ], marks: [])
        #expect(passport.visits(.city).map(\.id) == ["city:2996944"])
        #expect(passport.visits(.city)[0].photos == 4 && passport.visits(.city)[0].days.count == 3)
        let districts = passport.visits(.district)
        #expect(districts.map(\.id) == ["district:6543968", "district:6543971"])
        let lyon05 = try #require(districts.last)
        #expect(lyon05.kind == "district" && lyon05.name == "Lyon 05" && lyon05.days == ["2024-03-01", "2024-03-02"] && lyon05.photos == 2)
        #expect(lyon05.city == Self.lyon && lyon05.region == Self.rhone && lyon05.country == Self.france && lyon05.continent == Self.europe)
    }

    @Test func aMarkOnADistrictCountsForItAndEverythingAbove() throws {
        var mark = Mark(placeID: "district:6545149", placeName: "Campitelli", date: "2023-10-01")
        (mark.continent, mark.country, mark.region, mark.city) = (PlaceLink(id: "continent:EU", name: "Europe"), PlaceLink(id: "country:IT", name: "Italy"),
                                                                  PlaceLink(id: "region:IT.07", name: "Lazio"), PlaceLink(id: "city:3169070", name: "Rome"))
        let passport = Passport(photos: [], marks: [mark])
        for (level, id) in [(Passport.Level.continent, "continent:EU"), (.country, "country:IT"), (.region, "region:IT.07"), (.city, "city:3169070"),
                            (.district, "district:6545149")] {
            let visit = try #require(passport.visits(level).first, "\(level)")
            #expect(visit.id == id && visit.marks == 1 && visit.photos == 0 && visit.days == ["2023-10-01"])
        }
        #expect(passport.visits(.district)[0].city?.name == "Rome")
        #expect(passport.visits(.airport).isEmpty)
    }
}
