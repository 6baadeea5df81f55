import TravelLog
@testable import Passport

/// Travellers drawn by country only, for the day rules' tests (`SchengenTests`,
/// `DaysThatCountTests`): one place per country code, and a photo or a mark there at an hour.
extension Journeys {
    /// The one place of `country` (a code such as `FR`), at its airport when `airport`.
    static func spot(in country: String, airport: Bool = false) -> Spot {
        Spot(lat: 45, lon: 5, continent: "EU", country: ("country:" + country, country), region: ("region:\(country).1", country + " 1"),
             city: ("city:\(country)", "City of " + country), airport: airport ? ("airport:" + country, "Airport of " + country) : nil)
    }

    /// What is seen there: photos on the ground, at the airport only, at 11,000 m, or a mark.
    enum Sighted { case photo, layover, inFlight, mark }

    /// Adds what was seen in `country` on `date` at `hour` (marks have no time).
    static func add(_ kind: Sighted, _ date: String, _ country: String, hour: Int, minute: Int = 0, to photos: inout [VisitPhoto], _ marks: inout [Mark]) {
        let time = date + "T" + (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute):00"
        switch kind {
        case .photo: photos.append(photo(time, spot(in: country)))
        case .layover: photos.append(photo(time, spot(in: country, airport: true)))
        case .inFlight: photos.append(photo(time, spot(in: country), altitude: 11_000))
        case .mark: marks.append(mark(spot(in: country), date))
        }
    }
}
