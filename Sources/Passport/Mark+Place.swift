import Foundation
import Gazetteer
import TravelLog

extension Mark {
    /// A mark of `place` with the snapshot of its names and lineage.
    public init(place: Place, date: String?, note: String?) {
        self.init(placeID: place.id.description, placeName: place.name, date: date, note: note)
        (continent, country, region, city) = (place.link(.continent), place.link(.country), place.link(.region), place.link(.city))
    }

    /// `YYYY-MM-DD`, a real calendar date.
    public static func isValidDate(_ text: String) -> Bool { CalendarDay(text) != nil }
}
