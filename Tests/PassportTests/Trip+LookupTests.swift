import Testing
import TravelLog
@testable import Passport

/// `Trip.find`: a trip by its identifier or by any date inside it, as `atlas trip` and
/// `atlas export --track --trip` take it.
@Suite struct TripLookupTests {
    /// Two trips that start the same day (a split left them so) and one across New Year.
    static let trips = [Trip(id: "2024-06-01", title: "A", start: "2024-06-01", end: "2024-06-01"),
                        Trip(id: "2024-06-01-2", title: "B", start: "2024-06-01", end: "2024-06-03"),
                        Trip(id: "2024-12-30", title: "C", start: "2024-12-30", end: "2025-01-02")]

    @Test func anIdentifierThenADateInside() {
        #expect(Trip.find("2024-06-01-2", in: Self.trips)?.title == "B")
        #expect(Trip.find("2024-06-01", in: Self.trips)?.title == "A")
        #expect(Trip.find("2024-06-03", in: Self.trips)?.title == "B")
        #expect(Trip.find("2025-01-01", in: Self.trips)?.title == "C")
        #expect(Trip.find("2025-01-02", in: Self.trips)?.title == "C")
    }

    @Test func nothingElse() {
        for text in ["2025-01-03", "2024-12-29", "2024-06-0", "2024-06-02x", "2024-13-01", "", "trip"] {
            #expect(Trip.find(text, in: Self.trips) == nil, "\(text)")
        }
        #expect(Trip.find("2024-06-01", in: []) == nil)
    }
}
