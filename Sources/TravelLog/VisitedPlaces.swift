/// The countries, regions, cities and airports visited (``Visits/places``), as identifier → name:
/// what an import summary compares before and after.
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
}
