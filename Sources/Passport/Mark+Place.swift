import Foundation
import Gazetteer
import TravelLog

extension Mark {
    /// A mark of `place` with the snapshot of its names and lineage.
    public init(place: Place, date: String?, note: String?) {
        self.init(placeID: place.id.description, placeName: place.name, date: date, note: note)
        func link(_ kind: PlaceKind) -> (id: String, name: String)? { place.link(kind).map { ($0.id, $0.name) } }
        (continent, country, region, city) = (link(.continent), link(.country), link(.region), link(.city))
    }

    /// `YYYY-MM-DD`, a real calendar date.
    public static func isValidDate(_ text: String) -> Bool { CalendarDay(text) != nil }
}
