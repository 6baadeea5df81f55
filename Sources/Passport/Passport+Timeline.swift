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
                let link = PlaceLink(id: v.id, name: v.name)
                // Appended in place: a period copied out of the dictionary and stored back copied
                // its whole list at every append (the spread log's 1,800 cities in one year).
                switch level {
                case .country: periods[key, default: Period(period: key)].countries.append(link)
                case .region: periods[key, default: Period(period: key)].regions.append(link)
                default: periods[key, default: Period(period: key)].cities.append(link)
                }
            }
        }
        return periods.values.sorted { $0.period < $1.period }
    }
}
