import Testing
@testable import TravelLog
import Passport

/// One JSON line of a listing command: the visit as the record writes it, the places above it.
@Suite struct TravelRecordListingTests {
    @Test func eachKindCarriesThePlacesAboveIt() {
        var district = Visit(kind: "district", id: "district:6543971", name: "Lyon 05")
        district.continent = PlaceLink(id: "continent:EU", name: "Europe")
        district.country = PlaceLink(id: "country:FR", name: "France")
        district.region = PlaceLink(id: "region:FR.84", name: "Auvergne-Rhône-Alpes")
        district.city = PlaceLink(id: "city:2996944", name: "Lyon")
        district.days = ["2024-06-01"]
        district.photos = 2
        district.historyDays = 1
        #expect(TravelRecord.listing(district).rendered() == #"{"kind":"district","id":"district:6543971","name":"Lyon 05","#
            + #""first_visit":"2024-06-01","last_visit":"2024-06-01","days":1,"photos":2,"marks":0,"history_days":1,"flights":0,"#
            + #""dates":["2024-06-01"],"#
            + #""continent":{"id":"continent:EU","name":"Europe"},"country":{"id":"country:FR","name":"France"},"#
            + #""region":{"id":"region:FR.84","name":"Auvergne-Rhône-Alpes"},"city":{"id":"city:2996944","name":"Lyon"}}"#)

        var country = Visit(kind: "country", id: "country:IS", name: "Iceland")
        country.continent = PlaceLink(id: "continent:EU", name: "Europe")
        country.marks = 1
        #expect(TravelRecord.listing(country, extra: [("regions_visited", .int(0))]).rendered()
            == #"{"kind":"country","id":"country:IS","name":"Iceland","first_visit":null,"last_visit":null,"days":0,"photos":0,"marks":1,"#
            + #""history_days":0,"flights":0,"dates":[],"continent":{"id":"continent:EU","name":"Europe"},"regions_visited":0}"#)

        let continent = Visit(kind: "continent", id: "continent:EU", name: "Europe")
        #expect(!TravelRecord.listing(continent).rendered().contains("\"country\""))
    }
}
