import Testing
@testable import TravelLog
import Passport

/// The orders of the listing commands (`--sort`), on hand-made visits and marks.
@Suite struct ListingOrderTests {
    func visit(_ id: String, _ name: String, days: [String] = [], photos: Int = 0) -> Visit {
        var v = Visit(kind: "country", id: id, name: name)
        v.days = days
        v.photos = photos
        return v
    }

    var visits: [Visit] {
        [visit("country:GB", "United Kingdom", days: ["2023-01-01", "2024-05-01"], photos: 9),
         visit("country:FR", "France", days: ["2022-03-01", "2022-03-02", "2022-03-03"], photos: 4),
         visit("country:AX", "Åland Islands", days: ["2024-06-01"], photos: 9),
         visit("country:GH", "Ghana", days: ["2021-01-01", "2024-05-01"], photos: 1),
         visit("country:IS", "Iceland")]
    }

    func names(_ order: VisitOrder) -> [String] { order.sorted(visits).map(\.name) }

    /// Not by identifier (the United Kingdom between France and Ghana), and Å with the A's.
    @Test func byNameWithoutCaseOrDiacritics() {
        #expect(names(.name) == ["Åland Islands", "France", "Ghana", "Iceland", "United Kingdom"])
        let mixed = [visit("a:2", "île"), visit("a:1", "Ile"), visit("a:3", "Idaho"), visit("a:4", "iceland")]
        #expect(VisitOrder.name.sorted(mixed).map(\.id) == ["a:4", "a:3", "a:1", "a:2"])
    }

    @Test func countsMostFirstTiesByName() {
        #expect(names(.days) == ["France", "Ghana", "United Kingdom", "Åland Islands", "Iceland"])
        #expect(names(.photos) == ["Åland Islands", "United Kingdom", "France", "Ghana", "Iceland"])
    }

    /// First visit oldest first, last visit latest first; a place without dates (an undated mark) last.
    @Test func datesWithUndatedLast() {
        #expect(names(.first) == ["Ghana", "France", "United Kingdom", "Åland Islands", "Iceland"])
        #expect(names(.last) == ["Åland Islands", "Ghana", "United Kingdom", "France", "Iceland"])
    }

    @Test func marksByNameOrDate() {
        let marks = [Mark(placeID: "country:IS", placeName: "Iceland", date: "2019-05-01"),
                     Mark(placeID: "country:AX", placeName: "Åland Islands"),
                     Mark(placeID: "country:IS", placeName: "Iceland", date: "2018-01-01"),
                     Mark(placeID: "city:1", placeName: "Bergen", date: "2020-01-01")]
        #expect(MarkOrder.name.sorted(marks).map { "\($0.placeName) \($0.date ?? "-")" }
                == ["Åland Islands -", "Bergen 2020-01-01", "Iceland 2018-01-01", "Iceland 2019-05-01"])
        #expect(MarkOrder.date.sorted(marks).map { $0.date ?? "-" } == ["2018-01-01", "2019-05-01", "2020-01-01", "-"])
    }

    @Test func keysAreTheOptionValues() {
        #expect(VisitOrder.allCases.map(\.rawValue) == ["name", "days", "first", "last", "photos"])
        #expect(MarkOrder.allCases.map(\.rawValue) == ["name", "date"])
    }
}
