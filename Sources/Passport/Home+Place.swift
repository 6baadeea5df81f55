import Gazetteer
import TravelLog

extension Home {
    /// The home of a gazetteer place: a city's coordinate is its point; a region or a country
    /// has none (``HomeTimeline`` measures from its most-visited city).
    ///
    /// ```swift
    /// let home = Home(place: try gazetteer.place(PlaceID("city:2996944")!)!, since: "2021-09-01")
    /// ```
    public init(place: Place, since: String? = nil) {
        self.init(place: PlaceLink(id: place.id.description, name: place.name), since: since)
        (country, region, city) = (place.link(.country), place.link(.region), place.link(.city))
        if place.kind != .region && place.kind != .country && place.kind != .continent, let c = place.coordinate {
            (latitude, longitude) = (c.latitude, c.longitude)
        }
    }
}
