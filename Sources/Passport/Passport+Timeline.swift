import TravelLog
extension Passport {
    /// One period of the timeline: the places first visited in it.
    public struct Period: Sendable, Equatable {
        /// `YYYY` or `YYYY-MM`.
        public let period: String
        public var countries: [PlaceLink] = []
        public var regions: [PlaceLink] = []
        public var cities: [PlaceLink] = []
    }

    /// New countries, regions and cities per year (`monthly` false) or month, oldest first;
    /// within a period in the order they were first visited (then by identifier).
    public func timeline(monthly: Bool) -> [Period] {
        var periods: [String: Period] = [:]
        for level in [Level.country, .region, .city] {
            for v in visits(level).sorted(by: { ($0.firstDate ?? "", $0.id) < ($1.firstDate ?? "", $1.id) }) {
                guard let first = v.firstDate else { continue }
                let key = String(first.prefix(monthly ? 7 : 4))
                var p = periods[key] ?? Period(period: key)
                let link = PlaceLink(id: v.id, name: v.name)
                switch level {
                case .country: p.countries.append(link)
                case .region: p.regions.append(link)
                default: p.cities.append(link)
                }
                periods[key] = p
            }
        }
        return periods.values.sorted { $0.period < $1.period }
    }
}
