/// The countries, regions, cities and airports a travel log has photos from (hand-set places included),
/// as identifier → name.
///
/// ```swift
/// let before = try log.visitedPlaces()
/// // ... import ...
/// let new = try log.visitedPlaces().subtracting(before)
/// new.countries.values.sorted()   // ["Japan", "South Korea", "Taiwan"]
/// ```
public struct VisitedPlaces: Sendable, Equatable {
    public var countries: [String: String] = [:]
    public var regions: [String: String] = [:]
    public var cities: [String: String] = [:]
    public var airports: [String: String] = [:]

    public init() {}

    /// The places in `self` that are not in `other`.
    public func subtracting(_ other: VisitedPlaces) -> VisitedPlaces {
        var out = VisitedPlaces()
        out.countries = countries.filter { other.countries[$0.key] == nil }
        out.regions = regions.filter { other.regions[$0.key] == nil }
        out.cities = cities.filter { other.cities[$0.key] == nil }
        out.airports = airports.filter { other.airports[$0.key] == nil }
        return out
    }

    /// `self` with the places of `other` it lacks; a name `self` has is kept.
    public func union(_ other: VisitedPlaces) -> VisitedPlaces {
        var out = self
        out.countries.merge(other.countries) { mine, _ in mine }
        out.regions.merge(other.regions) { mine, _ in mine }
        out.cities.merge(other.cities) { mine, _ in mine }
        out.airports.merge(other.airports) { mine, _ in mine }
        return out
    }

    /// Adds the country, region, city and airport of a place.
    public mutating func insert(_ place: PlaceSnapshot) {
        if let c = place.country { countries[c.id.description] = c.name }
        if let r = place.region { regions[r.id.description] = r.name }
        if let c = place.city { cities[c.id.description] = c.name }
        if let a = place.airport { airports[a.id.description] = a.name }
    }
}
