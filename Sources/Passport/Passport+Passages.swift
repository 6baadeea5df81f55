import Gazetteer
import TravelLog

extension Passport {
    /// A place that a location history only passed through: a county crossed on a motorway.
    public struct Passage: Sendable, Equatable {
        public let place: PlaceLink
        public let country: PlaceLink?
        public let region: PlaceLink?
        /// The local dates of the passages, sorted.
        public let dates: [String]
    }

    /// The places of `kind` that the location histories passed through (their `transit` rows)
    /// and that were never visited, by name then identifier.
    ///
    /// ```swift
    /// passport.passages(.subregion).map(\.place.name)   // ["Sierra County"]
    /// ```
    public func passages(_ kind: PlaceKind) -> [Passage] {
        let visited = Set(visits(kind).map(\.id))
        var found: [String: (place: PlaceLink, country: PlaceLink?, region: PlaceLink?, dates: Set<String>)] = [:]
        for d in days where d.isHistory && d.status == .transit {
            guard let place = d.places.link(kind), !visited.contains(place.id), let date = d.date else { continue }
            found[place.id, default: (place, d.country, d.region, [])].dates.insert(date)
        }
        return found.values.map { Passage(place: $0.place, country: $0.country, region: $0.region, dates: $0.dates.sorted()) }
            .sorted { ($0.place.name, $0.place.id) < ($1.place.name, $1.place.id) }
    }
}
