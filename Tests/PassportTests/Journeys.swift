import Foundation
import TravelLog
@testable import Passport

/// A generated traveller, held in memory: a home in Lyon, and around it
///
/// - home photos in most months of 2024 and two of 2025, and a weekend in Saint-Étienne
///   (50 km: no trip) in February;
/// - Japan, 2024-04-01 to 04-11: the morning at home, a layover at Frankfurt airport and a photo
///   in flight on the first day, Tokyo, a photo without a position on 04-06, Kyoto, a mark of
///   Nara on 04-08, nothing on 04-09, Osaka, and only a photo in flight on 04-11; home 04-12;
/// - Paris on 06-01 and 06-02, home on 06-03, Lisbon on 06-04 and 06-05 (two trips);
/// - Milan on 09-20 and again on 09-24, three empty days between (two trips);
/// - a mark of Iceland on 10-05 (a trip of its own) and one of Saint-Étienne on 10-20 (none);
/// - Vienna from 2024-12-30 to 2025-01-02, across New Year.
enum Journeys {
    struct Spot {
        let lat: Double, lon: Double
        let continent: String, country: (String, String), region: (String, String), city: (String, String)
        var airport: (String, String)? = nil

        func link(_ pair: (String, String)) -> PlaceLink { PlaceLink(id: pair.0, name: pair.1) }
    }

    static let lyon = Spot(lat: 45.7640, lon: 4.8357, continent: "EU", country: ("country:FR", "France"),
                           region: ("region:FR.84", "Auvergne-Rhône-Alpes"), city: ("city:2996944", "Lyon"))
    static let saintEtienne = Spot(lat: 45.4340, lon: 4.3900, continent: "EU", country: ("country:FR", "France"),
                                   region: ("region:FR.84", "Auvergne-Rhône-Alpes"), city: ("city:2980291", "Saint-Étienne"))
    static let paris = Spot(lat: 48.8566, lon: 2.3522, continent: "EU", country: ("country:FR", "France"),
                            region: ("region:FR.11", "Île-de-France"), city: ("city:2988507", "Paris"))
    static let frankfurtAirport = Spot(lat: 50.0379, lon: 8.5622, continent: "EU", country: ("country:DE", "Germany"),
                                       region: ("region:DE.05", "Hesse"), city: ("city:2925533", "Frankfurt am Main"),
                                       airport: ("airport:FRA", "Frankfurt am Main Airport"))
    static let overRussia = Spot(lat: 60.0, lon: 90.0, continent: "AS", country: ("country:RU", "Russia"),
                                 region: ("region:RU.KYA", "Krasnoyarsk Krai"), city: ("city:1502026", "Krasnoyarsk"))
    static let overKazakhstan = Spot(lat: 48.0, lon: 68.0, continent: "AS", country: ("country:KZ", "Kazakhstan"),
                                     region: ("region:KZ.KAR", "Karaganda"), city: ("city:609655", "Karagandy"))
    static let tokyo = Spot(lat: 35.6762, lon: 139.6503, continent: "AS", country: ("country:JP", "Japan"),
                            region: ("region:JP.40", "Tokyo"), city: ("city:1850147", "Tokyo"))
    static let kyoto = Spot(lat: 35.0116, lon: 135.7681, continent: "AS", country: ("country:JP", "Japan"),
                            region: ("region:JP.22", "Kyoto"), city: ("city:1857910", "Kyoto"))
    static let osaka = Spot(lat: 34.6937, lon: 135.5023, continent: "AS", country: ("country:JP", "Japan"),
                            region: ("region:JP.32", "Osaka"), city: ("city:1853909", "Osaka"))
    static let milan = Spot(lat: 45.4642, lon: 9.1900, continent: "EU", country: ("country:IT", "Italy"),
                            region: ("region:IT.09", "Lombardy"), city: ("city:3173435", "Milan"))
    static let lisbon = Spot(lat: 38.7223, lon: -9.1393, continent: "EU", country: ("country:PT", "Portugal"),
                             region: ("region:PT.14", "Lisbon"), city: ("city:2267057", "Lisbon"))
    static let vienna = Spot(lat: 48.2082, lon: 16.3738, continent: "EU", country: ("country:AT", "Austria"),
                             region: ("region:AT.09", "Vienna"), city: ("city:2761369", "Vienna"))

    /// A photo at `spot` at local time `time` (`YYYY-MM-DDTHH:MM:SS`), with its UTC offset.
    static func photo(_ time: String, _ spot: Spot?, offsetHours: Int = 2, altitude: Double? = nil) -> VisitPhoto {
        var p = VisitPhoto(path: "/photos/\(time)-\(spot?.city.1 ?? "nowhere").jpg")
        (p.takenLocal, p.utcOffsetSeconds, p.altitude) = (time, offsetHours * 3600, altitude)
        guard let spot else { return p }
        (p.latitude, p.longitude) = (spot.lat, spot.lon)
        p.continent = PlaceLink(id: "continent:" + spot.continent, name: spot.continent)
        (p.country, p.region, p.city) = (spot.link(spot.country), spot.link(spot.region), spot.link(spot.city))
        p.airport = spot.airport.map(spot.link)
        return p
    }

    static func mark(_ spot: Spot, _ date: String) -> Mark {
        var m = Mark(placeID: spot.city.0, placeName: spot.city.1, date: date)
        (m.continent, m.country, m.region, m.city) = (PlaceLink(id: "continent:" + spot.continent, name: spot.continent), PlaceLink(id: spot.country.0, name: spot.country.1),
                                                      PlaceLink(id: spot.region.0, name: spot.region.1), PlaceLink(id: spot.city.0, name: spot.city.1))
        return m
    }

    static let iceland: Mark = {
        var m = Mark(placeID: "country:IS", placeName: "Iceland", date: "2024-10-05")
        (m.continent, m.country) = (PlaceLink(id: "continent:EU", name: "Europe"), PlaceLink(id: "country:IS", name: "Iceland"))
        return m
    }()

    static var photos: [VisitPhoto] {
        var out: [VisitPhoto] = []
        for month in ["01", "02", "03", "05", "07", "09", "11"] { out.append(photo("2024-\(month)-10T12:00:00", lyon)) }
        out += [photo("2025-01-10T12:00:00", lyon), photo("2025-02-10T12:00:00", lyon)]
        out += [photo("2024-02-17T12:00:00", saintEtienne), photo("2024-02-18T12:00:00", saintEtienne)]
        // Japan.
        out += [photo("2024-04-01T08:00:00", lyon), photo("2024-04-01T12:00:00", frankfurtAirport),
                photo("2024-04-01T20:00:00", overRussia, altitude: 11_000)]
        out += [photo("2024-04-02T10:00:00", tokyo, offsetHours: 9), photo("2024-04-02T18:00:00", tokyo, offsetHours: 9)]
        for day in ["03", "04", "05"] { out.append(photo("2024-04-\(day)T12:00:00", tokyo, offsetHours: 9)) }
        out.append(photo("2024-04-06T12:00:00", nil, offsetHours: 9))
        out.append(photo("2024-04-07T12:00:00", kyoto, offsetHours: 9))
        out.append(photo("2024-04-10T12:00:00", osaka, offsetHours: 9))
        out.append(photo("2024-04-11T14:00:00", overKazakhstan, offsetHours: 5, altitude: 10_500))
        out.append(photo("2024-04-12T12:00:00", lyon))
        // Paris, home, Lisbon.
        out += [photo("2024-06-01T12:00:00", paris), photo("2024-06-02T12:00:00", paris), photo("2024-06-03T12:00:00", lyon),
                photo("2024-06-04T12:00:00", lisbon, offsetHours: 1), photo("2024-06-05T12:00:00", lisbon, offsetHours: 1)]
        out += [photo("2024-09-20T12:00:00", milan), photo("2024-09-24T12:00:00", milan)]
        for day in ["2024-12-30", "2024-12-31", "2025-01-01", "2025-01-02"] { out.append(photo(day + "T12:00:00", vienna, offsetHours: 1)) }
        return out
    }

    static var marks: [Mark] { [mark(kyoto, "2024-04-08").renamed("city:1855612", "Nara", region: ("region:JP.42", "Nara")), iceland, mark(saintEtienne, "2024-10-20")] }

    static func passport(homes: [Home] = [], edits: [TripEdit] = [], extra: [VisitPhoto] = [], flights: [Flight] = []) -> Passport {
        Passport(photos: photos + extra, marks: marks, homes: homes, tripEdits: edits, flights: flights)
    }

    /// An airport of a flight log, at its published position.
    static func airport(_ code: String, _ country: (String, String), _ lat: Double, _ lon: Double) -> Flight.Airport {
        var a = Flight.Airport(place: PlaceLink(id: "airport:" + code, name: code), code: code)
        (a.latitude, a.longitude, a.country) = (lat, lon, PlaceLink(id: country.0, name: country.1))
        return a
    }

    static let lys = airport("LYS", lyon.country, 45.7256, 5.0811), lis = airport("LIS", lisbon.country, 38.7813, -9.1359)
    static let hnd = airport("HND", tokyo.country, 35.5494, 139.7798), fra = airport("FRA", frankfurtAirport.country, 50.0379, 8.5622)
    static let cdg = airport("CDG", paris.country, 49.0097, 2.5479), kef = airport("KEF", ("country:IS", "Iceland"), 63.9850, -22.6056)

    /// To Lisbon on a day with photos there; back from Tokyo on a day with none in Japan or
    /// Germany; Paris to Iceland with no photo at all.
    static let flights = [Flight(date: "2024-06-04", from: lys, to: lis, flightNumber: "TP481"),
                          Flight(date: "2024-04-11", from: hnd, to: fra, flightNumber: "LH715"),
                          Flight(date: "2023-05-01", from: cdg, to: kef)]

    /// Great-circle kilometres, written here from the haversine formula on a 6,371 km sphere.
    static func km(_ a: Spot, _ b: Spot) -> Double { km(a.lat, a.lon, b.lat, b.lon) }

    static func km(_ lat1: Double, _ lon1: Double, _ lat2: Double, _ lon2: Double) -> Double {
        let rad = Double.pi / 180
        let h = pow(sin((lat2 - lat1) * rad / 2), 2) + cos(lat1 * rad) * cos(lat2 * rad) * pow(sin((lon2 - lon1) * rad / 2), 2)
        return 2 * 6371 * asin(sqrt(h))
    }
}

private extension Mark {
    func renamed(_ id: String, _ name: String, region: (String, String)) -> Mark {
        var m = Mark(placeID: id, placeName: name, date: date)
        (m.continent, m.country, m.region, m.city) = (continent, country, PlaceLink(id: region.0, name: region.1), PlaceLink(id: id, name: name))
        return m
    }
}
