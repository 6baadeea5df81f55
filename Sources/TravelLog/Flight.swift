/// A flight from a flight log (`atlas flights import`): the date, the two airports with their
/// place snapshots, the flight number and airline, and the file it came from. A flight is
/// known by its date, airports and flight number: importing the same log twice adds nothing.
///
/// ```swift
/// let flight = Flight(date: "2024-04-01", from: frankfurt, to: narita, flightNumber: "LH716")
/// try log.saveFlights([flight], source: "/home/me/flights.csv")
/// flight.id          // "2024-04-01-FRA-NRT-LH716"
/// ```
///
/// A value type; `Sendable`.
public struct Flight: Sendable, Equatable {
    /// An airport of the flight and the places it lies in, as the gazetteer had them.
    public struct Airport: Sendable, Equatable {
        public var place: PlaceLink
        /// The code shown for it: IATA, else ICAO.
        public var code: String
        public var latitude: Double?
        public var longitude: Double?
        public var continent: PlaceLink?
        public var country: PlaceLink?
        public var region: PlaceLink?
        public var city: PlaceLink?

        public init(place: PlaceLink, code: String) { (self.place, self.code) = (place, code) }
    }

    /// The local date of departure, `YYYY-MM-DD`.
    public var date: String
    public var from: Airport
    public var to: Airport
    /// As the log wrote it, upper-cased without spaces (`LH716`); empty when unknown.
    public var flightNumber: String
    public var airline: String?
    /// The file it was imported from, and the line.
    public var source: String?
    public var line: Int?

    public init(date: String, from: Airport, to: Airport, flightNumber: String = "", airline: String? = nil) {
        (self.date, self.from, self.to, self.flightNumber, self.airline) = (date, from, to, Self.normalized(flightNumber), airline)
    }

    /// `DATE-FROM-TO[-FLIGHT]`: what identifies the flight, readable.
    public var id: String { [date, from.code, to.code, flightNumber].filter { !$0.isEmpty }.joined(separator: "-") }

    /// Great-circle kilometres between the airports, 0 when a position is unknown.
    public var km: Double {
        guard let a = from.latitude, let b = from.longitude, let c = to.latitude, let d = to.longitude else { return 0 }
        return GreatCircle.km(a, b, c, d)
    }

    public static func normalized(_ flightNumber: String) -> String {
        String(flightNumber.uppercased().unicodeScalars.filter { !$0.properties.isWhitespace })
    }
}
