import TravelLog

/// One trip: a run of days away from home (``TripRules``), with the places visited, the
/// layovers and flights on the way, the distance and the photos, and the user's edits applied.
///
/// ```swift
/// for trip in passport.trips() where !trip.excluded {
///     print(trip.id, trip.title, trip.countries.map(\.place.name))   // 2024-07-06 Italy, Portugal & Switzerland, July 2024 […]
/// }
/// ```
///
/// A value type; `Sendable`.
public struct Trip: Sendable, Equatable {
    /// A place of the trip and on how many of its days it was visited (or passed through).
    public struct Place: Sendable, Equatable {
        public var place: PlaceLink
        public var days: Int
        /// The first day, which orders places of as many days.
        public var first: String
    }

    /// One calendar day of the trip.
    public struct Day: Sendable, Equatable {
        public var date: String
        /// The places visited away from home: the city, else the region, else the country.
        public var places: [PlaceLink] = []
        /// The countries of those places.
        public var countries: [PlaceLink] = []
        /// Photos also taken at home that day (the day one left or came back).
        public var atHome = false
        /// Airports of a layover (every photo in that country that day was taken at one).
        public var transit: [PlaceLink] = []
        public var flightPhotos = 0
        /// The flights of the flight logs that day (``Flight/id``).
        public var flights: [String] = []
        /// Photos away, in transit and in flight.
        public var photos = 0
        public var marks = 0
    }

    /// The start date, with `-2`, `-3`… should two trips start on the same day.
    public var id: String
    public var title: String
    /// The title is the user's (`atlas trip rename`), not generated.
    public var titleIsEdited = false
    /// `atlas trip exclude`: listed only on request, counted nowhere.
    public var excluded = false
    /// Local dates.
    public var start: String
    public var end: String
    public var days: [Day] = []
    public var countries: [Place] = []
    public var regions: [Place] = []
    public var cities: [Place] = []
    /// Countries passed through in transit only (not visited during the trip).
    public var transit: [Place] = []
    public var airports: [Place] = []
    public var flightPhotos = 0
    /// The flights of the flight logs dated within the trip.
    public var flights: [Flight] = []
    public var photos = 0
    public var marks = 0
    /// From home to each place of the trip in time order and back home, great circle.
    public var distanceKm = 0.0

    /// Calendar days from start to end, both counted.
    public var dayCount: Int { days.count }
}
