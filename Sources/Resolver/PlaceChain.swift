import Gazetteer

/// The answer to "which place is this coordinate?": continent, country, region, city and
/// airport with distances, what kind of ground or water it is, and how sure the answer is.
///
/// ```swift
/// let chain = try resolver.resolve(GeoCoordinate(latitude: 42.3149, longitude: -83.0364))
/// chain.country?.name   // "Canada"  (Windsor, not Detroit)
/// chain.region?.id      // region:CA.08
/// ```
///
/// Its levels are a ``PlaceLineage`` (``places``), read by name through it (`chain.city`) or by
/// kind (`chain.places[.city]`).
@dynamicMemberLookup
public struct PlaceChain: Sendable, Equatable {
    public let coordinate: GeoCoordinate
    /// The continent, country, region, city (the municipality, town or village a traveller
    /// names, `city:3169070` Rome, also when the point lies in one of its districts), district
    /// (the neighbourhood, arrondissement, ward or borough of the city nearest to the point,
    /// `district:6545149` Campitelli, when the gazetteer has one there) and airport.
    public var places = PlaceLineage<Link>()
    /// The nearest place when it lies beyond ``Resolver/cityReachKm`` and so is no city of the
    /// point: said ("near Laugar, 81.8 km"), never counted as visited.
    public var nearestPlace: Link?
    /// How the subregion was found: `polygon` (inside its outline) or `city` (the unit of the
    /// city, where the gazetteer has no polygons for the country).
    public var subregionBasis: String?
    public var waters: Waters
    /// Distance to the nearest region or country border, when under 5 km.
    public var borderKm: Double?
    /// The boundary quality of the region (or country) that decided the answer:
    /// `natural-earth-lines`, `split`, `approximate`, ...
    public var boundaryQuality: String?
    /// The nearest city without the containment constraint lies in another region or country:
    /// the case naive nearest-city tools get wrong.
    public var nearestCityElsewhere: Bool
    /// The IANA time zone of the point (`America/Denver`), from the zone polygons (at sea, the
    /// land zone whose territorial sea holds it); in international waters the nautical zone of
    /// its longitude (`Etc/GMT+5`).
    public var timeZone: String

    public init(coordinate: GeoCoordinate, waters: Waters) {
        self.coordinate = coordinate
        self.waters = waters
        nearestCityElsewhere = false
        timeZone = Self.nauticalZone(longitude: coordinate.longitude)
    }

    /// The nautical time zone of a longitude: 15° strips centred on multiples of 15°, the two
    /// beside the antimeridian 7.5° wide, named as POSIX signs them (west of Greenwich is
    /// `Etc/GMT+N`). The ocean's zones in the zone polygons are drawn the same way.
    ///
    /// ```swift
    /// PlaceChain.nauticalZone(longitude: -40)   // "Etc/GMT+3"
    /// ```
    public static func nauticalZone(longitude: Double) -> String {
        let hours = max(-12, min(12, Int(((longitude + 7.5) / 15).rounded(.down))))
        return hours == 0 ? "Etc/GMT" : hours > 0 ? "Etc/GMT-\(hours)" : "Etc/GMT+\(-hours)"
    }

    init(coordinate: GeoCoordinate, places: PlaceLineage<Link>, nearestPlace: Link? = nil, subregionBasis: String? = nil, waters: Waters,
         borderKm: Double?, boundaryQuality: String?, nearestCityElsewhere: Bool, timeZone: String) {
        self.coordinate = coordinate
        self.places = places
        self.subregionBasis = subregionBasis
        self.nearestPlace = nearestPlace
        self.waters = waters
        self.borderKm = borderKm
        self.boundaryQuality = boundaryQuality
        self.nearestCityElsewhere = nearestCityElsewhere
        self.timeZone = timeZone
    }

    /// A level by name: `chain.country`.
    @inlinable
    public subscript(dynamicMember level: WritableKeyPath<PlaceLineage<Link>, Link?>) -> Link? {
        get { places[keyPath: level] }
        set { places[keyPath: level] = newValue }
    }
}
