/// Where the traveller lives from a date on, by their word (`atlas home set Lyon --since 2021-09-01`):
/// the place named, the point trips are measured from, and the country and region it lies in.
///
/// ```swift
/// var lyon = Home(place: PlaceLink(id: "city:2996944", name: "Lyon"), since: "2021-09-01")
/// (lyon.latitude, lyon.longitude) = (45.7485, 4.8467)
/// try log.saveHome(lyon)
/// ```
///
/// A home without a point (a region or a country named) is measured from its most-visited city
/// (``Passport``'s home rules). A value type; `Sendable`.
public struct Home: Sendable, Equatable {
    /// `YYYY-MM-DD`, or nil for "from the start".
    public var since: String?
    /// The place named: a city, region or country (for a coordinate, the city it resolved to).
    public var place: PlaceLink
    public var latitude: Double?
    public var longitude: Double?
    public var country: PlaceLink?
    public var region: PlaceLink?
    public var city: PlaceLink?

    public init(place: PlaceLink, since: String? = nil) { (self.place, self.since) = (place, since) }
}
