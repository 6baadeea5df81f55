import TravelLog

extension Passport {
    /// A trip's generated title: its main places and its month. Abroad, the countries other than
    /// home's, most days first ("France, Italy & Portugal, July 2024"); at home, the regions, or
    /// within one region its cities when there are one or two ("Paris, May 2024"). Three names
    /// at most ("…, Spain & 2 more"); the months of the start and end ("July–August 2024",
    /// "December 2024 – January 2025"). Cities of which one is among `namesakes` (a more
    /// populous city elsewhere has its name) are followed by their region, since the name alone
    /// reads as the other place ("Aberdeen, Washington, May 2017").
    static func title(_ trip: Trip, homeCountry: String?, namesakes: Set<String> = []) -> String {
        let abroad = trip.countries.filter { $0.place.id != homeCountry }
        var names: [String]
        var region = ""
        if !abroad.isEmpty {
            names = abroad.map(\.place.name)
        } else if trip.regions.count == 1, (1...2).contains(trip.cities.count) {
            names = trip.cities.map(\.place.name)
            if trip.cities.contains(where: { namesakes.contains($0.place.id) }) { region = ", " + trip.regions[0].place.name }
        } else {
            names = (trip.regions.isEmpty ? trip.countries : trip.regions).map(\.place.name)
        }
        if names.isEmpty { names = trip.transit.map(\.place.name) }
        let shown = names.count > 3 ? Array(names.prefix(3)) + ["\(names.count - 3) more"] : names
        let list = shown.count <= 1 ? (shown.first ?? "Trip") : shown.dropLast().joined(separator: ", ") + " & " + shown.last!
        return list + region + ", " + months(trip.start, trip.end)
    }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
                             "November", "December"]

    static func months(_ start: String, _ end: String) -> String {
        guard let a = CalendarDay(start)?.components, let b = CalendarDay(end)?.components else { return start }
        let (m1, m2) = (monthNames[a.month - 1], monthNames[b.month - 1])
        if a.year != b.year { return "\(m1) \(a.year) – \(m2) \(b.year)" }
        return a.month == b.month ? "\(m1) \(a.year)" : "\(m1)–\(m2) \(a.year)"
    }
}
