/// What a map shows: the places visited with their days, the cities and airports as points,
/// and the words around the picture. Built by the caller (the `atlas map` command builds it from
/// the passport); ``MapPicture`` draws it.
///
/// ```swift
/// var content = MapContent(title: "Where I have been", subtitle: "4 of 195 countries · 10 cities")
/// content.days = ["country:FR": 5, "country:IT": 3]
/// content.cities = [.init(id: "city:2996944", name: "Lyon", longitude: 4.85, latitude: 45.75, days: 3)]
/// ```
///
/// A value type; `Sendable`.
public struct MapContent: Sendable, Equatable {
    /// A point on the map: a city (sized by days) or an airport.
    public struct Spot: Sendable, Equatable {
        public var id: String
        public var name: String
        public var longitude: Double
        public var latitude: Double
        public var days: Int

        public init(id: String, name: String, longitude: Double, latitude: Double, days: Int) {
            (self.id, self.name, self.longitude, self.latitude, self.days) = (id, name, longitude, latitude, days)
        }
    }

    /// Countries only, or regions over the countries.
    public var level: MapShape.Kind = .country
    public var title: String
    /// The counts under the title ("4 of 195 countries · 10 cities").
    public var subtitle: String
    /// Days spent in each visited country or region, by identifier.
    public var days: [String: Int] = [:]
    public var cities: [Spot] = []
    public var airports: [Spot] = []
    /// The credit line of the data (``Gazetteer/attribution``).
    public var attribution = ""
    /// The area shown; nil for the whole world.
    public var box: GeoBox?

    public init(title: String, subtitle: String) { (self.title, self.subtitle) = (title, subtitle) }
}
