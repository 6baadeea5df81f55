import Foundation
import Gazetteer
import TravelLog

extension Mark {
    /// A mark of `place` with the snapshot of its names and lineage.
    public init(place: Place, date: String?, note: String?) {
        self.init(placeID: place.id.description, placeName: place.name, date: date, note: note)
        func link(_ kind: PlaceKind) -> (id: String, name: String)? {
            if place.kind == kind { return (place.id.description, place.name) }
            return place.ancestor(kind).map { ($0.id.description, $0.name) }
        }
        (continent, country, region, city) = (link(.continent), link(.country), link(.region), link(.city))
    }

    /// `YYYY-MM-DD`, a real calendar date.
    public static func isValidDate(_ text: String) -> Bool {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = TimeZone(secondsFromGMT: 0)
        f.dateFormat = "yyyy-MM-dd"
        guard text.count == 10, let d = f.date(from: text) else { return false }
        return f.string(from: d) == text
    }
}
