import Foundation
import SyntheticPhotos
import Testing
@testable import TravelLog

/// The evidence of each visit: photos, days of a location history, flights, marks, each counted
/// once per kind whatever the order the rows come in.
@Suite struct VisitsTests {
    private static let france = PlaceLink(id: "country:FR", name: "France")
    private static let paris = PlaceLink(id: "city:2988507", name: "Paris")

    private static func row(_ date: String, photos: Int = 0, points: Int = 0, status: VisitPhoto.Status = .visit) -> PlaceDay {
        var d = PlaceDay(date: date, status: status)
        (d.country, d.city, d.photos, d.historyPoints) = (france, paris, photos, points)
        return d
    }

    @Test func eachVisitCountsItsEvidenceByKind() {
        // History rows after the photos' and out of date order, as a log gives them; two rows of one date.
        let days = [Self.row("2024-05-01", photos: 3), Self.row("2024-05-03", photos: 1),
                    Self.row("2024-05-03", points: 40), Self.row("2024-05-01", points: 12), Self.row("2024-05-02", points: 7),
                    Self.row("2024-05-02", points: 2, status: .transit)]
        let cdg = Flight.Airport(place: PlaceLink(id: "airport:CDG", name: "Charles de Gaulle"), code: "CDG")
        var out = cdg
        out.country = Self.france
        let flights = [Flight(date: "2024-05-03", from: out, to: Flight.Airport(place: PlaceLink(id: "airport:LIS", name: "Lisbon"), code: "LIS"))]
        var mark = Mark(placeID: "country:FR", placeName: "France", date: "2023-01-01")
        mark.country = PlaceLink(id: "country:FR", name: "France")
        let marks = [mark]
        let visits = Visits(days: days, marks: marks, flights: flights)

        let country = try! #require(visits[.country].first)
        #expect(country.days == ["2023-01-01", "2024-05-01", "2024-05-02", "2024-05-03"])
        #expect((country.photos, country.historyDays, country.marks, country.flights) == (4, 3, 1, 0))
        #expect(country.evidence == [.photos, .history, .marks])
        let city = try! #require(visits[.city].first)
        #expect(city.historyDays == 3 && city.evidence == [.photos, .history])
        let airport = try! #require(visits[.airport].first { $0.id == "airport:CDG" })
        #expect(airport.flights == 1 && airport.evidence == [.flights])
    }

    @Test func aVisitsDaysAreEachTextOnceInOrderWhateverTheText() {
        // Valid dates are compared as day numbers; a text that is no date (an old log's) sends
        // the visit back to comparing texts, from then on.
        var random = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            let texts = (0..<40).map { _ -> String in
                switch Int.random(in: 0..<10, using: &random) {
                case 0: "2024-1-\(Int.random(in: 1...9, using: &random))"
                case 1: "2024-02-30"
                default: String(format: "2024-%02d-%02d", Int.random(in: 1...12, using: &random), Int.random(in: 1...28, using: &random))
                }
            }
            var mark = Mark(placeID: "country:FR", placeName: "France", date: texts[0])
            mark.country = Self.france
            let visits = Visits(days: texts.map { Self.row($0, photos: 1) }, marks: [mark])
            #expect(visits[.country].first?.days == Set(texts).sorted(), "\(texts)")
        }
    }

    @Test func aVisitOfTheHistoryAloneHasNoPhotos() {
        let visits = Visits(days: [Self.row("2024-05-02", points: 7)], marks: [])
        #expect(visits[.city].map(\.evidence) == [[.history]] && visits[.city].first?.photos == 0)
    }

    /// The places alone (what an import's summary asks) are the visits' places, on random rows
    /// in any order (transit, flights, airports, places named two ways) and marks of every level.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func thePlacesAloneAreTheVisitsPlaces(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let photos = (0..<400).map { AggregatesTests.randomRecord(String(format: "/p/%05d.jpg", $0), &rng) }
            .filter { $0.error == nil }.map(VisitPhoto.init(record:))
        var days = PlaceDay.aggregate(VisitRules.classify(photos))
        // A city named two ways (the name it was first counted under is kept), a change of
        // planes (an airport, not its country) and a flight (nothing).
        let iceland = PlaceLink(id: "country:IS", name: "Iceland"), germany = PlaceLink(id: "country:DE", name: "Germany")
        for (date, status, country, city, airport) in [("2024-02-02", VisitPhoto.Status.visit, iceland, "Reykjavík", nil),
                                                       ("2024-02-01", .visit, iceland, "Reykjavík (old)", nil),
                                                       ("2024-02-03", .transit, germany, nil, PlaceLink(id: "airport:FRA", name: "Frankfurt")),
                                                       ("2024-02-03", .flight, nil, nil, nil)] as [(String, VisitPhoto.Status, PlaceLink?, String?, PlaceLink?)] {
            var row = PlaceDay(date: date, status: status)
            (row.country, row.city, row.airport, row.photos) = (country, city.map { PlaceLink(id: "city:3413829", name: $0) }, airport, 1)
            days.append(row)
        }
        days.shuffle(using: &rng)
        var marks: [Mark] = []
        for (id, name) in [("country:IS", "Iceland"), ("city:3413829", "Reykjavík"), ("airport:KEF", "Keflavík"), ("country:FR", "La France")] {
            var mark = Mark(placeID: id, placeName: name, date: "2024-03-0\(Int.random(in: 1...9, using: &rng))")
            mark.country = PlaceLink(id: "country:IS", name: "Iceland")
            marks.append(mark)
        }
        let places = Visits.places(days: days, marks: marks)
        #expect(places == Visits(days: days, marks: marks).places)
        #expect(places.cities["city:3413829"] == "Reykjavík (old)" && places.airports["airport:FRA"] == "Frankfurt")
        #expect(places.airports["airport:KEF"] == "Keflavík" && places.countries["country:IS"] == "Iceland")
    }
}
