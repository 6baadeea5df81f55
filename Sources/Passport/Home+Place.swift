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
        func link(_ kind: PlaceKind) -> PlaceLink? {
            if place.kind == kind { return PlaceLink(id: place.id.description, name: place.name) }
            return place.ancestor(kind).map { PlaceLink(id: $0.id.description, name: $0.name) }
        }
        (country, region, city) = (link(.country), link(.region), link(.city))
        if place.kind != .region && place.kind != .country && place.kind != .continent, let c = place.coordinate {
            (latitude, longitude) = (c.latitude, c.longitude)
        }
    }
}
