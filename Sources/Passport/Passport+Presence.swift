import TravelLog

/// The days one was present in one country in one year: what `atlas days` lists, for residence,
/// tax and visa day counts.
///
/// ```swift
/// for p in passport.presence(year: 2024) { print(p.country.name, p.days.count) }
/// ```
///
/// A day is a local date; a travel day counts for every country it touches (a photo, a mark or
/// a location history's point there that day, a drive through included), which is the rule
/// day counters for tax residence and visas use. Layovers at
/// an airport, photos in flight and the airports of a flight log are not presence (airside is
/// not entry); they are listed as transit days. Photos and histories are evidence of presence, not proof, and a day without either is not
/// counted: the figures are a lower bound.
///
/// A value type; `Sendable`.
public struct CountryPresence: Sendable, Equatable {
    public var year: Int
    public var country: PlaceLink
    /// Local dates with a visit (photo or mark), sorted.
    public var days: [String]
    /// Local dates with only transit there, sorted.
    public var transitDays: [String]
}

extension Passport {
    /// Presence per country and year, by year then country identifier; only `year` when given.
    public func presence(year: Int? = nil) -> [CountryPresence] {
        struct Key: Hashable { let year: Int, country: String }
        var present: [Key: Set<String>] = [:], transit: [Key: Set<String>] = [:], names: [String: PlaceLink] = [:]
        func add(_ date: String?, _ country: PlaceLink?, transitOnly: Bool) {
            guard let date, let country, let y = Int(date.prefix(4)), year.map({ $0 == y }) ?? true else { return }
            if names[country.id] == nil { names[country.id] = country }
            if transitOnly { transit[Key(year: y, country: country.id), default: []].insert(date) }
            else { present[Key(year: y, country: country.id), default: []].insert(date) }
        }
        // A location history's passage on the ground (no airport) is presence: a day driven
        // through Belgium is a day in Belgium, though not a visit.
        for d in days where d.status == .visit || d.status == .transit {
            add(d.date, d.country, transitOnly: d.status == .transit && !(d.isHistory && d.airport == nil))
        }
        for m in marks { add(m.date, PlaceLink(m.country), transitOnly: false) }
        for f in flights { for a in [f.from, f.to] { add(f.date, a.country, transitOnly: true) } }
        return Set(present.keys).union(transit.keys).map { key in
            let days = present[key] ?? []
            return CountryPresence(year: key.year, country: names[key.country]!, days: days.sorted(), transitDays: (transit[key] ?? []).subtracting(days).sorted())
        }.sorted { ($0.year, $0.country.id) < ($1.year, $1.country.id) }
    }
}
